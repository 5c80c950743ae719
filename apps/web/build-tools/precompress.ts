import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser loads (not the source maps, which only developer tools fetch). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * After the build, writes `file.br` (brotli, best quality) and `file.gz` (gzip level 9) beside
 * every compressible file of the output, so the web host serves them without compressing per
 * request (apps/server/src/web-host.ts, @fastify/static `preCompressed`). A copy that would not
 * be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fieldwork:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(outDir, file);
            const content = await readFile(path);
            if (content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ]);
            if (br.length < content.length) await writeFile(`${path}.br`, br);
            if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
          }),
      );
    },
  };
}
