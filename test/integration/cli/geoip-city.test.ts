// `linkdesk serve --geoip-city PATH` / LINKDESK_GEOIP_CITY: a file that is not
// there is a usage mistake naming where it came from; "none" turns cities
// off, which the statistics answer says (city_database: false).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-geoip-city-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('refuses a city database that is not there, naming the flag or the variable', () => {
  const dd = ['--data-dir', path.join(work, 'a'), '--port', '0'];
  const flag = linkdesk(['serve', ...dd, '--geoip-city', path.join(work, 'missing.mmdb')]);
  expect(flag.status).toBe(2);
  expect(flag.stderr).toContain('--geoip-city:');
  const env = linkdesk(['serve', ...dd], { env: { ...process.env, LINKDESK_GEOIP_CITY: path.join(work, 'missing.mmdb') } });
  expect(env.status).toBe(2);
  expect(env.stderr).toContain('LINKDESK_GEOIP_CITY:');
  expect(linkdesk(['serve', '--help']).stdout).toContain('--geoip-city PATH');
});

it('serves without cities with "none", and with the installed DB-IP City Lite by default', async () => {
  for (const [args, expected] of [[['--geoip-city', 'none'], false], [[], true]] as const) {
    const env = { ...process.env, LINKDESK_DATA_DIR: path.join(work, `d${String(expected)}`) };
    const made = linkdesk(['keys', 'create', '--name', 'op'], { env });
    expect(made.status, made.stderr).toBe(0);
    const s = await serve(['--port', '0', ...args], { env });
    try {
      const res = await fetch(`${s.url}/api/v1/stats`, { headers: { authorization: `Bearer ${made.lastLine}` } });
      expect(((await res.json()) as { data: { city_database: boolean } }).data.city_database).toBe(expected);
    } finally {
      await stop(s);
    }
  }
});
