// One POST of one delivery, with the title fetcher's address rules (a guarded
// agent: private addresses refused at connect time unless allowed) and its
// kind of bounds: a time limit for the whole attempt, a few KB of the answer
// read at most, and no redirects followed (a 3xx is a failed attempt).
import type { AddressPolicy } from '../net/address-policy.ts';
import { createGuardedClient } from '../net/guarded-agent.ts';

export interface SendResult {
  ok: boolean;
  /** The receiver's status; null when none came back. */
  status: number | null;
  /** Why it failed, in a line a user can read. */
  error: string | null;
  /** The start of the receiver's answer as text (at most ATTEMPT_ANSWER_BYTES); null when none came. */
  response: string | null;
  /** From sending to the end of what was read (or the failure). */
  durationMs: number;
}

export interface SenderOptions {
  allowPrivate?: boolean;
  timeoutMs?: number;
  /** Which connections may proceed (tests widen it). */
  policy?: AddressPolicy;
  ca?: string | Buffer;
}

export interface Sender {
  /** `signal` abandons the attempt (shutdown); it then rejects rather than reporting a failure. */
  send(url: string, body: string, headers: Record<string, string>, signal?: AbortSignal): Promise<SendResult>;
  close(): Promise<void>;
}

/** The time one attempt may take, answer included. */
export const SEND_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 4096;
/** What an attempt keeps of the answer: enough to see the receiver's error message. */
const ATTEMPT_ANSWER_BYTES = 1024;

function describe(err: unknown, timeoutMs: number): string {
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (e.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `No answer within ${timeoutMs / 1000} s.`;
  }
  const message = (e.cause?.message ?? e.message ?? 'unknown error').split('\n')[0]!.slice(0, 200);
  return code ? `${code}: ${message}` : message;
}

export function createSender(opts: SenderOptions = {}): Sender {
  const timeoutMs = opts.timeoutMs ?? SEND_TIMEOUT_MS;
  const agent = createGuardedClient({ timeoutMs, allowPrivate: opts.allowPrivate, policy: opts.policy, ca: opts.ca });
  return {
    async send(url, body, headers, signal) {
      const started = performance.now();
      const took = () => Math.max(0, Math.round(performance.now() - started));
      try {
        const res = await agent.request(url, {
          method: 'POST', body,
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Linkdesk-Webhooks/1' },
        });
        let read = 0;
        const kept: Buffer[] = [];
        for await (const chunk of res.body) {
          const b = chunk as Buffer;
          if (read < ATTEMPT_ANSWER_BYTES) kept.push(b.subarray(0, ATTEMPT_ANSWER_BYTES - read));
          read += b.length;
          if (read >= MAX_ANSWER_BYTES) break;
        }
        res.body.destroy();
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const redirect = res.statusCode >= 300 && res.statusCode < 400;
        // Text as sent (a cut multi-byte character shows as one replacement mark); NULs cannot be stored in PostgreSQL text.
        const response = Buffer.concat(kept).toString('utf8').replaceAll('\0', '');
        return {
          ok, status: res.statusCode, response: read === 0 ? '' : response, durationMs: took(),
          error: ok ? null : redirect ? `Answered ${res.statusCode}; redirects are not followed.` : `Answered ${res.statusCode}.`,
        };
      } catch (err) {
        if (signal?.aborted) throw err;
        return { ok: false, status: null, error: describe(err, timeoutMs), response: null, durationMs: took() };
      }
    },
    async close() {
      await agent.close();
    },
  };
}
