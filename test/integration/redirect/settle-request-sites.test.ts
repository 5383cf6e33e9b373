// The burst of its own requests a server answers at start (settle-request-sites.ts)
// must leave nothing a person would see: no click, no log line, no audit entry.
import { afterEach, expect, test } from 'vitest';
import { settleRequestSites } from '../../../electron/server/util/settle-request-sites.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });

function counting(server: TestServer) {
  let answered = 0;
  server.app.server.prependListener('request', (_req, res) => res.once('finish', () => { answered += 1; }));
  return () => answered;
}

test('answers its own burst and records nothing: no click, no log line, no audit entry', async () => {
  const lines: string[] = [];
  s = await startServer({}, { logger: { level: 'warn', stream: { write: (l: string) => void lines.push(l) } } });
  const link = await s.api('POST', '/links', { json: { url: 'https://example.com/a', alias: 'a1' } });
  expect(link.status).toBe(201);
  const answered = counting(s);
  // 400 unless its 5 s bound ran out first (a loaded machine): every one it sent was answered.
  const sent = await settleRequestSites(s.app, 400);
  expect(sent).toBeGreaterThan(0);
  expect(answered()).toBe(sent);
  const visit = await fetch(`${s.url}/a1`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' } });
  expect(visit.status).toBe(302);
  await expect.poll(async () => Number((await s!.sql('SELECT count(*) AS n FROM click_log'))[0].n)).toBe(1);
  expect(Number((await s.sql("SELECT count(*) AS n FROM audit_log WHERE action <> 'link.create'"))[0].n)).toBe(0);
  // On a loaded machine the one visit's click may wait past 0.6 s for the writer, and the server says so: that line is
  // about the writer, not the burst.
  expect(lines.filter((l) => !l.includes('more redirects than the click writer stores'))).toEqual([]);
});

test('sends nothing when the server logs every request', async () => {
  s = await startServer({}, { logger: { level: 'info', stream: { write: () => undefined } } });
  const answered = counting(s);
  await settleRequestSites(s.app, 400);
  expect(answered()).toBe(0);
});
