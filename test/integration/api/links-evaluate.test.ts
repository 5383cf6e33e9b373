// POST /api/v1/links/{id}/evaluate (issue 34): who may ask, what it answers,
// and that it agrees with real redirects: 200 generated visitors (fast-check)
// on generated links with rules and targeting, each asked of the endpoint and
// sent through a real redirect (X-Forwarded-For behind --trust-proxy 1,
// User-Agents, Accept-Language, a query string).
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { addressesByCountry, AGENTS } from '../redirect/rule-visitors.ts';

const TZ = 'Asia/Kolkata';
let s: TestServer;
let addresses: Map<string, string>;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0, trustProxy: 1, timeZone: TZ });
  addresses = addressesByCountry();
});
afterAll(async () => { await s.close(); });

let made = 0;
async function link(body: Record<string, unknown>) {
  const r = await s.api('POST', '/links', { json: { alias: `ev${made++}`, url: 'https://example.com/default', ...body } });
  if (r.status !== 201) throw new Error(`create link: ${r.status} ${r.text}`);
  return r.body.data as { id: number; alias: string };
}
const evaluate = (id: number, visitor: Record<string, unknown>, key?: string) => s.api('POST', `/links/${id}/evaluate`, { json: visitor, key });

describe('evaluate', () => {
  it('answers the rule, target or default that applies, and only to who may read the link', async () => {
    const l = await link({
      rules: [{ if: { countries: ['DE'], devices: ['mobile'] }, url: 'https://de-mobile.example/' }, { if: { continents: ['EU'] }, url: 'https://eu.example/' }],
      targets_type: 'languages', targets: [{ key: 'fr', value: 'https://fr.example/' }, { key: 'ja', value: 'https://ja.example/' }],
    });
    expect((await evaluate(l.id, { country: 'de', device: 'mobile' })).body)
      .toEqual({ data: { url: 'https://de-mobile.example/', matched: { kind: 'rule', index: 0, key: null } }, status: 200 });
    // The continent follows from the country.
    expect((await evaluate(l.id, { country: 'AT' })).body.data.matched).toEqual({ kind: 'rule', index: 1, key: null });
    expect((await evaluate(l.id, { country: 'JP', language: 'ja-JP' })).body.data)
      .toEqual({ url: 'https://ja.example/', matched: { kind: 'target', index: 1, key: 'ja' } });
    expect((await evaluate(l.id, {})).body.data).toEqual({ url: 'https://example.com/default', matched: { kind: 'default', index: null, key: null } });

    const bad = await evaluate(l.id, { country: 'XX', at: 'yesterday' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['at', 'country']);

    const reader = await s.api('POST', '/keys', { json: { name: 'reader', scopes: ['links:read'] } });
    expect((await evaluate(l.id, { country: 'DE' }, reader.body.data.key)).status).toBe(200);
    const stats = await s.api('POST', '/keys', { json: { name: 'stats', scopes: ['stats:read'] } });
    const refused = await evaluate(l.id, { country: 'DE' }, stats.body.data.key);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This key lacks the links:read scope.');
    expect((await evaluate(l.id, {}, await s.newUserKey('someone else'))).status).toBe(404);
    expect((await evaluate(999_999, {})).status).toBe(404);
  });

  it('reads at in the instance time zone for between', async () => {
    const l = await link({ rules: [{ if: { between: { from: '2030-03-10 09:00', to: '2030-03-10 17:30' } }, url: 'https://window.example/' }] });
    const kind = async (at: string) => (await evaluate(l.id, { at })).body.data.matched.kind;
    expect(await kind('2030-03-10T03:29:59Z')).toBe('default');
    expect(await kind('2030-03-10T09:00:00+05:30')).toBe('rule');
    expect(await kind('2030-03-10T11:59:59Z')).toBe('rule');
    expect(await kind('2030-03-10T12:00:00Z')).toBe('default');
  });

  it('shows a rotation\'s weights instead of taking a turn', async () => {
    const l = await link({ targets_type: 'rotations', targets: [{ value: 'https://a.example/', weight: 3 }, { value: 'https://b.example/' }] });
    expect((await evaluate(l.id, {})).body.data).toEqual({
      url: 'https://a.example/', matched: { kind: 'target', index: null, key: null },
      rotation: [{ url: 'https://a.example/', weight: 3, share: 0.75 }, { url: 'https://b.example/', weight: 1, share: 0.25 }],
    });
  });
});

// ---- generated links and visitors ----------------------------------------
const COUNTRIES = ['GB', 'DE', 'FR', 'JP', 'US', 'BR', 'AU', 'IN'];
const LANGUAGES = ['de', 'en', 'fr', 'ja'];
const DAY = 86_400_000;
/** `Y-m-d H:i` in the instance's time zone. */
const wall = (ms: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
  .format(ms).replace(',', '');

const some = <T>(values: readonly T[]) => fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 });
const condition = fc.oneof(
  some(COUNTRIES).map((countries) => ({ countries })),
  some(['EU', 'AS', 'NA', 'SA', 'OC']).map((continents) => ({ continents })),
  some([...new Set(AGENTS.map((a) => a.operating_system))]).map((operating_systems) => ({ operating_systems })),
  some([...new Set(AGENTS.map((a) => a.browser))]).map((browsers) => ({ browsers })),
  some(['desktop', 'mobile', 'tablet']).map((devices) => ({ devices })),
  some(LANGUAGES).map((languages) => ({ languages })),
  fc.constantFrom({ ref: 'mail' }, { ref: 'web' }, { ref: 'mail', v: '2' }).map((query) => ({ query })),
  // Days away from now either way, so the seconds between a request and its evaluation cannot matter.
  fc.constantFrom(-3, 0, 3).map((d) => ({ between: { from: wall(Date.now() + (d - 1) * DAY), to: wall(Date.now() + (d + 1) * DAY) } })),
);
const rule = fc.tuple(fc.array(condition, { minLength: 1, maxLength: 3 }), fc.nat(999))
  .map(([conds, n]) => ({ if: Object.assign({}, ...conds) as Record<string, unknown>, url: `https://rule${n}.example/` }));
