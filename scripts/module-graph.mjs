#!/usr/bin/env node
// Prints the module dependency graph of the server and the web app, read from the source's
// import statements (TypeScript's own pre-processor: static, dynamic and type-only imports), and
// every cycle between modules.
//
//   node scripts/module-graph.mjs             text: each module and the modules it imports
//   node scripts/module-graph.mjs --mermaid   the same as mermaid flowcharts (ARCHITECTURE.md)
//   node scripts/module-graph.mjs --check     exit 1 when a cycle between modules, or between
//                                 files, exists (--check=server: only the server's; a step of
//                                 `npm test`)
//   node scripts/module-graph.mjs --files     also each import that crosses modules, file by file
//
// A module is a folder of apps/server/src/modules/ or apps/web/src/features/; platform/, app/,
// ui/, routes/, … are one node each. Files are checked too: no cycle of imports that run (type-only
// imports and exports are erased, so they close none), whether static or dynamic. An import that
// closes a cycle on purpose, its binding read only at call time, says so on the line above:
// `// import-cycle-allowed -- <why>`.
//
//   --root=DIR   read DIR's apps/ instead of this repository's (the architecture test's fixtures)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootArgument = process.argv.find((arg) => arg.startsWith('--root='));
const ROOT = rootArgument
  ? resolve(rootArgument.slice('--root='.length))
  : resolve(dirname(fileURLToPath(import.meta.url)), '..');

const APPS = [
  {
    name: 'server',
    src: 'apps/server/src',
    /** Below every module: the mermaid graph leaves out the edges into them, not the text. */
    shared: ['platform', 'config'],
    /**
     * `modules/jobs/x.ts` → `jobs`; `platform/queue/x.ts` → `platform`; `config.ts` (read by all,
     * imports nothing) → `config`; the composition root (`app.ts`, `modules.ts`, `main.ts`, …) →
     * `(root)`.
     */
    moduleOf: (path) => {
      const [top, second] = path.split('/');
      if (top === 'modules') return second;
      if (top === 'platform' || top === 'seed') return top;
      if (top === 'config.ts') return 'config';
      return '(root)';
    },
  },
  {
    name: 'web',
    src: 'apps/web/src',
    shared: ['ui', 'app', 'api', 'session', 'analytics', 'config'],
    moduleOf: (path) => {
      const [top, second] = path.split('/');
      if (top === 'features') return second;
      if (!path.includes('/')) return '(root)';
      return top;
    },
  },
];

/** Tests and their helpers (`*-testing.ts`) may reach anything they test: not part of the graph. */
const isSource = (file) =>
  /\.tsx?$/.test(file) && !/(\.test|-testing)\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function filesUnder(directory) {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return entry === 'test' ? [] : filesUnder(path);
    return isSource(path) ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((end) => base + end);
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/**
 * The files a file imports at run time: import and export declarations that are not type-only
 * (`import type`, `export type`, or every named binding marked `type`), and import() calls.
 */
function runtimeImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found = [];
  const allowed = (node) =>
    (ts.getLeadingCommentRanges(source.text, node.pos) ?? []).some((range) =>
      source.text.slice(range.pos, range.end).includes('import-cycle-allowed'),
    );
  const typeOnlyBindings = (clause) =>
    !clause.name &&
    clause.namedBindings &&
    ts.isNamedImports(clause.namedBindings) &&
    clause.namedBindings.elements.length > 0 &&
    clause.namedBindings.elements.every((element) => element.isTypeOnly);
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (allowed(node)) return;
      if (!clause || (!clause.isTypeOnly && !typeOnlyBindings(clause)))
        found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause);
      const allTypes =
        named &&
        node.exportClause.elements.length > 0 &&
        node.exportClause.elements.every((element) => element.isTypeOnly);
      if (!node.isTypeOnly && !allTypes) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

/** file → Set of files it imports at run time, within the app. */
function fileGraphOf(app) {
  const src = join(ROOT, app.src);
  const edges = new Map();
  for (const file of filesUnder(src)) {
    const from = relative(src, file);
    edges.set(
      from,
      new Set(
        runtimeImports(file)
          .filter((target) => target.startsWith(src))
          .map((target) => relative(src, target)),
      ),
    );
  }
  return edges;
}

/** module → Set of modules it imports. */
function graphOf(app) {
  const src = join(ROOT, app.src);
  const edges = new Map();
  if (!existsSync(src)) return edges;
  for (const file of filesUnder(src)) {
    const from = app.moduleOf(relative(src, file));
    if (!edges.has(from)) edges.set(from, new Set());
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target || !target.startsWith(src)) continue;
      const to = app.moduleOf(relative(src, target));
      if (to === from) continue;
      edges.get(from).add(to);
      if (files) crossings.push(`${app.name}: ${relative(src, file)} → ${relative(src, target)}`);
    }
  }
  return edges;
}

/** Strongly connected components with more than one module (Tarjan). */
function cyclesOf(edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const components = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return components;
}

/** Edges that lie inside a cycle: both ends in one strongly connected component. */
function cyclicEdges(edges, components) {
  const componentOf = new Map(components.flatMap((c, i) => c.map((m) => [m, i])));
  return [...edges].flatMap(([from, targets]) =>
    [...targets]
      .filter((to) => componentOf.has(from) && componentOf.get(from) === componentOf.get(to))
      .map((to) => `${from} → ${to}`),
  );
}

const mermaid = process.argv.includes('--mermaid');
const files = process.argv.includes('--files');
const crossings = [];
const checked = process.argv
  .filter((arg) => arg.startsWith('--check'))
  .map((arg) => arg.split('=')[1] ?? 'all');
let cyclic = 0;

for (const app of APPS) {
  const edges = graphOf(app);
  const components = cyclesOf(edges);
  if (checked.includes('all') || checked.includes(app.name)) cyclic += components.length;
  const modules = [...edges.keys()].sort();
  if (mermaid) {
    const shared = new Set(app.shared);
    console.log(`\n${app.name} (${app.src}; edges into ${app.shared.join(', ')} left out):`);
    console.log('\n```mermaid\nflowchart LR');
    const shown = modules.filter((module) => !shared.has(module));
    for (const module of shown) console.log(`  ${id(module)}["${module}"]`);
    for (const from of shown)
      for (const to of [...edges.get(from)].sort())
        if (!shared.has(to)) console.log(`  ${id(from)} --> ${id(to)}`);
    console.log('```');
  } else {
    console.log(`\n${app.name} (${app.src}): ${modules.length} modules`);
    for (const from of modules)
      console.log(`  ${from} → ${[...edges.get(from)].sort().join(', ') || '—'}`);
  }
  console.log(`\n${app.name}: ${components.length} cycle(s) between modules`);
  for (const component of components) console.log(`  {${component.join(', ')}}`);
  if (components.length > 0 && !mermaid)
    console.log(`  edges inside them:\n    ${cyclicEdges(edges, components).join('\n    ')}`);
  if (!existsSync(join(ROOT, app.src))) continue;
  const fileEdges = fileGraphOf(app);
  const fileCycles = cyclesOf(fileEdges);
  if (checked.includes('all') || checked.includes(app.name)) cyclic += fileCycles.length;
  console.log(`${app.name}: ${fileCycles.length} cycle(s) between files`);
  for (const component of fileCycles)
    console.log(
      `  {${component.join(', ')}}\n    ${cyclicEdges(fileEdges, [component]).join('\n    ')}`,
    );
}

function id(module) {
  return module.replace(/[^\w]/g, '_');
}

if (files) console.log(`\n${crossings.join('\n')}`);
if (cyclic > 0) process.exit(1);
