// GET /api/v1/links with phpShort's parameters, against its source
// (app/Http/Controllers/API/LinkController.php index, app/Models/Link.php
// scopes): space_id=0 lists the links in no space; a 0 or an empty domain_id,
// pixel_id, status or search filters nothing. Where phpShort silently replaces
// a bad value (sort_by, sort, search_by, per_page, status) Linkdesk answers 422,
// its documented choice (DESIGN.md "HTTP API contract"). Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
const ids = { space: 0, otherSpace: 0, domain: 0, pixel: 0 };
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  ids.space = (await s.api('POST', '/spaces', { form: { name: 'Team' } })).body.data.id;
  ids.otherSpace = (await s.api('POST', '/spaces', { form: { name: 'Ads' } })).body.data.id;
  ids.domain = (await s.api('POST', '/domains', { form: { name: 'go.example.com' } })).body.data.id;
  ids.pixel = (await s.api('POST', '/pixels', { form: { name: 'P', type: 'tiktok', pixel_id: 'T1' } })).body.data.id;
  const make = async (alias: string, form: Record<string, string> = {}) => {
    const r = await s.api('POST', '/links', { form: { url: `https://example.com/${alias}`, alias, ...form } });
    if (r.status !== 201) throw new Error(r.text);
  };
  await make('plain');
  await make('team', { space_id: String(ids.space) });
  await make('ads', { space_id: String(ids.otherSpace) });
  await make('branded', { domain_id: String(ids.domain) });
  await make('branded-team', { domain_id: String(ids.domain), space_id: String(ids.space) });
  await make('tracked', { 'pixel_ids[]': String(ids.pixel) });
  await make('off', { disabled: '1' });
  await make('gone', { expiration_date: '2001-01-01' });
});
afterAll(async () => { await s.close(); });

const ALL = ['plain', 'team', 'ads', 'branded', 'branded-team', 'tracked', 'off', 'gone'];
const list = async (query: string) => {
  const r = await s.api('GET', `/links?per_page=100&${/(^|&)sort=/.test(query) ? '' : 'sort=asc&'}${query}`);
  expect(r.status, r.text).toBe(200);
  return { aliases: (r.body.data as { alias: string }[]).map((l) => l.alias), total: r.body.meta.total as number };
};
const refused = async (query: string, field: string) => {
  const r = await s.api('GET', `/links?${query}`);
  expect(r.status, r.text).toBe(422);
  expect(r.body.errors).toHaveProperty(field);
};

describe('space_id (LinkController.php:40-42, Link.php:135-141)', () => {
  it('space_id=0 lists the links in no space', async () => {
    expect(await list('space_id=0')).toEqual({ aliases: ['plain', 'branded', 'tracked', 'off', 'gone'], total: 5 });
  });

  it('space_id=0 combines with the other filters (domain, search)', async () => {
    expect((await list(`space_id=0&domain_id=${ids.domain}`)).aliases).toEqual(['branded']);
    expect((await list('space_id=0&search=team&search_by=alias')).aliases).toEqual([]);
  });

  it('space_id=0 with status=3 counts the disabled links in no space', async () => {
    expect(await list('space_id=0&status=3')).toEqual({ aliases: ['off'], total: 1 });
  });

  it('an empty space_id filters nothing (is_numeric fails)', async () => {
    expect((await list('space_id=')).aliases).toEqual(ALL);
  });

  it('a space\'s id lists its links (holds)', async () => {
    expect((await list(`space_id=${ids.space}`)).aliases).toEqual(['team', 'branded-team']);
  });

  it('a space_id that is not a number is 422 (Linkdesk; phpShort ignores it) (holds)', async () => {
    await refused('space_id=team', 'space_id');
  });
});

