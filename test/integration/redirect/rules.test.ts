// Rules that combine (issue 34), through real HTTP: the first rule whose
// conditions all hold wins, then the targeting, then the url; every condition
// kind with a visitor that matches and one that does not (country and
// continent through X-Forwarded-For behind --trust-proxy 1, OS, browser and
// device through User-Agents, language through Accept-Language, query);
// `between` at its edges in the instance's time zone (a stand-in clock); the
// destinations statistic.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, UA, within, type RedirectServer } from './helpers.ts';
import { addressesByCountry, AGENTS } from './rule-visitors.ts';

const GB = '81.2.69.160';
const JP = '133.242.0.1';
const US = '8.8.8.8';
const form = (alias: string, rules: unknown[], more: Record<string, string> = {}) => ({
  url: `https://example.com/${alias}`, alias, rules: JSON.stringify(rules), ...more,
});

describe('rules', () => {
  let s: RedirectServer;
  let clock = Date.now();
  beforeAll(async () => {
    // A time zone half an hour off UTC's hours: an edge read in UTC misses by 5.5 hours.
    s = await startRedirectServer({ trustProxy: 1, timeZone: 'Asia/Kolkata' }, { now: () => clock });
  });
  afterAll(async () => { await s.close(); });

  const go = async (path: string, o: { ip?: string; ua?: string; lang?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (o.ip) headers['x-forwarded-for'] = o.ip;
    if (o.ua) headers['user-agent'] = o.ua;
    if (o.lang) headers['accept-language'] = o.lang;
    const r = await s.hit(path, { headers });
    expect(r.status).toBe(302);
    return r.location;
  };

  it('sends a visitor to the first rule whose conditions all hold, then to the targeting, then to the url', async () => {
    await createLink(s, form('order', [
      { if: { countries: ['GB'], devices: ['mobile'] }, url: 'https://a.example/' },
      { if: { continents: ['EU'] }, url: 'https://b.example/' },
      { if: { query: { ref: 'mail' } }, url: 'https://c.example/' },
      { if: { continents: ['EU'], query: { ref: 'mail' } }, url: 'https://never.example/' },
    ], { target_type: '1', 'country[0][key]': 'JP', 'country[0][value]': 'https://jp.example/' }));
    expect(await go('/order', { ip: GB, ua: UA.iOS })).toBe('https://a.example/');
    expect(await go('/order', { ip: GB, ua: UA.Windows })).toBe('https://b.example/');
    // Rule 2 holds too, but rule 1 comes first; rule 4 never gets a turn.
    expect(await go('/order?ref=mail', { ip: GB, ua: UA.Windows })).toBe('https://b.example/?ref=mail');
    expect(await go('/order?ref=mail&x=1', { ip: JP })).toBe('https://c.example/?ref=mail&x=1');
    expect(await go('/order', { ip: JP })).toBe('https://jp.example/');
    expect(await go('/order', { ip: US })).toBe('https://example.com/order');
  });

  it('holds each condition kind for a visitor that matches and not for one that does not', async () => {
    const de = addressesByCountry().get('DE')!;
    const iphone = AGENTS.find((a) => a.device === 'mobile' && a.operating_system === 'iOS')!;
    const ubuntu = AGENTS.find((a) => a.operating_system === 'Ubuntu')!;
    const ipad = AGENTS.find((a) => a.device === 'tablet')!;
    const cases: [string, Record<string, unknown>, Parameters<typeof go>[1] & { q?: string }, Parameters<typeof go>[1] & { q?: string }][] = [
      ['countries', { countries: ['de', 'AT'] }, { ip: de }, { ip: GB }],
      ['continents', { continents: ['AS'] }, { ip: JP }, { ip: US }],
      ['operating_systems', { operating_systems: ['ubuntu'] }, { ua: ubuntu.ua }, { ua: UA.Linux }],
      ['browsers', { browsers: [ubuntu.browser] }, { ua: ubuntu.ua }, { ua: UA.Linux }],
      ['devices', { devices: ['tablet'] }, { ua: ipad.ua }, { ua: iphone.ua }],
      // Any language the visitor accepts, not only the first.
      ['languages', { languages: ['de'] }, { lang: 'fr-CH, de;q=0.5' }, { lang: 'fr-CH, en;q=0.8, de;q=0' }],
      ['query', { query: { ref: 'mail', lang: 'de' } }, { q: 'lang=de&ref=web&ref=mail' }, { q: 'ref=mail' }],
    ];
    for (const [kind, cond, yes, no] of cases) {
      const alias = `kind-${kind.replace('_', '-')}`;
      await createLink(s, form(alias, [{ if: cond, url: `https://${kind.replace('_', '-')}.example/` }]));
      const path = (q?: string) => `/${alias}${q ? `?${q}` : ''}`;
      expect(await go(path(yes.q), yes), `${kind}: matching visitor`).toBe(`https://${kind.replace('_', '-')}.example/${yes.q ? `?${yes.q}` : ''}`);
      expect(await go(path(no.q), no), `${kind}: other visitor`).toBe(`https://example.com/${alias}${no.q ? `?${no.q}` : ''}`);
    }
  });

  it('reads between in the instance time zone, from inclusive and to exclusive', async () => {
    // 2030-03-10 09:00 to 17:30 in Asia/Kolkata (UTC+05:30) are 03:30 and 12:00 UTC.
    const from = Date.parse('2030-03-10T03:30:00Z');
    const to = Date.parse('2030-03-10T12:00:00Z');
    clock = from - 86_400_000;
    await createLink(s, form('window', [{ if: { between: { from: '2030-03-10 09:00', to: '2030-03-10 17:30' } }, url: 'https://window.example/' }]));
    const at = async (ms: number) => {
      clock = ms;
      return go('/window');
    };
    expect(await at(from - 1)).toBe('https://example.com/window');
    expect(await at(from)).toBe('https://window.example/');
    expect(await at(to - 1)).toBe('https://window.example/');
    expect(await at(to)).toBe('https://example.com/window');
    clock = Date.now();
  });

  it('refuses a rule it cannot read with a 422 that names the field path, and takes JSON text from a form', async () => {
    const bad = await s.api('POST', '/links', form('bad', [
      { if: { countries: ['DE'] }, url: 'https://ok.example/' },
      { if: { devices: ['mobile'] }, url: 'https://ok.example/' },
      { if: { countries: ['DE', 'XX'] }, url: 'https://ok.example/' },
    ]));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['rules.2.if.countries']);
    const unknown = await s.api('POST', '/links', form('bad2', [{ if: { planets: ['Mars'] }, url: 'https://ok.example/' }]));
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['rules.0.if']);
    const late = await s.api('POST', '/links', form('bad3', [{ if: { between: { from: '2030-01-02 00:00', to: '2030-01-01 00:00' } }, url: 'https://ok.example/' }]));
    expect(late.body.errors).toEqual({ 'rules.0.if.between.to': ['The to must be after the from.'] });
    const many = await s.api('POST', '/links', form('bad4', Array.from({ length: 21 }, () => ({ if: { countries: ['DE'] }, url: 'https://ok.example/' }))));
    expect(many.body.errors.rules).toEqual(['A link may have at most 20 rules.']);
  });

  it('counts where each visitor was sent, as configured, in the link and account statistics', async () => {
    const l = await createLink(s, form('dest', [
      { if: { countries: ['GB'] }, url: 'https://dest-gb.example/?src=rule' },
      { if: { countries: ['JP'] }, url: 'https://dest-jp.example/' },
    ]));
    for (const ip of [GB, GB, GB, JP, JP, US]) await go('/dest?utm_source=mail&x=1', { ip });
    // HEAD is answered but not counted, as every other click.
    await s.hit('/dest', { method: 'HEAD', headers: { 'x-forwarded-for': GB } });
    const want = [
      { value: 'https://dest-gb.example/?src=rule', count: 3 }, { value: 'https://dest-jp.example/', count: 2 }, { value: 'https://example.com/dest', count: 1 },
    ];
    await within(5000, async () => {
      expect((await s.api('GET', `/stats/${l.id}`)).body.data.destinations).toEqual(want);
    });
    expect((await s.api('GET', '/stats')).body.data.destinations).toEqual(expect.arrayContaining(want));
    const php = await s.api('GET', `/stats/${l.id}?name=destination`);
    expect(php.body.data.data).toEqual(want);
    const csv = await request(`${s.url}/api/v1/stats/${l.id}`, { headers: { authorization: `Bearer ${s.key}`, accept: 'text/csv' } });
    expect(await csv.body.text()).toContain('destination,https://dest-gb.example/?src=rule,3\n');
  });
});
