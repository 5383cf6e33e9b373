// The webhook tests' receiver: a real HTTP server on loopback that checks every
// signature and timestamp as README tells receivers to, answers per path as a
// test scripts it, and keeps what arrived. Shared by webhooks.test.ts and
// webhooks-deliveries.test.ts; each file gets its own (Vitest runs files apart).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppDeps } from '../../electron/server/app.ts';
import { publicOnly } from '../../electron/server/net/address-policy.ts';
import { createSender, type Sender } from '../../electron/server/webhooks/sender.ts';
import { within } from '../integration/redirect/helpers.ts';
import type { TestServer } from './server.ts';

export interface Received { path: string; headers: http.IncomingHttpHeaders; raw: string; body: any; at: number; signed: boolean }

/** Polls `get` with within's growing pauses; a get that throws (a 429 has no `data`) is tried again, not failed. */
export async function until<T>(what: string, get: () => Promise<T | undefined | false> | T | undefined | false, ms = 10_000): Promise<T> {
  let got: T | undefined;
  await within(ms, async () => {
    const v = await get();
    if (!v) throw new Error(`timed out waiting for ${what}`);
    got = v;
  });
  return got!;
}

/** Starts the receiver before the calling file's tests and stops it (and the senders made by `hooked`) after them. */
export function webhookReceiver() {
  let receiver: http.Server;
  let base: string;
  let port: number;
  const received: Received[] = [];
  /** Statuses to answer per path, in turn; 200 once a path's list is used up. */
  const script = new Map<string, number[]>();
  const secrets = new Map<string, string>();

  /** The receiver's side of README's recipe: HMAC over "<t>.<raw body>", constant-time compare, |now - t| <= 300 s. */
  function verified(path: string, raw: string, header: string | undefined): boolean {
    const secret = secrets.get(path);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
    if (!secret || !m) return false;
    if (Math.abs(Date.now() / 1000 - Number(m[1])) > 300) return false;
    const expected = createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest();
    return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'));
  }

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const signed = verified(path, raw, req.headers['linkdesk-signature'] as string | undefined);
        received.push({ path, headers: req.headers, raw, body: JSON.parse(raw), at: Date.now(), signed });
        const status = script.get(path)?.shift() ?? (signed ? 200 : 401);
        if (status === 302) res.setHeader('location', '/elsewhere');
        res.writeHead(status).end(status >= 400 ? `{"error":"receiver says ${status}"}` : 'ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as AddressInfo).port;
    // A name, not the private IP literal a create refuses; the address it resolves to is judged at connect time.
    base = `http://localhost:${port}`;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  // The receiver is allowed by its port (the title tests' seam); every other connection meets the real policy.
  const policy = (address: string, p: number) => p === port || publicOnly(address, p);
  const senders: Sender[] = [];
  const hooked = (timing: NonNullable<Exclude<AppDeps['webhooks'], false>>['timing'] = {}): Partial<AppDeps> => {
    const sender = createSender({ policy, timeoutMs: 2000 });
    senders.push(sender);
    return { webhooks: { sender, timing: { pollMs: 50, backoff: () => 150, clickSettleMs: 0, ...timing } } };
  };
  afterAll(async () => { await Promise.all(senders.map((s) => s.close())); });

  /** What reached `path`, in order. */
  const at = (path: string) => received.filter((r) => r.path === path);
  let n = 0;
  /** A hook on a fresh receiver path; its secret is kept for the receiver. */
  async function hook(s: TestServer, events: string[], opts: { path?: string; key?: string } = {}) {
    const path = opts.path ?? `/hook-${++n}`;
    const r = await s.api('POST', '/webhooks', { json: { url: `${base}${path}`, events }, key: opts.key });
    expect(r.status, r.text).toBe(201);
    secrets.set(path, r.body.data.secret);
    return { ...r.body.data as { id: number; secret: string }, path };
  }

  return { script, at, hook, hooked };
}
