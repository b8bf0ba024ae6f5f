import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The `no-restricted-imports` setting that forbids imports matching any of `patterns`. */
const forbidImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// The web app never imports server code: it reaches the server only through the JSON API.
const webNotServer = {
  group: ['**/server/**', '**/cli/**', 'node:*'],
  message: 'The web app must not import server code.',
};

// Imports run one way, shared → features → app: only the app (the route table, the root route,
// the entries) names the features' route modules.
const webNotApp = {
  group: ['**/root.js', '**/routes.js', '**/entry.client.js', '**/entry.server.js', '**/boot.js'],
  message: 'Features and shared web code must not import the app layer.',
};

/**
 * A feature (src/web/features/<name>/) reaches another only through that one's public index.ts,
 * so that its other files can change freely. Relative paths cannot say which folder they start
 * from, hence one block per depth: a file `depth` folders inside its feature climbs `depth + 1`
 * levels to reach a sibling feature.
 */
function featureBoundaries(depths) {
  return depths.map((depth) => ({
    files: [`src/web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: forbidImports(webNotServer, webNotApp, {
      regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/(?!index\\.js$)|(^|/)features/[^/]+/(?!index\\.js$)`,
      message: 'Import another feature only through its index.ts (features/<name>/index.js).',
    }),
  }));
}

/**
 * The server's layers run routes → services → repositories → db. A route reaches the store
 * through a service (app.ctx), never a repository of its own (their types may be named); a
 * repository holds one domain's SQL and never reaches into another domain's folder, nor up into
 * services or routes; a service never imports a route.
 */
function serverLayers() {
  const restrict = (...patterns) => ({
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
  });
  const upward = (message, group) => ({ group, message });
  return [
    {
      files: ['src/server/routes/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: restrict({
        group: ['**/*.repository.js'],
        allowTypeImports: true,
        message: 'A route reaches the store through a service (app.ctx), not a repository.',
      }),
    },
    {
      files: ['src/server/**/*.repository.ts'],
      rules: restrict(
        {
          regex: '^(\\.\\./)+[^./][^/]*/(.*/)?[^/]*\\.repository\\.js$',
          message: "A repository must not import another domain's repository.",
        },
        upward('A repository must not import a service or a route.', [
          '**/*.service.js',
          '**/routes/**',
        ]),
      ),
    },
    {
      files: ['src/server/**/*.service.ts'],
      rules: restrict(upward('A service must not import a route.', ['**/routes/**'])),
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.scratch/', 'test-results/', '.bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbidImports(webNotServer) },
  },
  // The shared layer (components/, data/) is used by the features, so it never imports one.
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/data/**/*.{ts,tsx}'],
    rules: forbidImports(webNotServer, webNotApp, {
      regex: '(^|/)features/',
      message: 'Shared web code must not import a feature.',
    }),
  },
  ...featureBoundaries([0, 1, 2]),
  {
    files: ['src/shared/**/*.ts'],
    // Shared code runs on both sides: no Node built-ins, no React, no server or web imports.
    rules: forbidImports({
      group: ['node:*', 'react', 'react-*', '**/server/**', '**/web/**', '**/cli/**'],
      message: 'src/shared is used by server and browser alike.',
    }),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: forbidImports({
      group: ['**/web/**'],
      message: 'The server reaches the web app only through its build.',
    }),
  },
  ...serverLayers(),
  // A pattern whose time grows with the square of its input (or worse) lets one long header, path
  // or pasted text hold a core: the time of every pattern stays linear. Tests match fixed text.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  // A file does one thing and a function (a React component too) one step: past these sizes,
  // split. Tests are exempt: a table of cases is long without being tangled.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
);