const keyed = (type: string, keys: readonly string[]) => fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3 })
  .map((ks) => ({ targets_type: type, targets: ks.map((key) => ({ key, value: `https://${type}-${key.toLowerCase().replace(/\s/g, '')}.example/` })) }));
const targeting = fc.oneof(
  fc.constant({}),
  keyed('countries', COUNTRIES),
  keyed('continents', ['EU', 'AS', 'NA']),
  keyed('languages', LANGUAGES),
  keyed('operating_systems', ['iOS', 'Android', 'Windows']),
  keyed('browsers', ['Safari', 'Chrome', 'Firefox']),
  keyed('devices', ['mobile', 'tablet']),
  fc.constant({ targets_type: 'rotations', targets: [{ value: 'https://r1.example/', weight: 2 }, { value: 'https://r2.example/' }] }),
);
const visitor = fc.record({
  country: fc.option(fc.constantFrom(...COUNTRIES), { nil: undefined }),
  agent: fc.constantFrom(...AGENTS),
  language: fc.option(fc.constantFrom(...LANGUAGES), { nil: undefined }),
  query: fc.dictionary(fc.constantFrom('ref', 'v', 'x'), fc.constantFrom('mail', 'web', '2'), { maxKeys: 3 }),
});

describe('evaluate agrees with real redirects', () => {
  it('for 200 generated visitors on generated links', async () => {
    let visitors = 0;
    await fc.assert(fc.asyncProperty(fc.array(rule, { maxLength: 6 }), targeting, fc.array(visitor, { minLength: 10, maxLength: 10 }), async (rules, targets, vs) => {
      const l = await link({ rules, ...targets });
      for (const v of vs) {
        visitors += 1;
        const body = { country: v.country, operating_system: v.agent.operating_system, browser: v.agent.browser, device: v.agent.device, language: v.language, query: v.query };
        const e = await evaluate(l.id, body);
        expect(e.status).toBe(200);
        const qs = new URLSearchParams(v.query).toString();
        const headers: Record<string, string> = { 'user-agent': v.agent.ua };
        if (v.country) headers['x-forwarded-for'] = addresses.get(v.country)!;
        if (v.language) headers['accept-language'] = `${v.language}-XX`;
        const res = await request(`${s.url}/${l.alias}${qs ? `?${qs}` : ''}`, { headers });
        await res.body.dump();
        const sent = res.headers.location as string;
        const expected = (url: string) => `${url}${qs ? `?${qs}` : ''}`;
        const { data } = e.body;
        if (data.rotation) expect(data.rotation.map((r: { url: string }) => expected(r.url)), JSON.stringify({ rules, targets, body })).toContain(sent);
        else expect(sent, JSON.stringify({ rules, targets, body, data })).toBe(expected(data.url));
        if (data.matched.kind === 'rule') expect(data.url).toBe(rules[data.matched.index]!.url);
      }
    }), { numRuns: 20 });
    expect(visitors).toBe(200);
  });
});
