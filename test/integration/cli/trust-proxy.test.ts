// --trust-proxy believes only what the named proxies (or hops) wrote into
// X-Forwarded-For: an address a client puts in front of it cannot reset the
// password-attempt limit or fake the visitor's country.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop, type Served } from '../../helpers/cli.ts';
import { BROWSER_UA } from '../redirect/helpers.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-proxy-'));
const dd = ['--data-dir', dataDir, '--no-titles'];
let key = '';
beforeAll(async () => {
  key = linkdesk(['keys', 'create', '--name', 'proxied', ...dd.slice(0, 2)]).lastLine;
  // Links are made once, through a server that trusts no proxy.
  const s = await serve(dd);
  try {
    const forms: Record<string, string>[] = [
      { url: 'https://example.com/guarded', alias: 'guarded', password: 'right' },
      {
        url: 'https://example.com/world', alias: 'geo', target_type: '1',
        'country[0][key]': 'GB', 'country[0][value]': 'https://example.co.uk/',
        'country[1][key]': 'JP', 'country[1][value]': 'https://example.jp/',
      },
    ];
    for (const form of forms) {
      const res = await fetch(`${s.url}/api/v1/links`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: new URLSearchParams(form) });
      expect(res.status).toBe(201);
    }
  } finally {
    await stop(s);
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const hit = (s: Served, p: string, xff: string, form?: Record<string, string>) =>
  fetch(`${s.url}${p}`, {
    method: form ? 'POST' : 'GET', redirect: 'manual',
    headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': xff }, body: form && new URLSearchParams(form),
  });
const countryOf = async (s: Served, xff: string) => (await hit(s, '/geo', xff)).headers.get('location');

describe('--trust-proxy 1 (one proxy hop)', () => {
  let s: Served;
  beforeAll(async () => { s = await serve([...dd, '--trust-proxy', '1']); });
  afterAll(async () => { await stop(s); });

  it('sees the address the proxy appended, so a forged leftmost X-Forwarded-For does not reset the password-attempt limit', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await hit(s, '/guarded', `6.6.6.${i}, 1.2.3.4`, { password: `guess${i}` })).status).toBe(403);
    }
    expect((await hit(s, '/guarded', '6.6.6.99, 1.2.3.4', { password: 'right' })).status).toBe(429);
    // The limit is the client's own: another visitor behind the same proxy is not locked out.
    expect((await hit(s, '/guarded', '1.2.3.5', { password: 'right' })).status).toBe(303);
  });

  it('targets the country of the address the proxy saw, not one the client wrote', async () => {
    expect(await countryOf(s, '133.242.0.1, 81.2.69.160')).toBe('https://example.co.uk/');
    expect(await countryOf(s, '81.2.69.160, 133.242.0.1')).toBe('https://example.jp/');
  });
});

describe('--trust-proxy with addresses', () => {
  it('trusts exactly the listed proxies, walking back from the connection', async () => {
    const s = await serve([...dd, '--trust-proxy', '127.0.0.1,81.2.69.160/32']);
    try {
      // 81.2.69.160 is a trusted proxy, so the client is the address it passed on.
      expect(await countryOf(s, '133.242.0.1, 81.2.69.160')).toBe('https://example.jp/');
      expect(await countryOf(s, '8.8.8.8, 133.242.0.1')).toBe('https://example.jp/');
    } finally {
      await stop(s);
    }
  });

  it('ignores X-Forwarded-For without --trust-proxy', async () => {
    const s = await serve(dd);
    try {
      expect(await countryOf(s, '81.2.69.160')).toBe('https://example.com/world');
    } finally {
      await stop(s);
    }
  });
});

it('refuses values that are neither a hop count nor addresses, naming the flag (exit 2)', () => {
  for (const bad of ['true', 'yes', '10.0.0.0/33', '127.0.0.1,,10.0.0.1', 'example.com', '-1']) {
    const r = linkdesk(['serve', '--trust-proxy', bad, ...dd]);
    expect(r.status, bad).toBe(2);
    expect(r.stderr, bad).toContain('--trust-proxy:');
  }
});
