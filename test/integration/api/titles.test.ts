// Titles are fetched after the create answers: bounded in time and size, and
// private addresses are refused unless the instance allows them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTitleFetcher, extractTitle, isPrivateAddress } from '../../../electron/server/title-fetcher.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let site: http.Server;
let siteUrl: string;
beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('<title>Too late</title>'), 8_000);
    if (req.url === '/big') {
      res.setHeader('content-type', 'text/html');
      return void res.end(`<html><head>${'<meta name="x" content="y">'.repeat(20_000)}<title>Hidden</title>`);
    }
    if (req.url === '/json') { res.setHeader('content-type', 'application/json'); return void res.end('{"title":"no"}'); }
    if (req.url === '/moved') { res.writeHead(301, { location: '/page' }); return void res.end(); }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><html><head><TITLE lang="en">\n  Caf&eacute; &amp; Bücher &#8212; &#x263A;\n</TITLE></head></html>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => site.close(() => r())));

async function titleOf(s: TestServer, path: string) {
  const l = (await s.api('POST', '/links', { form: { url: `${siteUrl}${path}` } })).body.data;
  // The create does not wait for the fetch (a fast page's title may be in already, on a busy machine).
  if (path === '/slow') expect(l.title).toBeNull();
  await s.app.linkdesk.titlesIdle();
  return (await s.api('GET', `/links/${l.id}`)).body.data.title as string | null;
}

describe('title fetching', () => {
  let s: TestServer;
  beforeAll(async () => {
    // 3 s: beside a second suite, this process's own page took more than the 0.5 s this once gave it.
    s = await startServer({ fetchTitles: true }, { titleFetcher: createTitleFetcher({ allowPrivate: true, timeoutMs: 3_000, maxBytes: 64 * 1024 }) });
  });
  afterAll(async () => { await s.close(); });

  it('stores the page title, decoded, and makes it searchable', async () => {
    expect(await titleOf(s, '/page')).toBe('Café & Bücher — ☺');
    const found = await s.api('GET', '/links?search=Bücher');
    expect(found.body.meta.total).toBe(1);
  });

  it('follows a redirect, and gives up past the timeout, the size cap or a non-HTML answer', async () => {
    expect(await titleOf(s, '/moved')).toBe('Café & Bücher — ☺');
    expect(await titleOf(s, '/slow')).toBeNull();
    expect(await titleOf(s, '/big')).toBeNull();
    expect(await titleOf(s, '/json')).toBeNull();
  });

  it('refetches when the destination changes', async () => {
    const l = (await s.api('POST', '/links', { form: { url: `${siteUrl}/json` } })).body.data;
    await s.api('PUT', `/links/${l.id}`, { form: { url: `${siteUrl}/page` } });
    await s.app.linkdesk.titlesIdle();
    expect((await s.api('GET', `/links/${l.id}`)).body.data.title).toBe('Café & Bücher — ☺');
  });
});

describe('private addresses', () => {
  it('are refused by default', async () => {
    const s = await startServer({ fetchTitles: true });
    try {
      expect(await titleOf(s, '/page')).toBeNull();
    } finally {
      await s.close();
    }
  });

  it.each([
    ['127.0.0.1', true], ['10.1.2.3', true], ['172.16.0.1', true], ['192.168.1.1', true], ['169.254.169.254', true], ['::1', true],
    ['fd00::1', true], ['::ffff:127.0.0.1', true], ['::ffff:7f00:1', true], ['::ffff:8.8.8.8', false], ['93.184.216.34', false], ['2606:4700::1111', false],
  ])('%s private: %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });

  it('extracts nothing from a page without a title', () => {
    expect(extractTitle('<html><body>no title</body></html>')).toBeNull();
    expect(extractTitle('<title>   </title>')).toBeNull();
  });
});
