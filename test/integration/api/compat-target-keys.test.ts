// phpShort's targeting keys at write time (issue 41): what its
// ValidateTargetKeyRule takes (every key of config/browsers.php,
// operating_systems.php, devices.php, continents.php, countries.php and
// languages.php) is taken and read back as phpShort spells it; what it
// refuses is a 422 naming the entry. Visits and statistics:
// test/integration/redirect/compat-visits.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

// The keys of phpShort's config files, in their order (config/browsers.php:4-23 and so on).
const BROWSERS = ['Chrome', 'Chromium', 'Firefox', 'Firefox Mobile', 'Edge', 'Internet Explorer', 'Mobile Internet Explorer', 'Vivaldi',
  'Brave', 'Safari', 'Opera', 'Opera Mini', 'Opera Mobile', 'Opera Touch', 'Yandex Browser', 'UC Browser', 'Samsung Internet', 'QQ Browser',
  'BlackBerry Browser', 'Maxtho'];
const OPERATING_SYSTEMS = ['iOS', 'Android', 'Windows', 'OS X', 'Linux', 'Ubuntu', 'Chrome OS'];
const DEVICES = ['desktop', 'mobile', 'tablet', 'watch', 'television'];
const CONTINENTS = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'];
const LANGUAGES = ('aa ab af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch cn co cr cs cu cv cy da de dv dz ee el en eo es et eu '
  + 'fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv '
  + 'kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mo mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro '
  + 'ru rw sa sc sd se sg sh si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo '
  + 'za zh zu').split(' ');
const COUNTRIES = ('AF AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ AX BS BH BD BB BY BE BZ BJ BM BT BO BA BW BV BR BQ IO VG BN BG BF BI KH CM CA CT '
  + 'CV KY CF TD CL CN CX CC CO KM CG CD CK CR HR CU CY CZ CI DK DJ DM DO NQ EC EG SV GQ ER EE ET FK FO FJ FI FR GF PF TF FQ GA GM GE DE GH GI GR '
  + 'GL GD GP GU GT GG GN GW GY HT HM HN HK HU IS IN ID IR IQ IE IM IL IT JM JP JE JT JO KZ KE KI KW KG LA LV LB LS LR LY LI LT LU MO MK MG MW MY '
  + 'MV ML MT MH MQ MR MU YT FX MX FM MI MD MC MN ME MS MA MZ MM NA NR NP NL AN NT NC NZ NI NE NG NU NF KP VD MP NO OM PC PK PW PS PA PZ PG PY YD '
  + 'PE PH PN PL PT PR QA RO RU RW RE BL SH KN LC MF PM VC WS SM SA SN RS CS SC SL SG SK SI SB SO ZA GS KR ES LK SD SR SJ SZ SE CH SY ST TW TJ TZ '
  + 'TH TL TG TK TO TT TN TR TM TC TV UM PU VI UG UA SU AE GB US ZZ UY UZ VU VA VE VN WK WF EH YE ZM ZW').split(' ');

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

const u = (p: string) => `https://example.com/${p}`;
const targetsForm = (type: string, keys: string[]) => [`url=${encodeURIComponent(u('default'))}`, `targets_type=${type}`,
  ...keys.flatMap((k, i) => [`targets[${i}][key]=${encodeURIComponent(k)}`, `targets[${i}][value]=${encodeURIComponent(u(`t${i}`))}`])].join('&');
const create = (type: string, keys: string[]) => s.api('POST', '/links', { form: targetsForm(type, keys) });
/** Creates links of `type` with all `keys`, at most 100 to a link (phpShort's max:100); answers the keys read back. */
async function takesAll(type: string, keys: string[]): Promise<string[]> {
  const read: string[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    const r = await create(type, keys.slice(i, i + 100));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    read.push(...r.body.data.targets.map((t: { key: string }) => t.key));
  }
  return read;
}
const refused = async (type: string, key: string) => {
  const r = await create(type, [key]);
  expect(r.status).toBe(422);
  expect(r.body.errors['targets.0.key']).toBeDefined();
};

