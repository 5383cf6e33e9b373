// Limits on creation (issue 44): links a member may create a minute and a day
// (the instance's defaults, or the member's own set by an admin), 429 in
// words with Retry-After; bulk creates count each link; a member cannot
// raise their own limit; a refused body spends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
const clock = { offset: 0 };
beforeAll(async () => {
  s = await startServer({ rateLimit: 0, linksPerMinute: 3, linksPerDay: 5 }, { webhooks: false, now: () => Date.now() + clock.offset });
});
afterAll(async () => { await s.close(); });

const userIdOf = async (name: string) => (await s.sql('SELECT id FROM users WHERE name = $1', [name]))[0].id as number;
const one = (key: string, url = 'https://example.com/x') => s.api('POST', '/links', { json: { url }, key });

describe('creation limits', () => {
  it('refuses the link past the minute, then past the day, in words with Retry-After; a 422 spends nothing', async () => {
    const key = await s.newUserKey('busy');
    // The server's clock at the start of a minute: the four creates below share that minute however slow the machine
    // (a run that crossed into the next one found the 4th create allowed).
    clock.offset += 60_000 - ((Date.now() + clock.offset) % 60_000);
    expect((await one(key, 'javascript:alert(1)')).status).toBe(422);
    for (let i = 0; i < 3; i++) expect((await one(key)).status).toBe(201);
    const minute = await one(key);
    expect(minute.status).toBe(429);
    expect(minute.body.message).toBe('Too many links created: this account may create 3 links a minute, and none is left for now. '
      + `Try again in ${minute.headers.get('retry-after')} seconds, or ask an administrator to raise the limit.`);
    expect(Number(minute.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(minute.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(Number((await s.sql('SELECT count(*) AS n FROM links WHERE user_id = $1', [await userIdOf('busy')]))[0].n)).toBe(3);

    clock.offset += 60_000;
    for (let i = 0; i < 2; i++) expect((await one(key)).status).toBe(201);
    const day = await one(key);
    expect(day.status).toBe(429);
    expect(day.body.message).toMatch(/^Too many links created: this account may create 5 links a day, and none is left for now\./);
    // The day frees up as its oldest creations (a minute before the last ones) leave the last 24 hours.
    const wait = Number(day.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600 + 60);
    // Deleting a link gives nothing back.
    const mine = (await s.api('GET', '/links', { key })).body.data[0].id;
    expect((await s.api('DELETE', `/links/${mine}`, { key })).status).toBe(200);
    expect((await one(key)).status).toBe(429);
    clock.offset += 25 * 3_600_000;
  });

  it('counts each link of a bulk create: too many is a 429 for the whole request, refused items are given back', async () => {
    const key = await s.newUserKey('importer');
    const bulk = (links: unknown[]) => s.api('POST', '/links/bulk', { json: { links }, key });
    const four = await bulk([1, 2, 3, 4].map((i) => ({ url: `https://example.com/${i}` })));
    expect(four.status).toBe(429);
    expect(four.body.message).toMatch(/may create 3 links a minute, and only 3 links are left for now \(this request would create 4\)/);
    const mixed = await bulk([{ url: 'https://example.com/ok' }, { url: 'not a url' }]);
    expect(mixed.status).toBe(200);
    expect(mixed.body.summary).toMatchObject({ created: 1, rejected: 1 });
    expect((await bulk([{ url: 'https://example.com/a' }, { url: 'https://example.com/b' }])).body.summary).toMatchObject({ created: 2 });
    expect((await one(key)).status).toBe(429);
    clock.offset += 25 * 3_600_000;
  });

  it("are the admin's to set: a member's own limit raises theirs, and a member cannot change it", async () => {
    const key = await s.newUserKey('trusted');
    const id = await userIdOf('trusted');
    const own = await s.api('PATCH', `/users/${id}`, { json: { link_limit_minute: 100 }, key });
    expect(own.status).toBe(403);
    const set = await s.api('PATCH', `/users/${id}`, { json: { link_limit_minute: 5, link_limit_day: 100 } });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ link_limit_minute: 5, link_limit_day: 100 });
    for (let i = 0; i < 5; i++) expect((await one(key)).status).toBe(201);
    expect((await one(key)).body.message).toMatch(/may create 5 links a minute/);
    const cleared = await s.api('PATCH', `/users/${id}`, { json: { link_limit_minute: null, link_limit_day: '' } });
    expect(cleared.body.data).toMatchObject({ link_limit_minute: null, link_limit_day: null });
    const entries = (await s.api('GET', `/audit?action=user.update&target_id=${id}`)).body.data;
    expect(entries[0].fields).toEqual(['link_limit_day', 'link_limit_minute']);
    const bad = await s.api('PATCH', `/users/${id}`, { json: { link_limit_minute: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.link_limit_minute).toBeDefined();
  });

  it('leave admins unlimited by the instance defaults (holds)', async () => {
    for (let i = 0; i < 6; i++) expect((await one(s.key)).status).toBe(201);
  });
});
