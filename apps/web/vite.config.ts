import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The shared contract also holds the zod schemas the server validates with. Its modules only
 * declare values, so the web build may drop what it does not import (zod included).
 */
const contractWithoutSideEffects: Plugin = {
  name: 'fieldwork:contract-without-side-effects',
  transform(_code, id) {
    if (/\/packages\/contract\/src\//.test(id)) return { moduleSideEffects: false };
    return null;
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
  plugins: [react(), contractWithoutSideEffects, emptyEnvScriptInDev],
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-[a-z-]+)[\\/]/,
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
