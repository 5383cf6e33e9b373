// GET /<alias> and GET / by Host: which link answers, and what the visitor
// gets for unknown, disabled and expired links; the API's status agrees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, type RedirectServer } from './helpers.ts';

let s: RedirectServer;
let domainId: number;
beforeAll(async () => {
  s = await startRedirectServer();
  const d = await s.api('POST', '/domains', {
    name: 'go.example.com', index_page: 'https://example.com/home', not_found_page: 'https://example.com/missing',
  });
  domainId = d.body.data.id;
  await s.api('POST', '/domains', { name: 'plain.example.com' });
});
afterAll(async () => { await s.close(); });

describe('resolution by Host', () => {
  it('serves default-domain links on any host that is not a domain, and domain links only on their host', async () => {
    await createLink(s, { url: 'https://example.com/default', alias: 'same' });
    await createLink(s, { url: 'https://example.com/on-domain', alias: 'same', domain_id: String(domainId) });
    await createLink(s, { url: 'https://example.com/only-domain', alias: 'only', domain_id: String(domainId) });

    for (const host of [undefined, 'whatever.test', 'localhost:8080']) {
      const r = await s.hit('/same', { host });
      expect(r.status).toBe(302);
      expect(r.location).toBe('https://example.com/default');
    }
    expect((await s.hit('/same', { host: 'go.example.com' })).location).toBe('https://example.com/on-domain');
    // Host names are case-insensitive and may carry a port or a trailing dot.
    expect((await s.hit('/same', { host: 'GO.Example.com:8443' })).location).toBe('https://example.com/on-domain');
    expect((await s.hit('/same', { host: 'go.example.com.' })).location).toBe('https://example.com/on-domain');
    expect((await s.hit('/only', { host: 'go.example.com' })).location).toBe('https://example.com/only-domain');
    expect((await s.hit('/only')).status).toBe(404);
  });

  it('matches aliases case-sensitively and accepts a trailing slash', async () => {
    await createLink(s, { url: 'https://example.com/upper', alias: 'CaseMe' });
    expect((await s.hit('/CaseMe')).location).toBe('https://example.com/upper');
    expect((await s.hit('/CaseMe/')).location).toBe('https://example.com/upper');
    expect((await s.hit('/caseme')).status).toBe(404);
  });

  it('passes the query string on, after the target\'s own parameters and before its fragment', async () => {
    await createLink(s, { url: 'https://example.com/q?a=1#frag', alias: 'query' });
    await createLink(s, { url: 'https://example.com/plain', alias: 'noquery' });
    expect((await s.hit('/query?utm_source=x&b=%20y')).location).toBe('https://example.com/q?a=1&utm_source=x&b=%20y#frag');
    expect((await s.hit('/noquery?utm_source=x')).location).toBe('https://example.com/plain?utm_source=x');
    expect((await s.hit('/noquery')).location).toBe('https://example.com/plain');
  });

  it('answers 302 with Cache-Control: no-store and no body', async () => {
    const r = await s.hit('/noquery');
    expect(r.status).toBe(302);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.text).toBe('');
  });

  it('keeps non-ASCII destinations valid in the Location header', async () => {
    await createLink(s, { url: 'https://example.com/café/€?q=ü', alias: 'unicode' });
    expect((await s.hit('/unicode')).location).toBe('https://example.com/caf%C3%A9/%E2%82%AC?q=%C3%BC');
  });
});

describe('domain root and unknown paths', () => {
  it('sends a domain root to its index page, or shows a plain landing page', async () => {
    const r = await s.hit('/', { host: 'go.example.com' });
    expect(r.status).toBe(302);
    expect(r.location).toBe('https://example.com/home');
    expect(r.headers['cache-control']).toBe('no-store');
    const plain = await s.hit('/', { host: 'plain.example.com' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.text).toContain('<h1>Linkdesk</h1>');
    const own = await s.hit('/');
    expect(own.status).toBe(200);
    expect(own.text).toContain('<h1>Linkdesk</h1>');
  });

  it('tells an outsider nothing: a registered domain without an index page and an unknown name get the same landing page and 404 (issue 42)', async () => {
    const seen = async (p: string, host: string) => {
      const r = await s.hit(p, { host });
      const { date: _, ...headers } = r.headers;
      return { status: r.status, headers, text: r.text };
    };
    for (const p of ['/', '/no-such-alias', '/a/b']) {
      const registered = await seen(p, 'plain.example.com');
      expect(registered.status, p).toBe(p === '/' ? 200 : 404);
      expect(registered.text, p).not.toMatch(/plain|example/i);
      expect(await seen(p, 'unknown.example.org'), p).toEqual(registered);
      expect(await seen(p, 'PLAIN.example.com.'), p).toEqual(registered);
    }
  });

  it('sends an unknown alias to the domain\'s 404 page, or answers a 404 page', async () => {
    const r = await s.hit('/nope', { host: 'go.example.com' });
    expect(r.status).toBe(302);
    expect(r.location).toBe('https://example.com/missing');
    for (const p of ['/nope', '/a/b/c', '/bad%20alias', `/${'x'.repeat(101)}`, '/favicon.ico', '/api']) {
      const page = await s.hit(p, { host: 'plain.example.com' });
      expect(page.status, p).toBe(404);
      expect(page.text).toContain('Link not found');
      expect(page.headers['content-security-policy']).toBeTruthy();
    }
    expect((await s.hit('/a/b/c', { host: 'go.example.com' })).location).toBe('https://example.com/missing');
  });

  it('leaves /api/ paths to the API, which answers its JSON 404', async () => {
    const r = await s.hit('/api/v2/whatever');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.text)).toEqual({ message: 'Resource not found.', status: 404 });
    expect((await s.hit('/api/v1/nothing-here', { headers: { authorization: `Bearer ${s.key}` } })).status).toBe(404);
  });
});

