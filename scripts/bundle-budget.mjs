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

/** Issue 12's target for the first load, gzip. */
export const TARGET_BYTES = 200 * 1024;
/**
 * What the check enforces: the target itself since the first load went under it (195.5 KB after
 * the declarative router, load-on-use menus and selects, ScrollArea without floating-ui and the
 * list-kit chunk). Lower it as the first load shrinks.
 */
export const BUDGET_BYTES = TARGET_BYTES;

/**
 * The lazily loaded modules (manifest keys, paths from apps/web) that render
 * /organisations/{slug}/projects, outermost first. Keep in step with src/routes.
 */
export const PROJECTS_PAGE_LAZY_MODULES = [
  'src/routes/units/organisation-pages.tsx',
  'src/features/projects/ProjectsPage.tsx',
];

const WEB = resolve(fileURLToPath(new URL('.', import.meta.url)), '../apps/web');
const DIST = join(WEB, 'dist');
// Mantine's package wherever npm put it (the web app's own node_modules, or the root's when
// hoisted, as it is since @mantine/charts shares it).
const MANTINE =
  [join(WEB, 'node_modules/@mantine/core'), join(WEB, '../../node_modules/@mantine/core')].find(
    (dir) => existsSync(join(dir, 'styles.css')),
  ) ?? join(WEB, 'node_modules/@mantine/core');
const FIRST_LOAD_STYLES = 'src/app/first-load-styles.ts';

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

/** The Mantine components (with a style sheet of their own) whose code is in the given chunks. */
function mantineComponentsIn(chunkFiles) {
  const components = new Set();
  for (const file of chunkFiles) {
    const mapPath = join(DIST, `${file}.map`);
    if (!existsSync(mapPath)) continue;
    for (const source of JSON.parse(readFileSync(mapPath, 'utf8')).sources) {
      const component = /@mantine\/core\/esm\/components\/([^/]+)\//.exec(source)?.[1];
      if (component && existsSync(join(MANTINE, 'styles', `${component}.css`))) {
        components.add(component);
      }
    }
  }
  return components;
}

/**
 * The first page loads only the Mantine sheets listed in app/first-load-styles.ts: each component
 * in its code needs its sheet there, and the sheets must keep the order of styles.css.
 */
export function firstLoadStyleProblems(chunkFiles) {
  const listed = [
    ...readFileSync(join(WEB, FIRST_LOAD_STYLES), 'utf8').matchAll(
      /^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm,
    ),
  ].map((match) => match[1]);
  const problems = [...mantineComponentsIn(chunkFiles)]
    .filter((component) => !listed.includes(component))
    .map(
      (component) =>
        `${component} is in the first load but its styles are not: add @mantine/core/styles/${component}.css to ${FIRST_LOAD_STYLES}`,
    );
  const all = readFileSync(join(MANTINE, 'styles.css'), 'utf8');
  const position = (sheet) =>
    all.indexOf(
      readFileSync(join(MANTINE, 'styles', `${sheet}.css`), 'utf8')
        .trim()
        .slice(0, 400),
    );
  const positions = listed.map(position);
  listed.forEach((sheet, index) => {
    if (positions[index] < 0) problems.push(`${sheet}.css is not part of Mantine's styles.css`);
    else if (index > 0 && positions[index] < positions[index - 1]) {
      problems.push(
        `${sheet}.css comes before ${listed[index - 1]}.css in styles.css: keep that order in ${FIRST_LOAD_STYLES}`,
      );
    }
  });
  return problems;
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
    `First load of the projects page: ${kb(gzip)} gzip (${kb(raw)} raw) in ${rows.length} files, ${verdict} the budget of ${kb(BUDGET_BYTES)} gzip (target ${kb(TARGET_BYTES)}).`,
  );
  const styleProblems = firstLoadStyleProblems(files.filter((file) => file.endsWith('.js')));
  for (const problem of styleProblems) console.error(`  ${problem}`);
  if (gzip > BUDGET_BYTES || styleProblems.length) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
