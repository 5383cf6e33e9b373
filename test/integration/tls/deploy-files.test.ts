// deploy/'s Caddy files as far as this machine can check them: the Caddyfile
// passes `caddy validate` as installed (its placeholders at their defaults)
// and asks and proxies to where the env file makes Linkdesk listen; the
// drop-in orders Caddy after Linkdesk and passes `systemd-analyze verify`
// together with Debian's caddy.service and deploy/linkdesk.service.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { missing, REPO } from './tools.ts';

const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-caddy-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const deploy = (f: string) => path.join(REPO, 'deploy', f);
const settings = (text: string, key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!);
const env = readFileSync(deploy('linkdesk.env.example'), 'utf8');
const dropIn = readFileSync(deploy('caddy-linkdesk.conf'), 'utf8');
const linkdeskAt = `${settings(env, 'LINKDESK_HOST')[0]}:${settings(env, 'LINKDESK_PORT')[0]}`;
const DEBIAN_CADDY_UNIT = '/lib/systemd/system/caddy.service';

const noCaddy = missing('caddy');
it.skipIf(noCaddy.length)(`the Caddyfile passes caddy validate and asks and proxies to Linkdesk's address${noCaddy.length ? ' (skipped: caddy not installed)' : ''}`, () => {
  const home = path.join(work, 'home');
  const r = spawnSync('caddy', ['validate', '--config', deploy('Caddyfile'), '--adapter', 'caddyfile'],
    { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config') } });
  expect(r.stdout + r.stderr).toContain('Valid configuration');
  expect(r.status).toBe(0);
  expect(r.stderr).not.toContain('not formatted');

  // What the drop-in tells Caddy (LINKDESK_UPSTREAM) is where the env file makes Linkdesk listen, and the ask and the proxy go there.
  expect(settings(dropIn, 'Environment')).toEqual([`LINKDESK_UPSTREAM=${linkdeskAt}`]);
  const adapted = spawnSync('caddy', ['adapt', '--config', deploy('Caddyfile'), '--adapter', 'caddyfile'],
    { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home, LINKDESK_UPSTREAM: linkdeskAt } });
  const json = JSON.parse(adapted.stdout);
  expect(json.apps.tls.automation.on_demand.ask).toBe(`http://${linkdeskAt}/.well-known/linkdesk/tls-allowed`);
  expect(json.apps.tls.automation.policies).toEqual([{ on_demand: true }]);
  const server = Object.values(json.apps.http.servers as Record<string, any>)[0];
  expect(server.listen).toEqual([':443']);
  expect(server.routes[0].handle[0]).toMatchObject({ handler: 'reverse_proxy', upstreams: [{ dial: linkdeskAt }] });
  // Caddy reaches Linkdesk from loopback, the one proxy the env file trusts.
  expect(settings(env, 'LINKDESK_TRUST_PROXY')).toEqual(['127.0.0.1']);
});

const noSystemd = missing('systemd-analyze');
const why = noSystemd.length ? ' (skipped: systemd-analyze not installed)' : !existsSync(DEBIAN_CADDY_UNIT) ? ` (skipped: no ${DEBIAN_CADDY_UNIT}: Debian's caddy not installed)` : '';
it.skipIf(why)(`the caddy drop-in orders Caddy after Linkdesk and passes systemd-analyze verify with both units${why}`, () => {
  expect(settings(dropIn, 'After')).toEqual(['linkdesk.service']);
  expect(settings(dropIn, 'Wants')).toEqual(['linkdesk.service']);
  // The units as installed: Debian's caddy.service with the drop-in beside it, and linkdesk.service with this checkout's Node and server.
  const units = path.join(work, 'units');
  mkdirSync(path.join(units, 'caddy.service.d'), { recursive: true });
  copyFileSync(DEBIAN_CADDY_UNIT, path.join(units, 'caddy.service'));
  const linkdeskUnit = readFileSync(deploy('linkdesk.service'), 'utf8').replaceAll('/opt/linkdesk/node/bin/node', process.execPath)
    .replaceAll('/opt/linkdesk/app', REPO).replace('/etc/linkdesk/linkdesk.env', deploy('linkdesk.env.example'));
  writeFileSync(path.join(units, 'linkdesk.service'), linkdeskUnit);
  const verify = () => spawnSync('systemd-analyze', ['verify', '--man=no', path.join(units, 'caddy.service'), path.join(units, 'linkdesk.service')], { encoding: 'utf8' });

  // The drop-in is read from there: a key systemd does not know in it is reported.
  writeFileSync(path.join(units, 'caddy.service.d', 'linkdesk.conf'), `${dropIn}\nNotAKey=1\n`);
  expect(verify().stderr).toContain("Unknown key 'NotAKey'");

  writeFileSync(path.join(units, 'caddy.service.d', 'linkdesk.conf'), dropIn);
  const r = verify();
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});
