import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The repository's own boundary rules, as eslint.config.js applies them.
import { moduleBoundaries } from '../../../../eslint-boundaries.config.js';

const REPO = resolve(import.meta.dirname, '../../../..');

/**
 * The rules run over a small tree of fixture modules in a temporary folder, laid out like the
 * server (apps/server/src/modules, platform); each case adds one file and reads what ESLint or
 * the graph check (scripts/module-graph.mjs) says.
 */
describe.runIf(process.env.TEST_DB !== 'postgres')('module boundaries (lint and graph)', () => {
  let root: string;

  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  };

  const lint = async (path: string) => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
        ...moduleBoundaries(),
      ],
    });
    const [result] = await eslint.lintFiles([join(root, path)]);
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'module-boundaries-'));
    await write('apps/server/src/platform/ids.ts', `export const newId = () => 'id';\n`);
    await write(
      'apps/server/src/modules/clients/index.ts',
      `export { clientName } from './names';\n`,
    );
    await write(
      'apps/server/src/modules/clients/names.ts',
      `import { newId } from '../../platform/ids';\nexport const clientName = () => newId();\n`,
    );
    await write(
      'apps/server/src/modules/projects/index.ts',
      `export { projectName } from './names';\n`,
    );
    await write(
      'apps/server/src/modules/projects/names.ts',
      `import { clientName } from '../clients';\nexport const projectName = () => clientName();\n`,
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('passes a module that imports another through its index.ts', async () => {
    expect(await lint('apps/server/src/modules/projects/names.ts')).toEqual([]);
  });

  /** What scripts/module-graph.mjs --check says of the fixture tree: its status and lines. */
  const graphCheck = () => {
    const graph = spawnSync(
      process.execPath,
      [join(REPO, 'scripts/module-graph.mjs'), '--check=server', `--root=${root}`],
      { encoding: 'utf8' },
    );
    return { status: graph.status, lines: graph.stdout.split('\n') };
  };

  it('fails a deliberately added cycle between two modules, and between two files', async () => {
    expect(graphCheck().status).toBe(0);
    await write(
      'apps/server/src/modules/clients/projects-of.ts',
      `import { projectName } from '../projects';\nexport const projectsOf = () => [projectName()];\n`,
    );
    await write(
      'apps/server/src/modules/clients/index.ts',
      `export { clientName } from './names';\nexport { projectsOf } from './projects-of';\n`,
    );
    const modules = graphCheck();
    expect(modules.status).toBe(1);
    expect(modules.lines).toContain('server: 1 cycle(s) between modules');
    expect(modules.lines).toContain('  {clients, projects}');
    await rm(join(root, 'apps/server/src/modules/clients/projects-of.ts'));
    await write(
      'apps/server/src/modules/clients/index.ts',
      `export { clientName } from './names';\n`,
    );

    // within one module: two files importing each other; a type-only import closes none, and an
    // import marked as closing a cycle on purpose is let through
    await write(
      'apps/server/src/modules/clients/a.ts',
      `import { b } from './b';\nexport const a = () => b();\n`,
    );
    await write(
      'apps/server/src/modules/clients/b.ts',
      `import type { a } from './a';\nexport const b = (): ReturnType<typeof a> | undefined => undefined;\n`,
    );
    expect(graphCheck().status).toBe(0);
    await write(
      'apps/server/src/modules/clients/b.ts',
      `import { a } from './a';\nexport const b = () => a;\n`,
    );
    const files = graphCheck();
    expect(files.status).toBe(1);
    expect(files.lines).toContain('server: 1 cycle(s) between files');
    expect(files.lines).toContain('  {modules/clients/a.ts, modules/clients/b.ts}');
    await write(
      'apps/server/src/modules/clients/b.ts',
      `// import-cycle-allowed -- read at call time\nimport { a } from './a';\nexport const b = () => a;\n`,
    );
    expect(graphCheck().status).toBe(0);
    await rm(join(root, 'apps/server/src/modules/clients/a.ts'));
    await rm(join(root, 'apps/server/src/modules/clients/b.ts'));
  });

  it('fails an import of another module past its index.ts', async () => {
    await write(
      'apps/server/src/modules/projects/deep.ts',
      `import { clientName } from '../clients/names';\nexport const deep = () => clientName();\n`,
    );
    expect(await lint('apps/server/src/modules/projects/deep.ts')).toEqual([
      'boundaries/dependencies: Import another module through its index.ts.',
    ]);
  });

  it('fails the platform importing a module', async () => {
    await write(
      'apps/server/src/platform/up.ts',
      `import { clientName } from '../modules/clients';\nexport const up = () => clientName();\n`,
    );
    expect(await lint('apps/server/src/platform/up.ts')).toEqual([
      'boundaries/dependencies: The platform does not import modules: offer an extension point that they fill.',
    ]);
  });

  it("fails the web's shared pieces importing a feature, and a feature importing routes/", async () => {
    await write('apps/web/src/features/jobs/index.ts', `export { JobsPage } from './JobsPage';\n`);
    await write('apps/web/src/features/jobs/JobsPage.tsx', `export const JobsPage = () => null;\n`);
    await write('apps/web/src/routes/paths.ts', `export const HOME = '/';\n`);
    await write(
      'apps/web/src/ui/Upward.tsx',
      `import { JobsPage } from '../features/jobs';\nexport const Upward = JobsPage;\n`,
    );
    await write(
      'apps/web/src/features/jobs/home.ts',
      `import { HOME } from '../../routes/paths';\nexport const home = HOME;\n`,
    );
    expect(await lint('apps/web/src/ui/Upward.tsx')).toEqual([
      'boundaries/dependencies: Shared pieces (ui/, app/, api/, session/) do not import features or routes/.',
    ]);
    expect(await lint('apps/web/src/features/jobs/home.ts')).toEqual([
      'boundaries/dependencies: Features do not import routes/: route paths and layouts live in app/.',
    ]);
  });

  it('lets the route table load a page lazily past the index (its own chunk), not statically', async () => {
    await write(
      'apps/web/src/routes/lazy.ts',
      `export const page = () => import('../features/jobs/JobsPage');\n`,
    );
    await write(
      'apps/web/src/routes/eager.ts',
      `export { JobsPage } from '../features/jobs/JobsPage';\n`,
    );
    expect(await lint('apps/web/src/routes/lazy.ts')).toEqual([]);
    expect(await lint('apps/web/src/routes/eager.ts')).toEqual([
      'boundaries/dependencies: Import another module through its index.ts.',
    ]);
  });

  it('finds no cycle between the modules of this repository (scripts/module-graph.mjs --check)', () => {
    const graph = spawnSync(process.execPath, ['scripts/module-graph.mjs', '--check'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(graph.stdout).toContain('server: 0 cycle(s) between modules');
    expect(graph.stdout).toContain('web: 0 cycle(s) between modules');
    expect(graph.stdout).toContain('server: 0 cycle(s) between files');
    expect(graph.stdout).toContain('web: 0 cycle(s) between files');
    expect(graph.status).toBe(0);
  });
});
