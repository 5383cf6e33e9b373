// phpShort's targeting keys met by real visitors (issue 41): for each of its
// 20 browsers (config/browsers.php), 5 devices (config/devices.php) and 7
// operating systems, a visitor with a real User-Agent lands on the target of
// a link that names its key, a visitor of a neighbouring one does not, and the
// link's statistics count both under the same words the keys use
// (RedirectController.php:179-185 stores what it matches with, :231-268).
// Continents and countries from X-Forwarded-For behind --trust-proxy 1.
// A link stored with an operating system Linkdesk took before phpShort's
// seven still matches and reads back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, createLink, startRedirectServer, UA, within, type RedirectServer } from './helpers.ts';

const B = {
  'Chrome': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Chromium': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.6099.199 Chrome/120.0.6099.199 Safari/537.36',
  'Firefox': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Firefox Mobile': 'Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
  'Edge': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  'Internet Explorer': 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  'Mobile Internet Explorer': 'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch; NOKIA; Lumia 920)',
  'Vivaldi': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Vivaldi/6.5.3206.48',
  'Brave': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/71.0.3578.98 Safari/537.36 Brave/71.0.3578.98',
  'Safari': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Opera': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  'Opera Mini': 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
  'Opera Mobile': 'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 OPR/79.0.4195.76953',
  'Opera Touch': 'Mozilla/5.0 (Linux; Android 9; SM-G960F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/76.0.3809.132 Mobile Safari/537.36 OPT/2.2.4',
  'Yandex Browser': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 YaBrowser/23.11.0.0 Safari/537.36',
  'UC Browser': 'Mozilla/5.0 (Linux; U; Android 10; en-US; RMX1911 Build/QKQ1.200209.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
  'Samsung Internet': 'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  'QQ Browser': 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.25 Safari/537.36 Core/1.70.3870.400 QQBrowser/10.8.4405.400',
  'BlackBerry Browser': 'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.35+ (KHTML, like Gecko) Version/10.3.3.2205 Mobile Safari/537.35+',
  'Maxtho': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36 Maxthon/7.0.2.1000',
} as const;
type BrowserKey = keyof typeof B;

/** [key, line of config/browsers.php, the neighbour whose visitor must not land on the key's target]. */
const BROWSER_CASES: [BrowserKey, number, BrowserKey][] = [
  ['Chrome', 4, 'Chromium'], ['Chromium', 5, 'Chrome'], ['Firefox', 6, 'Firefox Mobile'], ['Firefox Mobile', 7, 'Firefox'],
  ['Edge', 8, 'Chrome'], ['Internet Explorer', 9, 'Mobile Internet Explorer'], ['Mobile Internet Explorer', 10, 'Internet Explorer'],
  ['Vivaldi', 11, 'Chrome'], ['Brave', 12, 'Chrome'], ['Safari', 13, 'BlackBerry Browser'], ['Opera', 14, 'Opera Mobile'],
  ['Opera Mini', 15, 'Opera'], ['Opera Mobile', 16, 'Opera Mini'], ['Opera Touch', 17, 'Opera Mobile'], ['Yandex Browser', 18, 'Chrome'],
  ['UC Browser', 19, 'Chrome'], ['Samsung Internet', 20, 'Chrome'], ['QQ Browser', 21, 'Chrome'], ['BlackBerry Browser', 22, 'Safari'],
  ['Maxtho', 23, 'Chrome'],
];

const D = {
  desktop: B.Chrome,
  mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  watch: 'Mozilla/5.0 (Linux; Android 11; SM-R890) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/105.0.5195.136 Mobile Safari/537.36',
  television: 'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
} as const;
const DEVICE_CASES: [keyof typeof D, number, keyof typeof D][] = [
  ['desktop', 4, 'tablet'], ['mobile', 5, 'tablet'], ['tablet', 6, 'mobile'], ['watch', 7, 'mobile'], ['television', 8, 'desktop'],
];

const OS_CASES: [keyof typeof UA, number, keyof typeof UA][] = [
  ['iOS', 4, 'OS X'], ['Android', 5, 'Linux'], ['Windows', 6, 'OS X'], ['OS X', 7, 'iOS'], ['Linux', 8, 'Ubuntu'], ['Ubuntu', 9, 'Linux'],
  ['Chrome OS', 10, 'Linux'],
];

