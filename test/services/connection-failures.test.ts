// Each way a connection fails, through the real client and the handler table
// ("Test connection"), with the message and advice a user reads. Proxies and
// certificates have their own files (proxy.test.ts, certificates.test.ts); here
// are the rest: DNS, refused, timeout, a sign-in page where JSON was expected
// (a captive portal's page, and a redirect to an SSO login), 401 and 403 with a
// key, 429 with its wait.
import { afterAll, expect, it } from 'vitest';
import type { Reachability } from '../../shared/contract.ts';
import { startServer } from '../helpers/server.ts';
import { closedPort, httpServer, ok, testDesktop, type Cleanups, type Running } from './helpers.ts';

const cleanups: Cleanups = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

async function reach(baseUrl: string, apiKey = 'ldk_any', timeoutMs = 5000): Promise<Reachability & { message?: string; reason?: string; advice?: string }> {
  const d = await testDesktop(cleanups, { requestTimeoutMs: timeoutMs });
  const view = await ok(d.invoke('instances.add', { name: 'Remote', baseUrl, apiKey }));
  return ok(d.invoke('instances.check', { id: view.id }));
}
const serve = async (handler: Parameters<typeof httpServer>[0]): Promise<Running> => {
  const s = await httpServer(handler);
  cleanups.push(() => s.close());
  return s;
};

it('DNS: a name that does not exist (.invalid never resolves)', async () => {
  const r = await reach('https://linkdesk-test.invalid:8443');
  expect(r).toMatchObject({ state: 'unreachable', reason: 'dns' });
  expect(r.message).toBe('The name linkdesk-test.invalid could not be found (DNS). Check the spelling of the address, and whether it needs a VPN or your company\'s network.');
});

it('refused: nothing listens at the port', async () => {
  const port = await closedPort();
  const r = await reach(`http://127.0.0.1:${port}`);
  expect(r).toMatchObject({ state: 'unreachable', reason: 'refused', advice: 'Check the port, and that the Linkdesk server there is running.' });
  expect(r.message).toMatch(`Nothing is listening at 127.0.0.1:${port} (connection refused).`);
});

it('timeout: a server that accepts and never answers', async () => {
  const silent = await serve(() => { /* never answers */ });
  const r = await reach(silent.url, 'ldk_any', 400);
  expect(r).toMatchObject({ state: 'unreachable', kind: 'timeout', reason: 'timeout' });
  expect(r.message).toMatch(/^127\.0\.0\.1:\d+ did not answer within 0\.4 s\. Check that the server is running/);
});

it('a captive portal\'s sign-in page where JSON was expected', async () => {
  const portal = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end('<!doctype html><html><head><title>Guest Wi-Fi – Sign in</title></head><body><form>…</form></body></html>'));
  const r = await reach(portal.url);
  expect(r).toMatchObject({ state: 'error', kind: 'not-linkdesk', reason: 'html-login' });
  expect(r.message).toMatch(/answered with a web page \("Guest Wi-Fi – Sign in"\) instead of the API: .*captive portal or a company's sign-in \(SSO\) proxy/);
  expect(r.advice).toMatch(/open it in a browser and sign in/);
});

it('an SSO proxy that redirects the API to its login page', async () => {
  const sso = await serve((_req, res) => res.writeHead(302, { location: 'https://login.example.com/saml/login?RelayState=x' }).end());
  const r = await reach(sso.url);
  expect(r).toMatchObject({ state: 'error', kind: 'not-linkdesk', reason: 'html-login' });
  expect(r.message).toMatch(/instead of the API \(it sends the request to https:\/\/login\.example\.com\/saml\/login\)/);
});

it('401: the key is refused, with the server\'s reason and what to do', async () => {
  const server = await startServer();
  cleanups.push(() => server.close());
  const r = await reach(server.url, `ldk_${'A'.repeat(40)}`);
  expect(r).toMatchObject({ state: 'invalid-key', reason: 'key-refused' });
  expect(r.message).toMatch(/refused the API key \(401\): Unauthenticated\. Enter a current key in this instance's settings/);
});

it('403: the key is accepted but lacks the access, naming what the server says', async () => {
  const scoped = await serve((_req, res) => res.writeHead(403, { 'content-type': 'application/json' })
    .end(JSON.stringify({ message: 'This key lacks the links:read scope.', status: 403 })));
  const r = await reach(scoped.url);
  expect(r).toMatchObject({ state: 'invalid-key', reason: 'key-forbidden' });
  expect(r.message).toMatch(/accepted the API key but does not allow this \(403\): This key lacks the links:read scope\. Ask the server's administrator/);
});

it('429: rate limited, with the wait from Retry-After', async () => {
  const server = await startServer({ rateLimit: 1 });
  cleanups.push(() => server.close());
  const d = await testDesktop(cleanups);
  const view = await ok(d.invoke('instances.add', { name: 'Busy', baseUrl: server.url, apiKey: server.key }));
  await ok(d.invoke('instances.check', { id: view.id }));
  const r = await ok(d.invoke('instances.check', { id: view.id }));
  expect(r).toMatchObject({ state: 'error', kind: 'rate-limited', reason: 'rate-limited' });
  const m = /\(429 Too Many Requests\).*Try again in (\d+) s\.$/.exec(r.message);
  expect(m, r.message).not.toBeNull();
  expect(Number(m![1])).toBeGreaterThan(0);
  expect(Number(m![1])).toBeLessThanOrEqual(60);
});