describe('keys taken as phpShort takes them, read back as its config spells them', () => {
  it('all 20 browsers (config/browsers.php:4-23, ValidateTargetKeyRule.php:45)', async () => {
    expect(await takesAll('browsers', BROWSERS)).toEqual(BROWSERS);
  });

  it('the seven operating systems (config/operating_systems.php:4-10, ValidateTargetKeyRule.php:41) (holds)', async () => {
    expect(await takesAll('operating_systems', OPERATING_SYSTEMS)).toEqual(OPERATING_SYSTEMS);
  });

  it('the five devices (config/devices.php:4-8, ValidateTargetKeyRule.php:53) (holds)', async () => {
    expect(await takesAll('devices', DEVICES)).toEqual(DEVICES);
  });

  it('the seven continents (config/continents.php:4-10, ValidateTargetKeyRule.php:33) (holds)', async () => {
    expect(await takesAll('continents', CONTINENTS)).toEqual(CONTINENTS);
  });

  it('all 186 languages (config/languages.php:4-189, ValidateTargetKeyRule.php:49), its bh, cn, mo and sh included', async () => {
    expect(await takesAll('languages', LANGUAGES)).toEqual(LANGUAGES);
  });

  it('all 263 countries (config/countries.php:4-266, ValidateTargetKeyRule.php:37), withdrawn codes such as SU and CS included', async () => {
    expect(await takesAll('countries', COUNTRIES)).toEqual(COUNTRIES);
  });

  it('another case is taken and stored as phpShort spells it: matching compares stored keys exactly (ValidateTargetKeyRule.php:45)', async () => {
    const r = await create('browsers', ['opera mini', 'UC BROWSER']);
    expect(r.status).toBe(201);
    expect(r.body.data.targets.map((t: { key: string }) => t.key)).toEqual(['Opera Mini', 'UC Browser']);
  });
});

describe('keys refused as phpShort refuses them', () => {
  it.each(['Windows Phone', 'HarmonyOS', 'BlackBerry', 'Tizen', 'KaiOS'])(
    'operating system %s, outside the seven (config/operating_systems.php:3-11, ValidateTargetKeyRule.php:41)', async (key) => {
      await refused('operating_systems', key);
    });

  it.each(['macOS', 'Mac OS', 'ChromeOS'])('operating system %s (ValidateTargetKeyRule.php:41) (holds)', async (key) => {
    await refused('operating_systems', key);
  });

  it.each(['Maxthon', 'Mobile Safari', 'Chrome Mobile', 'Huawei Browser'])('browser %s, not in config/browsers.php (ValidateTargetKeyRule.php:45) (holds)', async (key) => {
    await refused('browsers', key);
  });

  it.each(['console', 'phone', 'smarttv'])('device %s (config/devices.php:3-9, ValidateTargetKeyRule.php:53) (holds)', async (key) => {
    await refused('devices', key);
  });

  it.each(['XX', 'Europe'])('continent %s (config/continents.php:3-11, ValidateTargetKeyRule.php:33) (holds)', async (key) => {
    await refused('continents', key);
  });

  it('the seed\'s platform[] takes its seven only (seed interface: platform key one of iOS … Chrome OS)', async () => {
    const r = await s.api('POST', '/links', { form: { url: u('d'), target_type: '2', 'platform[0][key]': 'Windows Phone', 'platform[0][value]': u('wp') } });
    expect(r.status).toBe(422);
    expect(r.body.errors['platform.0.key']).toBeDefined();
  });

  it('a rule\'s operating_systems takes the same seven (ValidateTargetKeyRule.php:41)', async () => {
    const r = await s.api('POST', '/links', { json: { url: u('d'), rules: [{ if: { operating_systems: ['HarmonyOS'] }, url: u('h') }] } });
    expect(r.status).toBe(422);
    expect(r.body.errors['rules.0.if.operating_systems']).toBeDefined();
    const ok = await s.api('POST', '/links', { json: { url: u('d'), rules: [{ if: { browsers: ['Opera Touch', 'maxtho'] }, url: u('o') }] } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.rules[0].if.browsers).toEqual(['Opera Touch', 'Maxtho']);
  });
});
