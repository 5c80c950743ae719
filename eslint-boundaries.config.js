import boundaries from 'eslint-plugin-boundaries';

/**
 * Modules meet through their index.ts and depend on each other one way (ARCHITECTURE.md, "Module
 * boundaries"):
 *
 * - a server module (apps/server/src/modules/<domain>) or a web feature
 *   (apps/web/src/features/<domain>) is imported from outside only through its index.ts (a page
 *   the route table loads lazily with import() is the one exception: it is its own chunk);
 * - the server's platform/ never imports a module; the web app's shared pieces (ui/, app/, api/,
 *   session/, …) never import a feature or routes/, and features never import routes/;
 * - no import cycle closes between modules, nor between files: `node scripts/module-graph.mjs
 *   --check`, a step of `npm test` (it was import-x/no-cycle, a fifth of the lint's time; the
 *   script reads the same imports with TypeScript's parser in about 4 s).
 *
 * Tests (and `*-testing.ts` helpers) may reach anything they test. The rules and the script are
 * proved to fail on a deliberately added cycle, deep import and upward import by
 * apps/server/test/architecture/module-boundaries.test.ts.
 */
export function moduleBoundaries() {
  return [
    {
      files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}', '**/*-testing.{ts,tsx}', '**/test/**'],
      plugins: { boundaries },
      settings: {
        'import/resolver': { typescript: {} },
        'boundaries/elements': [
          { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
          { type: 'server-platform', pattern: 'apps/server/src/platform' },
          { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
          { type: 'web-routes', pattern: 'apps/web/src/routes' },
          {
            type: 'web-shared',
            pattern: 'apps/web/src/{ui,app,api,session,analytics,config}',
          },
        ],
      },
      rules: {
        'boundaries/dependencies': ['error', { default: 'allow', policies: POLICIES }],
      },
    },
  ];
}

const POLICIES = [
  {
    from: { element: { type: 'server-platform' } },
    disallow: { to: { element: { type: 'server-module' } } },
    message: 'The platform does not import modules: offer an extension point that they fill.',
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-routes'] } } } },
    message: 'Shared pieces (ui/, app/, api/, session/) do not import features or routes/.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-routes' } } },
    message: 'Features do not import routes/: route paths and layouts live in app/.',
  },
  {
    disallow: {
      to: {
        element: {
          types: { anyOf: ['server-module', 'web-feature'] },
          fileInternalPath: '!index.{ts,tsx}',
        },
      },
      // A page the route table loads lazily (import()) is an entry of its own: its chunk holds
      // that page, not every export of the feature.
      dependency: { nodeKind: '!dynamic-import' },
    },
    message: 'Import another module through its index.ts.',
  },
];
