// deploy/docker as a user runs it: the image built from the server package, a key made by a one-off
// container on the data volume, the server started, a short link made and followed, a click counted; then
// `stop` (SIGTERM) exits 0, and a new container on the same volume still has the link and its click.
// It needs podman (or docker) and a base image with Node 24 already on the machine (no registry is
// reachable from CI): LINKDESK_DOCKER_BASE names it. Without them it skips, saying which is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { within } from '../redirect/helpers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const engine = ['podman', 'docker'].find((c) => spawnSync(c, ['--version']).status === 0);
const base = process.env.LINKDESK_DOCKER_BASE;
const there = !!engine && !!base && spawnSync(engine, ['image', 'inspect', base]).status === 0;
// A sandbox may let images be built but no container start (crun: setrlimit not permitted).
const started = there ? spawnSync(engine!, ['run', '--rm', base!, 'node', '--version'], { encoding: 'utf8' }) : null;
const baseThere = !!started && started.status === 0;
const why = !engine ? 'neither podman nor docker is installed'
  : !base ? 'LINKDESK_DOCKER_BASE names no base image (one with Node 24; no registry is reachable here)'
    : !there ? `the base image ${base} is not on this machine`
      : !baseThere ? `${engine} cannot start a container here: ${(started?.stderr ?? '').trim().split('\n').at(-1)}` : '';

const tag = `linkdesk-test-${process.pid}`;
const volume = `${tag}-data`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

function run(args: string[], timeout = 600_000) {
  const r = spawnSync(engine!, args, { cwd: root, encoding: 'utf8', timeout });
  return { status: r.status, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() };
}
function must(args: string[], timeout?: number) {
  const r = run(args, timeout);
  if (r.status !== 0) throw new Error(`${engine} ${args.join(' ')} exited ${r.status}:\n${r.err.slice(-2000)}`);
  return r.out;
}

afterAll(() => {
  if (!baseThere) return;
  run(['rm', '-f', `${tag}-a`, `${tag}-b`]);
  run(['volume', 'rm', '-f', volume]);
  run(['rmi', '-f', tag]);
});

describe.skipIf(!baseThere)(`the Docker image (deploy/docker)${why ? ` — skipped: ${why}` : ''}`, () => {
  it('builds from the server package, serves a link on its volume, stops cleanly on SIGTERM and keeps the link and its click', async () => {
    const packed = spawnSync(process.execPath, [path.join(root, 'scripts/pack-server.mjs')], { cwd: root, encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = path.relative(root, packed.stdout.trim().split('\n').at(-1)!);
    expect(existsSync(path.join(root, tarball))).toBe(true);
    must(['build', '-f', 'deploy/docker/Dockerfile', '--build-arg', `BASE=${base}`, '--build-arg', `PACKAGE=${tarball}`, '-t', tag, '.'], 900_000);

    // The user inside is not root, and the data folder is the volume.
    expect(must(['run', '--rm', '--entrypoint', 'id', tag, '-un'])).toBe('linkdesk');
    must(['volume', 'create', volume]);
    const key = must(['run', '--rm', '-v', `${volume}:/data`, tag, 'keys', 'create', '--name', 'admin']).split('\n').at(-1)!;
    expect(key).toMatch(/^ldk_/);

    const port = 20_000 + (process.pid % 20_000);
    const url = `http://127.0.0.1:${port}`;
    const start = (name: string) => must(['run', '-d', '--name', name, '-p', `127.0.0.1:${port}:8080`, '-v', `${volume}:/data`,
      '-e', `LINKDESK_BASE_URL=${url}`, tag]);
    start(`${tag}-a`);
    await within(60_000, async () => expect((await fetch(`${url}/healthz`)).status).toBe(200));

    const made = await fetch(`${url}/api/v1/links`, {
      method: 'POST', headers: { authorization: `Bearer ${key}` }, body: new URLSearchParams({ url: 'https://example.com/boxed', alias: 'boxed' }),
    });
    expect(made.status).toBe(201);
    const hop = await fetch(`${url}/boxed`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    expect([hop.status, hop.headers.get('location')]).toEqual([302, 'https://example.com/boxed']);

    // docker stop sends SIGTERM: the click still waiting is stored before the server exits 0.
    must(['stop', '-t', '30', `${tag}-a`], 60_000);
    expect(must(['inspect', '--format', '{{.State.ExitCode}}', `${tag}-a`])).toBe('0');
    expect(must(['logs', `${tag}-a`])).toMatch(/"msg":"stopped"|stopped/);
    run(['rm', '-f', `${tag}-a`]);

    start(`${tag}-b`);
    await within(60_000, async () => expect((await fetch(`${url}/healthz`)).status).toBe(200));
    const link = await (await fetch(`${url}/api/v1/links?search=boxed&search_by=alias`, { headers: { authorization: `Bearer ${key}` } })).json() as { data: { alias: string; clicks: number }[] };
    expect(link.data.map((l) => [l.alias, l.clicks])).toEqual([['boxed', 1]]);
    const health = spawnSync(engine!, ['healthcheck', 'run', `${tag}-b`], { encoding: 'utf8' });
    if (engine === 'podman') expect(health.status, health.stderr).toBe(0);
  }, 1_200_000);
});
