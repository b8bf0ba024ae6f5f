// A stage of boot.ts: importing this evaluates React and React Router, in a task of their own.
// Named exports rather than `import('react-router')`, which would keep the whole library.
export { createBrowserRouter, matchRoutes } from 'react-router';
export { RouterProvider } from 'react-router/dom';
