import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The deployment files (docs/deployment.md) as far as this machine can check them: Docker is not
 * installed here nor in CI's container, so the image is not built and the compose file is not run.
 * What is checked: compose.yaml is valid to Debian's docker-compose (`docker-compose config`,
 * when it is installed: apt-get install docker-compose; it needs no daemon), and parses and names the fleet (PostgreSQL, S3-compatible storage,
 * two API replicas, one worker, a proxy), with health checks and pinned images; the variables it
 * sets are ones the product reads; the Dockerfile is multi-stage and runs as a non-root user.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(ROOT + path, 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

const composeTool = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

describe('compose.yaml', () => {
  it.runIf(composeTool)('is valid to docker-compose, and needs APP_SECRET set', () => {
    const env = { ...process.env, APP_SECRET: 'x', MINIO_ROOT_PASSWORD: 'y' };
    const run = (environment: NodeJS.ProcessEnv) =>
      spawnSync('docker-compose', ['-f', ROOT + 'compose.yaml', 'config', '-q'], {
        env: environment,
        encoding: 'utf8',
      });
    expect(run(env).status, run(env).stderr).toBe(0);
    const withoutSecret = run({ ...env, APP_SECRET: '' });
    expect(withoutSecret.status).not.toBe(0);
    expect(withoutSecret.stderr).toMatch(/set APP_SECRET/);
    expect(
      execFileSync('docker-compose', ['-f', ROOT + 'compose.yaml', 'config', '--services'], {
        env,
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean)
        .sort(),
    ).toEqual(Object.keys(services).sort());
  });

  it('runs PostgreSQL, S3-compatible storage, two API replicas, one worker and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'minio', 'postgres', 'proxy', 'storage-bucket', 'worker'].sort(),
    );
    expect(services.api!.deploy?.replicas).toBe(2);
    expect(services.worker!.deploy?.replicas).toBe(1);
    expect(services.api!.environment?.PROCESS_ROLE).toBe('api');
    expect(services.worker!.environment?.PROCESS_ROLE).toBe('worker');
    expect(services.api!.image).toBe(services.worker!.image);
    expect(services.api!.build).toBe('.');
    expect(services.proxy!.ports).toEqual(['3333:3333', '3000:3000']);
  });

  it('gives every long-running service a health check and a pinned image', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'storage-bucket') continue; // runs once and exits
      expect(service.healthcheck?.test[0], name).toBe('CMD');
      if (!service.build) expect(service.image, name).toMatch(/:(?!latest$)[\w.-]+$/);
    }
    expect(services.api!.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      'storage-bucket': { condition: 'service_completed_successfully' },
    });
    expect(services.proxy!.depends_on).toMatchObject({ api: { condition: 'service_healthy' } });
  });

  it('sets only variables the product reads, the same for both roles but the role', () => {
    const config =
      read('apps/server/src/config.ts') + read('apps/server/src/platform/bootstrap.ts');
    const read_ = new Set([...config.matchAll(/env\.([A-Z_]+)/g)].map((match) => match[1]));
    const api = { ...services.api!.environment };
    const worker = { ...services.worker!.environment };
    for (const name of Object.keys(api)) {
      if (name.startsWith('AWS_')) continue; // the S3 SDK's own
      expect(read_.has(name), `${name} is not read by apps/server/src/config.ts`).toBe(true);
    }
    delete api.PROCESS_ROLE;
    delete worker.PROCESS_ROLE;
    // The worker's runtime settings, V8's and glibc's rather than the product's (docs/decisions.md,
    // "Job sheets Excel memory and the worker heap ceiling"); the API keeps the defaults.
    expect(worker.NODE_OPTIONS).toContain('--max-old-space-size=512');
    expect(worker.MALLOC_ARENA_MAX).toBe('2');
    expect(api.NODE_OPTIONS).toBeUndefined();
    delete worker.NODE_OPTIONS;
    delete worker.MALLOC_ARENA_MAX;
    expect(worker).toEqual(api);
    expect(api.APP_SECRET).toMatch(/^\$\{APP_SECRET:\?/); // required: never empty
    expect(api.STORAGE_URL).toMatch(/^s3:\/\/fieldwork\?endpoint=http%3A%2F%2Fminio%3A9000/);
    expect(api.DATABASE_URL).toMatch(/@postgres:5432\//);
  });

  it('sends the proxy round-robin to the API replicas, API and web app', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/upstream api \{ server api:3333/);
    expect(nginx).toMatch(/upstream web \{ server api:3000/);
    expect(nginx).toMatch(/proxy_next_upstream error timeout;/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in stages and runs the last as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const runtime = stages.at(-1)!;
    expect(runtime).toMatch(/^node:\d+-bookworm-slim AS runtime/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/^USER root$/m);
    expect(runtime).toMatch(/COPY --from=build \/app\/apps\/web\/dist/);
    expect(runtime).toMatch(/CMD \["node", "--import", "tsx", "src\/main.ts"\]/);
    expect(runtime).toMatch(/HEALTHCHECK .*\n.*healthz/);
  });

  it('leaves local state out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'data', '.git', '.env']) expect(ignored).toContain(entry);
  });
});