describe('domain_id and pixel_id (LinkController.php:37-39, :43-45)', () => {
  it('domain_id=0 filters nothing, as when() skips a 0', async () => {
    expect((await list('domain_id=0')).aliases).toEqual(ALL);
  });

  it('an empty domain_id filters nothing', async () => {
    expect((await list('domain_id=')).aliases).toEqual(ALL);
  });

  it('a domain\'s id lists its links (holds)', async () => {
    expect((await list(`domain_id=${ids.domain}`)).aliases).toEqual(['branded', 'branded-team']);
  });

  it('pixel_id=0 filters nothing', async () => {
    expect((await list('pixel_id=0')).aliases).toEqual(ALL);
  });

  it('an empty pixel_id filters nothing', async () => {
    expect((await list('pixel_id=')).aliases).toEqual(ALL);
  });

  it('a pixel\'s id lists the links it is attached to (holds)', async () => {
    expect((await list(`pixel_id=${ids.pixel}`)).aliases).toEqual(['tracked']);
  });

  it('a negative id is 422 (holds)', async () => {
    await refused('domain_id=-1', 'domain_id');
    await refused('pixel_id=-1', 'pixel_id');
  });
});

describe('status (LinkController.php:46-52)', () => {
  it('an empty status lists every link', async () => {
    expect((await list('status=')).aliases).toEqual(ALL);
  });

  it('status=1 active, 2 expired, 3 disabled (the seed\'s; phpShort 4.6 dropped disabled) (holds)', async () => {
    expect((await list('status=1')).aliases).toEqual(['plain', 'team', 'ads', 'branded', 'branded-team', 'tracked']);
    expect((await list('status=2')).aliases).toEqual(['gone']);
    expect((await list('status=3')).aliases).toEqual(['off']);
  });

  it('status=4 is 422, where phpShort filters nothing (holds)', async () => {
    await refused('status=4', 'status');
  });
});

describe('search and search_by (LinkController.php:26-27, :53-60)', () => {
  it('an empty search filters nothing (when($search))', async () => {
    expect((await list('search=')).aliases).toEqual(ALL);
  });

  it('search_by defaults to title, and takes alias and url (holds)', async () => {
    expect((await list('search=team')).aliases).toEqual([]); // no link has a title yet
    expect((await list('search=team&search_by=alias')).aliases).toEqual(['team', 'branded-team']);
    expect((await list('search=example.com/ad&search_by=url')).aliases).toEqual(['ads']);
  });

  it('an empty search_by is the default, title', async () => {
    expect((await list('search=team&search_by=')).aliases).toEqual([]);
    expect((await list('search_by=')).aliases).toEqual(ALL);
  });

  it('an unknown search_by is 422, where phpShort takes title (holds)', async () => {
    await refused('search_by=domain', 'search_by');
  });
});

describe('sort_by, sort and per_page (LinkController.php:32-34, :61-62)', () => {
  it.each(['id', 'clicks', 'title', 'alias', 'url'])('sort_by=%s is taken (holds)', async (by) => {
    expect((await list(`sort_by=${by}`)).total).toBe(ALL.length);
  });

  it('sort_by=alias&sort=desc orders by alias, last first (holds)', async () => {
    expect((await list('sort_by=alias&sort=desc')).aliases).toEqual([...ALL].sort().reverse());
  });

  it('an empty sort_by, sort or per_page is the default (id, desc, 10)', async () => {
    const r = await s.api('GET', '/links?sort_by=&sort=&per_page=');
    expect(r.status, r.text).toBe(200);
    expect(r.body.meta.per_page).toBe(10);
    expect((r.body.data as { alias: string }[]).map((l) => l.alias)).toEqual([...ALL].reverse());
  });

  it('an unknown sort_by or sort, or a per_page outside 10/25/50/100, is 422, where phpShort replaces it (holds)', async () => {
    await refused('sort_by=created_at', 'sort_by');
    await refused('sort=up', 'sort');
    await refused('per_page=20', 'per_page');
  });

  it('per_page 10, 25, 50 and 100 are taken (holds)', async () => {
    for (const per of [10, 25, 50, 100]) expect((await s.api('GET', `/links?per_page=${per}`)).body.meta.per_page).toBe(per);
  });
});
