// API requests without a working key are limited per client address, so keys
// cannot be guessed at full speed; valid keys from that address keep working,
// each within its own per-key limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_FAILURE_LIMIT } from '../../../electron/server/redirect/access.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const WRONG = 'ldk_0000000000000000000000000000000000000000';

describe('with the rate limit on', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ rateLimit: 600 }); });
  afterAll(async () => { await s.close(); });

  it('answers a burst of wrong and missing keys with 429 once the limit is reached, while a key in use still gets 200', async () => {
    expect((await s.api('GET', '/account')).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < KEY_FAILURE_LIMIT.max; i++) statuses.push((await s.api('GET', '/links', { key: i % 2 ? WRONG : null })).status);
    expect(new Set(statuses)).toEqual(new Set([401]));

    const blocked = await s.api('GET', '/links', { key: WRONG });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: expect.stringMatching(/^Too many requests without a valid API key/), status: 429 });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.api('GET', '/links', { key: null })).status).toBe(429);

    const mine = await s.api('GET', '/account');
    expect(mine.status).toBe(200);
    // Its own per-key count, untouched by the failures: the earlier call and this one.
    expect(mine.headers.get('x-ratelimit-remaining')).toBe('598');
  });

  // One address may be every client (a proxy without --trust-proxy); a key's 190 random bits, not the limit, keep guesses out.
  it('takes a right key never used from a blocked address, and goes on answering the wrong ones 429', async () => {
    const fresh = await s.newUserKey('fresh');
    expect((await s.api('GET', '/account', { key: fresh })).status).toBe(200);
    expect((await s.api('GET', '/links', { key: WRONG })).status).toBe(429);
  });
});

it('has no limit on failed keys when the rate limit is 0', async () => {
  const s = await startServer({ rateLimit: 0 });
  try {
    for (let i = 0; i <= KEY_FAILURE_LIMIT.max + 5; i++) expect((await s.api('GET', '/links', { key: WRONG })).status).toBe(401);
  } finally {
    await s.close();
  }
});
