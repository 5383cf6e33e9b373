// GET /.well-known/linkdesk/tls-allowed, Caddy's on-demand TLS `ask`, on
// either engine and across two nodes on the same data: a domain added or
// deleted through one node is allowed or refused by the other within a
// second. (Who may ask: test/integration/tls/ask-access.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startServer({ baseUrl: 'https://short.example.com' });
  // A second node on the same database (SQLite: the same file; PostgreSQL: the same database).
  b = await startServer({ baseUrl: 'https://short.example.com' }, {}, { dataDir: a.dataDir, key: a.key });
});
afterAll(async () => {
  await b.close({ keepData: true });
  await a.close();
});

const ask = async (s: TestServer, query: string) => {
  const res = await fetch(`${s.url}/.well-known/linkdesk/tls-allowed${query}`);
  return { status: res.status, text: await res.text(), cache: res.headers.get('cache-control') };
};
const allowed = async (s: TestServer, name: string) => (await ask(s, `?domain=${encodeURIComponent(name)}`)).status;

/** The node's answer for `name` once it is `want`, polling for at most 10 s (a loaded machine); the last answer otherwise. */
async function eventually(s: TestServer, name: string, want: number) {
  const deadline = performance.now() + 10_000;
  let got = await allowed(s, name);
  while (got !== want && performance.now() < deadline) got = await allowed(s, name);
  return got;
}

describe('the tls-allowed ask', () => {
  it("allows a domain registered by any user (case-insensitively, IDN as punycode or not) and the instance's own host; refuses others", async () => {
    const other = await a.newUserKey('other');
    expect((await a.api('POST', '/domains', { form: { name: 'go.example.com' } })).status).toBe(201);
    expect((await a.api('POST', '/domains', { form: { name: 'bücher.example' }, key: other })).status).toBe(201);
    const yes = await ask(a, '?domain=go.example.com');
    expect(yes).toEqual({ status: 200, text: 'allowed\n', cache: 'no-store' });
    for (const name of ['GO.Example.COM', 'go.example.com.', 'bücher.example', 'XN--BCHER-KVA.example', 'short.example.com']) {
      expect(await allowed(a, name), name).toBe(200);
    }
    for (const name of ['example.com', 'evil.go.example.com', 'localhost', '127.0.0.1', 'go.example.com.evil.test']) {
      expect(await allowed(a, name), name).toBe(404);
    }
  });

  it('answers 400 without a domain', async () => {
    expect((await ask(a, '')).status).toBe(400);
    expect((await ask(a, '?domain=')).status).toBe(400);
    expect(JSON.parse((await ask(a, '')).text)).toEqual({ message: 'The domain parameter is required.', status: 400 });
  });

  it('a domain added through one node is allowed by the other within a second, and refused within a second once deleted', async () => {
    expect(await allowed(b, 'new.example.org')).toBe(404);
    const made = await a.api('POST', '/domains', { form: { name: 'new.example.org' } });
    expect(made.status).toBe(201);
    expect(await allowed(a, 'new.example.org')).toBe(200); // the node that wrote it: at once
    expect(await eventually(b, 'new.example.org', 200)).toBe(200);

    expect((await a.api('DELETE', `/domains/${made.body.data.id}`)).status).toBe(200);
    expect(await allowed(a, 'new.example.org')).toBe(404);
    expect(await eventually(b, 'new.example.org', 404)).toBe(404);
  });
});
