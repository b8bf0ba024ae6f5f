// A stage of boot.ts: importing this evaluates React DOM, the largest library, in a task of its own.
export { hydrateRoot } from 'react-dom/client';
