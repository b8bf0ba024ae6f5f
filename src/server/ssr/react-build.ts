import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Which of React's builds this process loaded, from the modules it holds. React picks its
 * development build unless NODE_ENV is `production`, and that build renders several times slower
 * (checks and warnings on every element): worth a line in the log of a server.
 */
export function loadedReactBuild(): 'production' | 'development' {
  const development = Object.keys(require.cache).some((file) =>
    /[\\/]react-dom[\\/]cjs[\\/][^\\/]*\.development\.js$/.test(file),
  );
  return development ? 'development' : 'production';
}
