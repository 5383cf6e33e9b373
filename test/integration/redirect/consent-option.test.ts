// `linkdesk serve --pixel-consent on|off` and LINKDESK_PIXEL_CONSENT as an
// operator sets them: off fires a link's pixels at once, on (the default) asks
// first, and a value that is neither is a usage mistake naming where it came from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { BROWSER_UA } from './helpers.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-consent-option-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
/** A fresh data folder's SQLite file, whichever engine the run is on: this is about the option, not the storage. */
const envWith = (vars: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const { LINKDESK_DATABASE_URL: _url, LINKDESK_PIXEL_CONSENT: _set, ...env } = process.env;
  return { ...env, LINKDESK_DATA_DIR: path.join(work, `d${++n}`), ...vars };
};

/** Serves with `args`, makes a link with a pixel, and answers what a browser's first visit gets. */
async function firstVisit(args: string[], vars?: Record<string, string>): Promise<string> {
  const env = envWith(vars);
  const made = linkdesk(['keys', 'create', '--name', 'op'], { env });
  expect(made.status, made.stderr).toBe(0);
  const s = await serve(['--port', '0', '--no-titles', '--no-health-checks', ...args], { env });
  try {
    const api = (p: string, form: Record<string, string>) => fetch(`${s.url}/api/v1${p}`, {
      method: 'POST', headers: { authorization: `Bearer ${made.lastLine}` }, body: new URLSearchParams(form),
    }).then((r) => r.json() as Promise<{ data: { id: number } }>);
    const px = await api('/pixels', { name: 'fb', type: 'facebook', pixel_id: '1234567890' });
    await api('/links', { url: 'https://example.com/opt', alias: 'opt', 'pixel_ids[]': String(px.data.id) });
    return await (await fetch(`${s.url}/opt`, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' })).text();
  } finally {
    await stop(s);
  }
}

describe('--pixel-consent', () => {
  it('asks first by default, and fires the pixels at once when off, by flag or by variable', async () => {
    expect(await firstVisit([])).toContain('Allow tracking for this link?');
    for (const [args, vars] of [[['--pixel-consent', 'off'], undefined], [[], { LINKDESK_PIXEL_CONSENT: 'off' }]] as const) {
      const page = await firstVisit([...args], vars);
      expect(page).not.toContain('Allow tracking');
      expect(page).toContain('<script type="application/json" id="ld-data">{"to":"https://example.com/opt","pixels":{"facebook":["1234567890"]}}</script>');
    }
  });

  it('refuses a value that is neither on nor off, naming the flag or the variable', () => {
    const flag = linkdesk(['serve', '--pixel-consent', 'maybe'], { env: envWith() });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--pixel-consent: must be on or off, not "maybe"');
    const variable = linkdesk(['serve'], { env: envWith({ LINKDESK_PIXEL_CONSENT: 'maybe' }) });
    expect(variable.status).toBe(2);
    expect(variable.stderr).toContain('LINKDESK_PIXEL_CONSENT: must be on or off, not "maybe"');
    expect(linkdesk(['serve', '--help']).stdout).toContain('env: LINKDESK_PIXEL_CONSENT');
  });
});