/** Addresses the embedded DB-IP database places on each continent but Antarctica. */
const IP = { AF: '196.25.1.1', AS: '133.242.0.1', EU: '81.2.69.160', NA: '8.8.8.8', OC: '1.1.1.1', SA: '200.160.2.3' } as const;
const COUNTRY_OF = { AF: 'ZA', AS: 'JP', EU: 'GB', NA: 'US', OC: 'AU', SA: 'BR' } as const;
const CONTINENT_CASES: [keyof typeof IP, number, keyof typeof IP][] = [
  ['AF', 4, 'EU'], ['AS', 6, 'OC'], ['EU', 7, 'AF'], ['NA', 8, 'SA'], ['OC', 9, 'AS'], ['SA', 10, 'NA'],
];

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }); });
afterAll(async () => { await s.close(); });

const u = (p: string) => `https://example.com/${p}`;
let n = 0;
/** A link of one targets_type, form-encoded as a phpShort client sends it. */
async function targeted(type: string, targets: [string, string][]): Promise<{ id: number; alias: string }> {
  const alias = `cv${++n}`;
  const form = [`url=${encodeURIComponent(u('default'))}`, `alias=${alias}`, `targets_type=${type}`,
    ...targets.flatMap(([k, v], i) => [`targets[${i}][key]=${encodeURIComponent(k)}`, `targets[${i}][value]=${encodeURIComponent(u(v))}`])].join('&');
  const l = await createLink(s, form);
  return { id: l.id, alias };
}
const to = async (alias: string, headers: Record<string, string>) => (await s.hit(`/${alias}`, { headers })).location;

/** phpShort's `GET /stats/{id}?name=…` rows, sorted by value, once `total` clicks are counted (clicks are written asynchronously). */
async function counted(id: number, name: string, total: number): Promise<{ value: string; count: number }[]> {
  let rows: { value: string; count: number }[] = [];
  await within(5000, async () => {
    const r = await s.api('GET', `/stats/${id}?name=${name}&per_page=100`);
    expect(r.status).toBe(200);
    rows = r.body.data.data;
    expect(rows.reduce((a, x) => a + x.count, 0)).toBe(total);
  });
  return [...rows].sort((a, b) => (a.value < b.value ? -1 : 1));
}
const rowsOf = (...values: string[]) => values.map((value) => ({ value, count: 1 })).sort((a, b) => (a.value < b.value ? -1 : 1));

/** Cases today's code held before phpShort's list: the key was taken, the neighbour told apart and both counted by these names. */
const HELD: BrowserKey[] = ['Edge', 'Vivaldi', 'Brave', 'Samsung Internet'];
const browserCases = BROWSER_CASES.map(([key, line, neighbour]) => ({ key, line, neighbour, holds: HELD.includes(key) ? ' (holds)' : '' }));

describe('browsers: matched and counted as config/browsers.php names them', () => {
  it.each(browserCases)('$key (config/browsers.php:$line)$holds', async ({ key, neighbour }) => {
    const l = await targeted('browsers', [[key, 'hit']]);
    expect(await to(l.alias, { 'user-agent': B[key] })).toBe(u('hit'));
    expect(await to(l.alias, { 'user-agent': B[neighbour] })).toBe(u('default'));
    expect(await counted(l.id, 'browser', 2)).toEqual(rowsOf(key, neighbour));
  });
});

describe('devices: matched and counted as config/devices.php keys them', () => {
  it.each(DEVICE_CASES)('%s (config/devices.php:%i) (holds)', async (key, _line, neighbour) => {
    const l = await targeted('devices', [[key, 'hit']]);
    expect(await to(l.alias, { 'user-agent': D[key] })).toBe(u('hit'));
    expect(await to(l.alias, { 'user-agent': D[neighbour] })).toBe(u('default'));
    expect(await counted(l.id, 'device', 2)).toEqual(rowsOf(key, neighbour));
  });
});

describe('operating systems: matched and counted as config/operating_systems.php names them', () => {
  it.each(OS_CASES)('%s (config/operating_systems.php:%i) (holds)', async (key, _line, neighbour) => {
    const l = await targeted('operating_systems', [[key, 'hit']]);
    expect(await to(l.alias, { 'user-agent': UA[key] })).toBe(u('hit'));
    expect(await to(l.alias, { 'user-agent': UA[neighbour] })).toBe(u('default'));
    expect(await counted(l.id, 'operating_system', 2)).toEqual(rowsOf(key, neighbour));
  });
});

