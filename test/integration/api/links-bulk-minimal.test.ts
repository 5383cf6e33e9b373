// POST /links/bulk with `Prefer: return=minimal` (RFC 7240), as the desktop's
// import sends it: each item gives the link's id instead of the whole link,
// the links are stored as without it, and webhooks still carry whole links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersMinimal } from '../../../electron/server/api/routes/links-bulk.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({}, { webhooks: false });
});
afterAll(async () => { await s.close(); });

const bulk = (json: unknown, prefer?: string) => s.api('POST', '/links/bulk', { json, ...(prefer ? { headers: { prefer } } : {}) });

describe('POST /links/bulk with Prefer: return=minimal', () => {
  it('answers each created, updated or skipped link with its id, rejected ones as usual, and says the preference was applied', async () => {
    await s.api('POST', '/links', { json: { url: 'https://example.com/kept', alias: 'min-kept' } });
    const links = [{ url: 'https://example.com/m1', alias: 'min-1' }, { url: 'javascript:alert(1)' }, { url: 'https://example.com/m2' }, { url: 'https://example.com/other', alias: 'min-kept' }];
    const r = await bulk({ links, on_conflict: 'skip' }, 'return=minimal');
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('preference-applied')).toBe('return=minimal');
    const stored = await s.sql("SELECT id, alias, url FROM links WHERE url LIKE 'https://example.com/m%' OR alias = 'min-kept' ORDER BY id");
    const idOf = (alias: string) => stored.find((x) => x.alias === alias)!.id as number;
    const m2 = stored.find((x) => x.url === 'https://example.com/m2')!;
    expect(r.body.data).toEqual([
      { index: 0, status: 201, result: 'created', id: idOf('min-1') },
      { index: 1, status: 422, result: 'rejected', message: expect.any(String), errors: { url: [expect.any(String)] } },
      { index: 2, status: 201, result: 'created', id: m2.id },
      { index: 3, status: 200, result: 'skipped', id: idOf('min-kept'), message: 'The alias has already been taken.' },
    ]);
    expect(r.body.summary).toEqual({ created: 2, updated: 0, skipped: 1, rejected: 1 });
    // The rejected item is the same 422 as without the header.
    expect((await bulk({ links: [links[1]] })).body.data[0]).toEqual({ ...r.body.data[1], index: 0 });
    // Stored as a full answer would have shown them.
    const full = (await s.api('GET', `/links/${idOf('min-1')}`)).body.data;
    expect(full).toMatchObject({ alias: 'min-1', url: 'https://example.com/m1' });
  });

  it('answers whole links without the header, or with other preferences only', async () => {
    for (const prefer of [undefined, 'return=representation', 'respond-async']) {
      const r = await bulk({ links: [{ url: `https://example.com/full/${prefer ?? 'none'}` }] }, prefer);
      expect(r.headers.get('preference-applied')).toBeNull();
      expect(r.body.data[0]).toMatchObject({ result: 'created', data: { url: `https://example.com/full/${prefer ?? 'none'}` } });
      expect(r.body.data[0]).not.toHaveProperty('id');
    }
  });

  it('still hands webhooks the whole link', async () => {
    const hook = (await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example.com/min', events: ['link.created'] } })).body.data;
    const r = await bulk({ links: [{ url: 'https://example.com/hooked', alias: 'min-hooked' }] }, 'return=minimal');
    expect(r.body.data[0]).toEqual({ index: 0, status: 201, result: 'created', id: expect.any(Number) });
    const [d] = await s.sql('SELECT payload FROM webhook_deliveries WHERE webhook_id = $1', [hook.id]);
    expect(JSON.parse(d!.payload).data).toMatchObject({ id: r.body.data[0].id, alias: 'min-hooked', url: 'https://example.com/hooked', short_url: expect.stringContaining('/min-hooked') });
    await s.api('DELETE', `/webhooks/${hook.id}`);
  });

  it('reads the preference as RFC 7240 writes it: any case, quoted, with parameters, among others', () => {
    for (const yes of ['return=minimal', 'RETURN=Minimal', 'return="minimal"', 'respond-async, return=minimal', 'return = minimal; x=1', ['wait=5', 'return=minimal']]) {
      expect(prefersMinimal(yes), String(yes)).toBe(true);
    }
    for (const no of [undefined, '', 'return=representation', 'return=minimalist', 'xreturn=minimal', 'handling=lenient']) expect(prefersMinimal(no), String(no)).toBe(false);
  });
});
