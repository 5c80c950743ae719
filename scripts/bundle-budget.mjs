#!/usr/bin/env node
// The first-load budget of the web app (issue 12, item 6): the JavaScript and CSS a signed-in
// user's browser downloads to show the projects page, gzip-compressed, must stay under 200 KB.
//
// The set is read from Vite's manifest (apps/web/dist/.vite/manifest.json): the entry (index.html)
// with every chunk it imports statically, then each lazily loaded module the projects page goes
// through, with their static imports, and the CSS of all of them. Run after the web build.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 200 * 1024;

/**
 * The lazily loaded modules (manifest keys, paths from apps/web) that render
 * /organisations/{slug}/projects, outermost first. Keep in step with src/routes.
 */
export const PROJECTS_PAGE_LAZY_MODULES = [
  'src/routes/units/organisation-pages.tsx',
  'src/features/projects/ProjectsPage.tsx',
];

const DIST = resolve(fileURLToPath(new URL('.', import.meta.url)), '../apps/web/dist');

/** Every file (chunks and CSS) the given manifest keys load before they can run. */
export function firstLoadFiles(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

function main() {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error('No manifest: build the web app first (npm run build --workspace apps/web).');
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  for (const key of PROJECTS_PAGE_LAZY_MODULES) {
    if (!manifest[key]?.isDynamicEntry) {
      console.error(`${key} is no longer a lazily loaded chunk: update bundle-budget.mjs.`);
      process.exit(1);
    }
  }
  const files = firstLoadFiles(manifest, [entry, ...PROJECTS_PAGE_LAZY_MODULES]).filter((file) =>
    /\.(js|css)$/.test(file),
  );
  let raw = 0;
  let gzip = 0;
  const rows = files.map((file) => {
    const content = readFileSync(join(DIST, file));
    const compressed = gzipSync(content, { level: 9 }).length;
    raw += content.length;
    gzip += compressed;
    return { file, raw: content.length, gzip: compressed };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const row of rows)
    console.log(`  ${kb(row.gzip).padStart(9)} gzip ${kb(row.raw).padStart(9)} raw  ${row.file}`);
  const verdict = gzip <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `First load of the projects page: ${kb(gzip)} gzip (${kb(raw)} raw) in ${rows.length} files, ${verdict} the budget of ${kb(BUDGET_BYTES)} gzip.`,
  );
  if (gzip > BUDGET_BYTES) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
