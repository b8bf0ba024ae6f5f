// What the reader's screens (features/posts) may use: the sidebar and the error page beside it.
export { ReaderError } from './reader-error.js';
export { Sidebar } from './sidebar.js';
