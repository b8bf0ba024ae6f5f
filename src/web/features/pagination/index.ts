export { Pagination } from './pagination.js';
