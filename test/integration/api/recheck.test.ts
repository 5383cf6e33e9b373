// Existing links re-checked (issue 44): the scheduled destination checks also
// ask a verdict (part A's ctx.abuse.matchLink; here an injected one) of at
// most --abuse-recheck-per-minute links a minute, links flagged
// `abuse_check_due` first, and ban a link that matches: it stops redirecting,
// its owner hears of it by webhook, the audit log names the server as actor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecheckLink, Verdict } from '../../../electron/server/abuse/recheck.ts';
import type { HealthProbe } from '../../../electron/server/health/probe.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const okProbe: HealthProbe = { check: async () => ({ ok: true }), close: async () => {} };
const asked: number[] = [];
async function verdictOf(link: RecheckLink): Promise<Verdict | null> {
  asked.push(link.id);
  if (!link.url.includes('bad.example')) return null;
  return { field: 'url', url: link.url, match: { kind: 'threat', entry: 'bad.example', source: 'urlhaus', legal: false } };
}

let s: TestServer;
const clock = { offset: 0 };
beforeAll(async () => {
  s = await startServer({ healthChecks: true, rateLimit: 0, abuseRecheckPerMinute: 3 }, {
    webhooks: false, abuseVerdict: verdictOf, now: () => Date.now() + clock.offset, health: { probe: okProbe, hostGapMs: 0, startDelayMs: 3_600_000 },
  });
});
afterAll(async () => { await s.close(); });
const sweep = () => s.app.linkdesk.health!.sweep();

describe('the re-check', () => {
  it('asks about at most N links a minute and bans the one that matches, as the server, telling its owner', async () => {
    const member = await s.newUserKey('owner2');
    const hook = await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example.com/in', events: ['link.banned'] }, key: member });
    expect(hook.status).toBe(201);
    const ids: number[] = [];
    for (const url of ['https://good.example/1', 'https://bad.example/kit', 'https://good.example/2', 'https://good.example/3', 'https://good.example/4']) {
      ids.push((await s.api('POST', '/links', { json: { url }, key: member })).body.data.id);
    }
    await sweep();
    expect(asked).toEqual(ids.slice(0, 3));
    // Right after, the minute's budget is spent: nothing more is asked.
    await sweep();
    expect(asked).toHaveLength(3);
    const banned = (await s.api('GET', `/links/${ids[1]}`, { key: member })).body.data.banned;
    expect(banned).toMatchObject({ source: 'threat', legal: false });
    expect(banned.reason).toContain('bad.example');
    for (const id of [ids[0], ids[2]]) expect((await s.api('GET', `/links/${id}`, { key: member })).body.data.banned).toBeNull();
    const entries = (await s.api('GET', '/audit?action=link.ban')).body.data;
    expect(entries.find((e: { target_id: number }) => e.target_id === ids[1])).toMatchObject({ source: 'system', user: { id: null }, fields: ['legal', 'reason', 'source=threat'] });
    const sent = await s.sql("SELECT payload FROM webhook_deliveries WHERE event = 'link.banned'");
    expect(sent.map((r) => JSON.parse(r.payload).data.id)).toEqual([ids[1]]);
  });

  it('takes links flagged abuse_check_due first (the column part A adds), and clears the flag', async () => {
    const late = (await s.api('POST', '/links', { json: { url: 'https://bad.example/late' } })).body.data.id as number;
    await s.sql('UPDATE links SET abuse_check_due = 1 WHERE id = $1', [late]);
    // A minute later (the server's clock) the budget is back.
    asked.length = 0;
    await sweepAfter(60_000);
    expect(asked[0]).toBe(late);
    expect(asked).toHaveLength(3);
    expect((await s.sql('SELECT abuse_check_due, ban_source FROM links WHERE id = $1', [late]))[0]).toEqual({ abuse_check_due: null, ban_source: 'threat' });
  });
});

/** Sweeps as if `ms` had passed since the last pass. */
async function sweepAfter(ms: number) {
  clock.offset += ms;
  await sweep();
}
