// deploy/docker/Dockerfile built and run with podman (or docker), the way
// docs/hosting/docker.md tells: a key made with `run --rm … keys create`, a
// short link made and followed, SIGTERM, a restart on the same volume, and the
// link and its click still there. Needs an engine AND a Node 24 base image
// named by LINKDESK_DOCKER_BASE (node:24-bookworm-slim where Docker Hub is
// reachable; deploy/docker/make-local-base.sh builds one from Debian's and
// npm's mirrors). CI installs no container engine (too slow): it skips there.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fetch } from '../../helpers/direct-fetch.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const which = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
const engine = ['podman', 'docker'].find(which);
const base = process.env.LINKDESK_DOCKER_BASE ?? '';
const run = (args: string[], timeout = 120_000) => {
  const r = spawnSync(engine!, args, { cwd: root, encoding: 'utf8', timeout, maxBuffer: 64 << 20 });
  return { status: r.status, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() };
};
const must = (args: string[], timeout?: number) => {
  const r = run(args, timeout);
  if (r.status !== 0) throw new Error(`${engine} ${args.join(' ')} failed (${r.status}):\n${r.err.slice(-3000)}`);
  return r.out;
};
const skipReason = !engine ? 'neither podman nor docker is installed'
  : !base ? 'LINKDESK_DOCKER_BASE (a Node 24 base image) is not set'
  : run(['image', 'inspect', base]).status !== 0 ? `the base image ${base} is not available` : '';

const freePort = () => new Promise<number>((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as { port: number };
    srv.close(() => resolve(port));
  });
});
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Up: /healthz answers 200, as Docker's HEALTHCHECK sees it. The stop that follows at once is graceful: serve.ts
 * handles SIGTERM from listen on (before, a stop in its warm-up was dropped by PID 1 and docker stop waited out
 * its grace period, then killed: 15.4 s of 15, 4 of 4 tries).
 */
async function healthy(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const status = await fetch(`${url}/healthz`).then((r) => r.status, () => 0);
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`${url}/healthz did not answer 200 within ${ms} ms (last: ${status})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const id = randomBytes(4).toString('hex');
const image = `localhost/linkdesk-test:${id}`;
const volume = `linkdesk-test-${id}`;
const container = `linkdesk-test-${id}`;

describe.skipIf(skipReason !== '')(`the Docker image (deploy/docker/Dockerfile)${skipReason ? ` [skipped: ${skipReason}]` : ''}`, () => {
  afterAll(() => {
    if (!engine || skipReason) return;
    run(['rm', '-f', container]);
    run(['volume', 'rm', '-f', volume]);
    run(['rmi', '-f', image]);
  });

  it('builds, runs as a non-root user without Electron or keytar, keeps a link and its click across SIGTERM and a restart', async () => {
    const t0 = Date.now();
    must(['build', ...(engine === 'podman' ? ['--format', 'docker'] : []), '--build-arg', `BASE=${base}`, '-f', 'deploy/docker/Dockerfile', '-t', image, '.'], 1_200_000);
    const built = Date.now() - t0;
    expect(must(['image', 'inspect', image, '--format', '{{.Config.User}}'])).toBe('linkdesk');
    const tree = must(['run', '--rm', '--entrypoint', 'sh', image, '-c', 'id -u; ls /app/node_modules; test -f /app/npm-shrinkwrap.json && echo shrinkwrap']);
    expect(tree.split('\n')[0]).not.toBe('0');
    expect(tree).toMatch(/^fastify$/m);
    expect(tree).toMatch(/^shrinkwrap$/m);
    expect(tree).not.toMatch(/^(electron|keytar)$/m);

    must(['volume', 'create', volume]);
    const key = must(['run', '--rm', '-v', `${volume}:/data`, image, 'keys', 'create', '--name', 'admin']).split('\n').at(-1)!;
    expect(key).toMatch(/^\S{20,}$/);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    must(['run', '-d', '--name', container, '-v', `${volume}:/data`, '-p', `127.0.0.1:${port}:8080`, '-e', `LINKDESK_BASE_URL=${url}`, image]);
    await healthy(url);
    const auth = { authorization: `Bearer ${key}` };
    const made = await fetch(`${url}/api/v1/links`, { method: 'POST', headers: auth, body: new URLSearchParams({ url: 'https://example.com/docker' }) });
    expect(made.status).toBe(201);
    const link = ((await made.json()) as { data: unknown }).data as { id: number; short_url: string };
    expect(link.short_url.startsWith(`${url}/`)).toBe(true);
    const visit = await fetch(link.short_url, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/docker');

    // SIGTERM (what docker stop sends): the requests and the queued click are finished, exit 0.
    const t1 = Date.now();
    must(['stop', '-t', '30', container], 60_000);
    const stopped = Date.now() - t1;
    const logs = run(['logs', '-t', container]);
    expect(stopped, `${logs.out}\n${logs.err}`).toBeLessThan(25_000); // stopped by itself, not killed after the grace period
    expect(must(['inspect', container, '--format', '{{.State.ExitCode}}'])).toBe('0');
    expect(logs.err).toMatch(/SIGTERM: finishing requests/);

    must(['start', container]);
    await healthy(url);
    const again = await fetch(`${url}/api/v1/links/${link.id}`, { headers: auth });
    expect(again.status).toBe(200);
    const after = ((await again.json()) as { data: unknown }).data as { url: string; clicks: number };
    expect(after).toMatchObject({ url: 'https://example.com/docker', clicks: 1 });
    const size = must(['image', 'inspect', image, '--format', '{{.Size}}']);
    console.log(`docker.test: build ${Math.round(built / 1000)} s, SIGTERM to exit ${stopped} ms, image ${(Number(size) / 1e6).toFixed(0)} MB`);
  }, 1_500_000);
});
