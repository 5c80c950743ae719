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
 * What a file imports, in source order, each resolved to a file of the app or left out: import
 * and export declarations, `import x = require()`, `require()` and `import()` calls and
 * `import('…')` types. `runtime` is false for what the compiler erases (`import type`,
 * `export type`, every named binding marked `type`, `import('…')` types) and for an import marked
 * `// import-cycle-allowed -- <why>` on the line above: those close no cycle between files.
 */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found = [];
  const add = (specifier, runtime) => found.push({ specifier, runtime });
  const allowed = (node) =>
    (ts.getLeadingCommentRanges(source.text, node.pos) ?? []).some((range) =>
      source.text.slice(range.pos, range.end).includes('import-cycle-allowed'),
    );
  const allTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const erased =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            allTypes(clause.namedBindings.elements)));
      add(node.moduleSpecifier.text, !erased && !allowed(node));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause);
      add(
        node.moduleSpecifier.text,
        !node.isTypeOnly && !(named && allTypes(node.exportClause.elements)),
      );
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteralLike(node.moduleReference.expression)
    ) {
      add(node.moduleReference.expression.text, !node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, true);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteralLike(node.argument.literal)
    ) {
      add(node.argument.literal.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.flatMap(({ specifier, runtime }) => {
    const target = resolveImport(file, specifier);
    return target ? [{ target, runtime }] : [];
  });
}

/**
 * The app's two graphs from one reading of its files: module → Set of modules it imports (any
 * import), and file → Set of files it imports at run time.
 */
function graphsOf(app) {
  const src = join(ROOT, app.src);
  const modules = new Map();
  const files = new Map();
  if (!existsSync(src)) return { modules, files };
  for (const file of filesUnder(src)) {
    const path = relative(src, file);
    const from = app.moduleOf(path);
    if (!modules.has(from)) modules.set(from, new Set());
    const runtime = new Set();
    files.set(path, runtime);
    for (const { target, runtime: runs } of importsOf(file)) {
      if (!target.startsWith(src)) continue;
      if (runs) runtime.add(relative(src, target));
      const to = app.moduleOf(relative(src, target));
      if (to === from) continue;
      modules.get(from).add(to);
      if (listFiles) crossings.push(`${app.name}: ${path} → ${relative(src, target)}`);
    }
  }
  return { modules, files };
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
const listFiles = process.argv.includes('--files');
const crossings = [];
const checked = process.argv
  .filter((arg) => arg.startsWith('--check'))
  .map((arg) => arg.split('=')[1] ?? 'all');
let cyclic = 0;

for (const app of APPS) {
  const { modules: edges, files: fileEdges } = graphsOf(app);
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

if (listFiles) console.log(`\n${crossings.join('\n')}`);
if (cyclic > 0) process.exit(1);
