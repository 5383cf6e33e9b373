// A rule's `between` around a daylight-saving change (issue 42), through real
// HTTP in America/New_York, where 2030-03-10 02:00 EST becomes 03:00 EDT (02:xx
// never shows on the clocks): a skipped time is refused where it is typed with
// a 422 naming the field, and one already stored (written before the check
// existed, here straight into the database) is read as the first instant after
// the skip, by real redirects and by POST /links/{id}/evaluate alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, createLink, startRedirectServer, type RedirectServer } from './helpers.ts';

const ZONE = 'America/New_York';

describe('between across a daylight-saving gap', () => {
  let s: RedirectServer;
  let clock = Date.now();
  beforeAll(async () => {
    s = await startRedirectServer({ timeZone: ZONE }, { now: () => clock });
  });
  afterAll(async () => { await s.close(); });

  const rules = (from: string, to: string, url: string) => JSON.stringify([{ if: { between: { from, to } }, url }]);
  /** Where a visitor at the instant `iso` goes, by a real redirect and by evaluate (they must agree). */
  const sentAt = async (alias: string, id: number, iso: string) => {
    clock = Date.parse(iso);
    const hit = await s.hit(`/${alias}`);
    expect(hit.status).toBe(302);
    const asked = await s.api('POST', `/links/${id}/evaluate`, { at: iso });
    expect(asked.status).toBe(200);
    expect(asked.body.data.url, `evaluate at ${iso}`).toBe(hit.location);
    return hit.location;
  };

  it('refuses a between end the clocks skip with a 422 naming rules.N.if.between.from or .to', async () => {
    const from = await s.api('POST', '/links', {
      url: 'https://example.com/gap1', alias: 'gap1',
      rules: JSON.stringify([
        { if: { countries: ['DE'] }, url: 'https://de.example/' },
        { if: { between: { from: '2030-03-10 02:00', to: '2030-03-10 03:00' } }, url: 'https://gap.example/' },
      ]),
    });
    expect(from.status).toBe(422);
    expect(Object.keys(from.body.errors)).toEqual(['rules.1.if.between.from']);
    expect(from.body.errors['rules.1.if.between.from'][0]).toMatch(/2030-03-10 02:00 .*does not exist in America\/New_York/);

    const to = await s.api('POST', '/links', { url: 'https://example.com/gap2', alias: 'gap2', rules: rules('2030-03-10 01:00', '2030-03-10 02:59', 'https://gap.example/') });
    expect(to.status).toBe(422);
    expect(Object.keys(to.body.errors)).toEqual(['rules.0.if.between.to']);

    // An update is held to the same, and the edges of the gap are taken.
    const ok = await createLink(s, { url: 'https://example.com/gap3', alias: 'gap3', rules: rules('2030-03-10 01:59', '2030-03-10 03:00', 'https://gap.example/') });
    const upd = await s.api('PUT', `/links/${ok.id}`, { rules: rules('2030-03-10 02:30', '2030-03-10 04:00', 'https://gap.example/') });
    expect(upd.status).toBe(422);
    expect(Object.keys(upd.body.errors)).toEqual(['rules.0.if.between.from']);
  });

  it('matches a stored between 01:00-03:00 at 01:30 local and not at 00:59 (holds)', async () => {
    const l = await createLink(s, { url: 'https://example.com/night', alias: 'night', rules: rules('2030-03-10 01:00', '2030-03-10 03:00', 'https://night.example/') });
    expect(await sentAt('night', l.id, '2030-03-10T05:59:00Z')).toBe('https://example.com/night'); // 00:59 EST
    expect(await sentAt('night', l.id, '2030-03-10T06:00:00Z')).toBe('https://night.example/'); // 01:00 EST
    expect(await sentAt('night', l.id, '2030-03-10T06:30:00Z')).toBe('https://night.example/'); // 01:30 EST
    expect(await sentAt('night', l.id, '2030-03-10T06:59:59Z')).toBe('https://night.example/'); // 01:59:59 EST
    expect(await sentAt('night', l.id, '2030-03-10T07:00:00Z')).toBe('https://example.com/night'); // 03:00 EDT, to is exclusive
  });

  it('reads a stored skipped end as the first instant after the gap, not an hour early or half an hour late', async () => {
    const early = await createLink(s, { url: 'https://example.com/early', alias: 'early', rules: rules('2030-03-10 01:00', '2030-03-10 04:00', 'https://early.example/') });
    const late = await createLink(s, { url: 'https://example.com/late', alias: 'late', rules: rules('2030-03-10 01:00', '2030-03-10 04:00', 'https://late.example/') });
    // Written before the check existed: straight into the database.
    await s.sql('UPDATE links SET rules = $1 WHERE id = $2', [rules('2030-03-10 01:00', '2030-03-10 02:30', 'https://early.example/'), early.id]);
    await s.sql('UPDATE links SET rules = $1 WHERE id = $2', [rules('2030-03-10 02:30', '2030-03-10 04:00', 'https://late.example/'), late.id]);
    await catchUp(s);
    // `to` 02:30 is 03:00 EDT (07:00Z): the rule holds up to the gap and stops where the clocks resume.
    expect(await sentAt('early', early.id, '2030-03-10T06:59:00Z')).toBe('https://early.example/');
    expect(await sentAt('early', early.id, '2030-03-10T07:00:00Z')).toBe('https://example.com/early');
    expect(await sentAt('early', early.id, '2030-03-10T07:15:00Z')).toBe('https://example.com/early');
    // `from` 02:30 is 03:00 EDT too: not before the gap, and from the moment the clocks resume.
    expect(await sentAt('late', late.id, '2030-03-10T06:59:00Z')).toBe('https://example.com/late');
    expect(await sentAt('late', late.id, '2030-03-10T07:00:00Z')).toBe('https://late.example/');
    expect(await sentAt('late', late.id, '2030-03-10T07:15:00Z')).toBe('https://late.example/');
  });
});