describe('continents and countries from X-Forwarded-For (--trust-proxy 1)', () => {
  it.each(CONTINENT_CASES)('%s (config/continents.php:%i, RedirectController.php:164) (holds)', async (key, _line, other) => {
    const l = await targeted('continents', [[key, 'hit']]);
    expect(await to(l.alias, { 'x-forwarded-for': IP[key] })).toBe(u('hit'));
    expect(await to(l.alias, { 'x-forwarded-for': IP[other] })).toBe(u('default'));
    expect(await counted(l.id, 'continent', 2)).toEqual(rowsOf(key, other));
  });

  it.each(CONTINENT_CASES)('the country of %s\'s address (ValidateTargetKeyRule.php:37, RedirectController.php:165) (holds)', async (continent, _line, other) => {
    const [here, there] = [COUNTRY_OF[continent], COUNTRY_OF[other]];
    const l = await targeted('countries', [[here, 'hit']]);
    expect(await to(l.alias, { 'x-forwarded-for': IP[continent] })).toBe(u('hit'));
    expect(await to(l.alias, { 'x-forwarded-for': IP[other] })).toBe(u('default'));
    const rows = await counted(l.id, 'country', 2);
    expect(rows.map((r) => r.value.split(':')[0]).sort()).toEqual([here, there].sort());
  });
});

describe('operating systems Linkdesk took before phpShort\'s seven, on links stored with them', () => {
  /** A link stored with `legacy` as a key, as earlier versions wrote it (no write takes it now). */
  async function storedWith(legacy: string): Promise<{ id: number; alias: string }> {
    const l = await targeted('operating_systems', [['Windows', 'legacy'], ['Android', 'android']]);
    const [row] = await s.sql('SELECT targets FROM links WHERE id = $1', [l.id]);
    await s.sql('UPDATE links SET targets = $1 WHERE id = $2', [String(row.targets).replace('"Windows"', JSON.stringify(legacy)), l.id]);
    await catchUp(s);
    return l;
  }

  it('Windows Phone still matches, reads back and is counted so (ValidateTargetKeyRule.php:41 refuses only new ones)', async () => {
    const l = await storedWith('Windows Phone');
    expect(await to(l.alias, { 'user-agent': B['Mobile Internet Explorer'] })).toBe(u('legacy'));
    expect(await to(l.alias, { 'user-agent': UA.Windows })).toBe(u('default'));
    const read = await s.api('GET', `/links/${l.id}`);
    expect(read.body.data.targets.map((t: { key: string }) => t.key)).toEqual(['Windows Phone', 'Android']);
    expect(await counted(l.id, 'operating_system', 2)).toEqual(rowsOf('Windows Phone', 'Windows'));
  });

  it('a write may keep the key the link has, not add another legacy one (ValidateTargetKeyRule.php:41)', async () => {
    const l = await storedWith('HarmonyOS');
    const keep = await s.api('PUT', `/links/${l.id}`, `targets_type=operating_systems&targets[0][key]=HarmonyOS&targets[0][value]=${encodeURIComponent(u('kept'))}`);
    expect(keep.status).toBe(200);
    expect(keep.body.data.targets).toEqual([{ key: 'HarmonyOS', value: u('kept') }]);
    const add = await s.api('PUT', `/links/${l.id}`, `targets_type=operating_systems&targets[0][key]=HarmonyOS&targets[0][value]=${encodeURIComponent(u('kept'))}`
      + `&targets[1][key]=Tizen&targets[1][value]=${encodeURIComponent(u('tizen'))}`);
    expect(add.status).toBe(422);
    expect(add.body.errors['targets.1.key']).toBeDefined();
  });

  it('a rule stored with HarmonyOS still holds for its visitors; saved again as it is, taken; with Tizen added, refused', async () => {
    const l = await targeted('devices', [['watch', 'watch']]);
    await s.sql('UPDATE links SET rules = $1 WHERE id = $2', [JSON.stringify([{ if: { operating_systems: ['HarmonyOS'] }, url: u('harmony') }]), l.id]);
    await catchUp(s);
    const huawei = 'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.11.0.302) AppleWebKit/537.36 (KHTML, like Gecko) '
      + 'Chrome/99.0.4844.88 HuaweiBrowser/14.0.1.300 Mobile Safari/537.36';
    expect(await to(l.alias, { 'user-agent': huawei })).toBe(u('harmony'));
    expect(await to(l.alias, { 'user-agent': UA.Android })).toBe(u('default'));
    // A form-encoded body sends the rules as one JSON field.
    const rules = (os: string[]) => ({ rules: JSON.stringify([{ if: { operating_systems: os }, url: u('harmony') }]) });
    const keep = await s.api('PUT', `/links/${l.id}`, rules(['HarmonyOS']));
    expect(keep.status).toBe(200);
    expect(keep.body.data.rules).toEqual([{ if: { operating_systems: ['HarmonyOS'] }, url: u('harmony') }]);
    const add = await s.api('PUT', `/links/${l.id}`, rules(['HarmonyOS', 'Tizen']));
    expect(add.status).toBe(422);
    expect(add.body.errors['rules.0.if.operating_systems']).toBeDefined();
  });
});
