import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
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

/**
 * Mantine's ScrollArea takes `useMergeRefs` from `@floating-ui/react`, so every page with a Table
 * (Table.ScrollContainer) would carry floating-ui. Its import is served by
 * src/app/scroll-area-merge-refs.ts instead; every other importer gets the real library.
 */
const scrollAreaWithoutFloatingUi: Plugin = {
  name: 'fieldwork:scroll-area-without-floating-ui',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== '@floating-ui/react') return null;
    if (
      !importer ||
      !/@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
    ) {
      return null;
    }
    return fileURLToPath(new URL('./src/app/scroll-area-merge-refs.ts', import.meta.url));
  },
};

export default defineConfig({
  plugins: [
    react(),
    contractWithoutSideEffects,
    scrollAreaWithoutFloatingUi,
    emptyEnvScriptInDev,
    precompress(),
  ],
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs reads the first-load set from it.
    manifest: true,
    // No modulepreload polyfill (~0.3 KB gzip on every first load): every browser the app
    // supports but Safari 16 preloads modules itself, and without preloading a chunk still loads
    // when it is imported, only a moment later.
    modulePreload: { polyfill: false },
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
            {
              // The pieces of a list page (Mantine's table, pager, filters, loading and empty
              // states, and ours around them) in one file: loaded as a dozen small chunks they cost ~10% more gzip.
              name: 'list-kit',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Checkbox|InlineInput|Table|Badge|Skeleton|Pagination|SegmentedControl|FloatingIndicator|Center|Anchor|List|ScrollArea|EmptyState)[\\/]|apps[\\/]web[\\/]src[\\/]ui[\\/](data-table[\\/](RecordTable|RowActionsButton|SearchInput|SkeletonRows|SortableTh|TablePager|sorting|pagination-range|ExportCsvButton|use-url-state)|feedback[\\/](ErrorState|ListEmptyState|PageLoader|confirm-deletion)|PageHeader)\.tsx?$|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)/,
            },
            {
              // What the shell and nearly every page use (session, API access, buttons, inputs,
              // the drawer's scroll lock): one file. Left to itself the build cuts them into a
              // few dozen tiny chunks shared by the lazy pages, ~12 KB more gzip on first load.
              name: 'shell-kit',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|Avatar|Button|Input|InputBase|Stack|Title|ThemeIcon|VisuallyHidden|UnstyledButton|Loader)[\\/]|node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce)[\\/]|apps[\\/]web[\\/]src[\\/](session|api)[\\/]/,
            },
            {
              // What dropdowns, menus and tooltips are positioned with: only what loads on use
              // needs it (left to itself the build put it in the entry chunk).
              name: 'floating',
              test: /node_modules[\\/](@floating-ui|tabbable)[\\/]/,
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
    // A page test waits up to 5 s for each thing it expects (test/render.tsx); a test that waits
    // for several on a loaded 2-core machine needs more than vitest's default 5 s in all.
    testTimeout: 20_000,
    // A worker keeps React, Mantine and the pages it imported from one file to the next (re-importing
    // them per file was two thirds of the suite's time: 559 s → 159 s). Files stay independent
    // through test/setup.ts, which unmounts, clears the toasts, the session and storage after each test.
    isolate: false,
  },
});
