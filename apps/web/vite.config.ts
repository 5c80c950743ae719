import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './build-tools/precompress';

/**
 * Where the contract builds a value by a call (`z.object(…)`, `recordSchema.extend(…)`, a helper
 * such as `text(50)`): a top-level declaration's initializer, or a property of an object literal
 * (field lists shared by several schemas). A pure annotation there lets the build drop the call
 * when nothing reads its result.
 */
const CONTRACT_CALLS = [
  /^((?:export )?const [\w$]+(?::[^=\n]+)? = )(?=[A-Za-z_$][\w$]*\s*[.(\n])/gm,
  /^(\s+[\w$]+: )(?=[A-Za-z_$][\w$]*\s*[.(])/gm,
];

/**
 * The shared contract also holds the zod schemas the server validates with. Its modules only
 * declare values, so the web build may drop what it does not import, zod included: the module is
 * free of side effects, and each schema built at the top level is marked pure, so a page that
 * needs one constant of a module does not pull in every schema beside it (nor zod).
 */
const contractWithoutSideEffects: Plugin = {
  name: 'fieldwork:contract-without-side-effects',
  transform(code, id) {
    if (!/\/packages\/contract\/src\//.test(id)) return null;
    return {
      code: CONTRACT_CALLS.reduce(
        (marked, call) => marked.replace(call, '$1/* @__PURE__ */ '),
        code,
      ),
      map: null,
      moduleSideEffects: false,
    };
  },
};

/**
 * In production the server that serves the build answers /env.js with the runtime configuration.
 * The dev server has none: an empty script keeps the console clean, and the app falls back to the
 * API on port 3333 of the same host.
 */
const emptyEnvScriptInDev: Plugin = {
  name: 'fieldwork:empty-env-script-in-dev',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use('/env.js', (_request, response) => {
      response.setHeader('Content-Type', 'application/javascript');
      response.end('/* Vite dev server: no runtime configuration, the app uses its fallbacks. */');
    });
  },
};

export default defineConfig({
  plugins: [react(), contractWithoutSideEffects, emptyEnvScriptInDev, precompress()],
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs reads the first-load set from it.
    manifest: true,
    // A zod call inside a contract schema is pure too (`z.string().min(1)` as an argument).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // Libraries every page runs, in one file that stays cached across releases. The rest
          // splits as the app imports it: the first page does not carry what later pages use.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
