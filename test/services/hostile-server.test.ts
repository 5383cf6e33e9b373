// A hostile server, as the app sees it: short URLs that are not web addresses
// (never copied, never shown to a copy button) and paging without end (an
// export reads what the first page announced and stops).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page, Link } from '../../shared/api-types.ts';
import type { JobFile, JobView } from '../../shared/transfer.ts';
import type { NativeHost } from '../../electron/services/desktop.ts';
import { MAX_PAGES, pageBound } from '../../electron/services/untrusted.ts';
import { type Cleanups, jobEnd, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const HOSTILE = ['javascript:alert(document.cookie)', 'file:///etc/passwd', 'data:text/html,<script>x</script>', '\\\\evil\\share', 'ms-msdt:/id PCWDiagnostic'];

const linkOf = (id: number, shortUrl: string): Link => ({
  id, alias: `a${id}`, url: `https://example.com/${id}`, short_url: shortUrl, title: null, domain: null, space: null, pixels: [],
  disabled: 0, privacy: 0, password: false, privacy_password: false, expiration_url: null, expiration_date: null, expiration_time: null,
  ends_at: null, expiration_clicks: null, target_type: 0, country: [], platform: [], language: [], rotation: [], preview_title: null,
  targets_type: null, targets: [], redirect_password: false, active_period_start_at: null, active_period_end_at: null, expires_at: null, last_rotation: 0, clicks_limit: null,
  sensitive_content: 0, rules: [],
  preview_description: null, preview_image: null, clicks: 0, status: 1, health: 'unknown', health_detail: null, health_checked_at: null, banned: null,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});

/** A real HTTP server that speaks the API's shapes with lies in them. */
async function hostileServer(announced: number) {
  const requests: string[] = [];
  let shortUrl = HOSTILE[0]!;
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url!, 'http://x');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    req.resume();
    if (url.pathname === '/api/v1/links' && req.method === 'GET') {
      const n = Number(url.searchParams.get('page') ?? 1);
      const per = Number(url.searchParams.get('per_page') ?? 10);
      // Every page is full and claims there is always one more.
      const data = Array.from({ length: per }, (_, i) => linkOf((n - 1) * per + i + 1, shortUrl));
      const page: Page<Link> = {
        data, links: { first: '', last: '', prev: null, next: '' },
        meta: { current_page: n, from: 1, last_page: n + 1_000_000, path: '', per_page: per, to: per, total: n === 1 ? announced : announced * 1000 }, status: 200,
      };
      return json(200, page);
    }
    if (url.pathname === '/api/v1/links' && req.method === 'POST') return json(201, { data: linkOf(1, shortUrl), status: 201 });
    if (/^\/api\/v1\/links\/\d+$/.test(url.pathname)) return json(200, { data: linkOf(1, shortUrl), status: 200 });
    return json(404, { message: 'Resource not found.', status: 404 });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, answer(s: string) { shortUrl = s; } };
}

async function setup(announced = 250) {
  const hostile = await hostileServer(announced);
  const copied: string[] = [];
  const notices: string[] = [];
  const native: NativeHost = {
    clipboard: { readText: async () => 'https://example.com/long', hasImage: async () => false, writeText: async (t: string) => { copied.push(t); } },
    notify: (n) => notices.push(`${n.title}: ${n.body}`), shortcuts: null, setStartAtLogin: null, applyTheme: () => {},
  } as NativeHost;
  const d = await testDesktop(cleanups, { native });
  const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Hostile', baseUrl: hostile.url, apiKey: 'ldk_0000000000000000000000000000000000000000' }))).id;
  await ok(d.invoke('instances.select', { id }));
  return { d, id, hostile, copied, notices };
}

describe('a short URL that is not a web address', () => {
  it.each(HOSTILE)('%s never reaches the clipboard or a copy button', async (bad) => {
    const { d, id, hostile, copied } = await setup();
    hostile.answer(bad);
    const quick = await d.invoke('quick.shorten', { url: 'https://example.com/long', instanceId: id });
    expect(quick).toMatchObject({ ok: false, error: { kind: 'not-linkdesk', message: expect.stringContaining('not a web address') } });
    const tray = await d.quick.fromClipboard();
    expect(tray.ok).toBe(false);
    expect(await d.invoke('links.copyShortUrl', { id: 1 })).toMatchObject({ ok: false, error: { kind: 'not-linkdesk' } });
    expect(copied).toEqual([]);
    // Lists and records reach the screens with the short URL blanked.
    const listed = await ok<Page<Link>>(d.invoke('links.list', { query: { per_page: 10 } }));
    // All ten links are listed (not dropped), each with its short URL blanked.
    expect(listed.data.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(listed.data.every((l) => l.short_url === '')).toBe(true);
    expect((await ok<Link>(d.invoke('links.get', { id: 1 }))).short_url).toBe('');
  });

  it('an http(s) short URL is copied as it is', async () => {
    const { d, id, hostile, copied } = await setup();
    hostile.answer('https://sho.rt/abc');
    await ok(d.invoke('quick.shorten', { url: 'https://example.com/long', instanceId: id }));
    expect(await ok(d.invoke('links.copyShortUrl', { id: 1 }))).toEqual({ copied: 'https://sho.rt/abc' });
    expect(copied).toEqual(['https://sho.rt/abc', 'https://sho.rt/abc']);
  });
});

describe('paging without end', () => {
  it('an export stops at the total the first page announced, whatever last_page says', async () => {
    const { d, hostile } = await setup(250);
    hostile.answer('https://sho.rt/x');
    const job = await jobEnd(d, (await ok<JobView>(d.invoke('transfer.export', { format: 'json' }))).id);
    expect(job.status, job.message ?? '').toBe('done');
    const file = await ok<JobFile>(d.invoke('jobs.file', { id: job.id }));
    expect(JSON.parse(file.content).links).toHaveLength(250);
    expect(hostile.requests.filter((r) => r.startsWith('GET /api/v1/links?')).length).toBe(3);
  });

  it('a walk never reads more than the ceiling, even when the first page announces more', () => {
    expect(pageBound({ meta: { total: 1e12, per_page: 100, last_page: 1e10 } }, 100)).toBe(MAX_PAGES);
    expect(pageBound({ meta: { total: 'lots', per_page: 100, last_page: Infinity } }, 100)).toBe(MAX_PAGES);
    expect(pageBound({ meta: { total: null, per_page: 100, last_page: 7 } }, 100)).toBe(7);
    expect(pageBound({ meta: { total: 0, per_page: 100, last_page: 99 } }, 100)).toBe(1);
  });
});