describe('disabled and expired links', () => {
  it('answers a disabled link with the 404 page, not the domain\'s 404 redirect, and comes back when enabled', async () => {
    const l = await createLink(s, { url: 'https://example.com/d', alias: 'disabled', domain_id: String(domainId) });
    expect((await s.hit('/disabled', { host: 'go.example.com' })).status).toBe(302);
    await s.api('PUT', `/links/${l.id}`, { disabled: '1' });
    // The change is seen by the very next request (the link cache is dropped).
    const r = await s.hit('/disabled', { host: 'go.example.com' });
    expect(r.status).toBe(404);
    expect(r.location).toBeUndefined();
    expect((await s.api('GET', `/links/${l.id}`)).body.data.status).toBe(3);
    await s.api('PUT', `/links/${l.id}`, { disabled: '0', url: 'https://example.com/d2' });
    expect((await s.hit('/disabled', { host: 'go.example.com' })).location).toBe('https://example.com/d2');
  });

  it('sends a link past its date to the expiration URL, or answers 410, as the API says expired', async () => {
    const withUrl = await createLink(s, { url: 'https://example.com/x', alias: 'dated', expiration_date: '2020-01-01', expiration_url: 'https://example.com/over' });
    const without = await createLink(s, { url: 'https://example.com/x', alias: 'dated410', expiration_date: '2020-01-01', expiration_time: '10:00' });
    const future = await createLink(s, { url: 'https://example.com/later', alias: 'future', expiration_date: '2999-01-01' });
    const r = await s.hit('/dated');
    expect(r.status).toBe(302);
    expect(r.location).toBe('https://example.com/over');
    const gone = await s.hit('/dated410');
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This link has expired');
    expect((await s.hit('/future')).location).toBe('https://example.com/later');
    expect((await s.api('GET', `/links/${withUrl.id}`)).body.data.status).toBe(2);
    expect((await s.api('GET', `/links/${without.id}`)).body.data.status).toBe(2);
    expect((await s.api('GET', `/links/${future.id}`)).body.data.status).toBe(1);
  });

  it('expires a link when its clicks reach expiration_clicks, at the same moment the API says so', async () => {
    const l = await createLink(s, { url: 'https://example.com/limited', alias: 'limited', expiration_clicks: '2', expiration_url: 'https://example.com/sold-out' });
    expect((await s.hit('/limited')).location).toBe('https://example.com/limited');
    expect((await s.api('GET', `/links/${l.id}`)).body.data).toMatchObject({ clicks: 1, status: 1 });
    expect((await s.hit('/limited')).location).toBe('https://example.com/limited');
    expect((await s.api('GET', `/links/${l.id}`)).body.data).toMatchObject({ clicks: 2, status: 2 });
    expect((await s.hit('/limited')).location).toBe('https://example.com/sold-out');
    // Raising the limit opens the link again.
    await s.api('PUT', `/links/${l.id}`, { expiration_clicks: '3' });
    expect((await s.hit('/limited')).location).toBe('https://example.com/limited');
    expect((await s.hit('/limited')).location).toBe('https://example.com/sold-out');
    expect((await s.api('GET', `/links/${l.id}`)).body.data).toMatchObject({ clicks: 3, status: 2 });
  });
});

describe('redirect status', () => {
  for (const code of [301, 307, 308] as const) {
    it(`uses the configured ${code}`, async () => {
      const t = await startRedirectServer({ redirectStatus: code });
      try {
        await createLink(t, { url: 'https://example.com/status', alias: 'st' });
        const r = await t.hit('/st');
        expect(r.status).toBe(code);
        expect(r.location).toBe('https://example.com/status');
        expect(r.headers['cache-control']).toBe('no-store');
      } finally {
        await t.close();
      }
    });
  }
});
