// Generated links that cover every writable field, for the round-trip property
// tests of import and export (CLI and desktop/API), and how two exports of the
// same links are compared.
import fc from 'fast-check';
import { openImport } from '../../electron/server/transfer/read.ts';
import type { PortableLink } from '../../electron/server/transfer/types.ts';

/** The password every protected link and statistics page gets, and the import is given. */
export const PASSWORD = 'open sesame';

const url = fc.webUrl({ validSchemes: ['https'] }).map((u) => u.slice(0, 300));
export const linkArb = fc.record({
  url, alias: fc.stringMatching(/^[A-Za-z0-9_-]{4,12}$/), onDomain: fc.boolean(), space: fc.option(fc.constantFrom('Team', 'Ads'), { nil: null }),
  pixel: fc.boolean(), disabled: fc.boolean(), privacy: fc.constantFrom(0, 1, 2), password: fc.boolean(),
  expiry: fc.option(fc.record({ date: fc.constantFrom('2030-01-02', '2020-05-06'), time: fc.constantFrom('00:00', '13:45') }), { nil: null }),
  clicks: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }), expirationUrl: fc.option(url, { nil: null }),
  target: fc.constantFrom(0, 1, 2, 3, 4),
  // Current phpShort's generation: types the seed has no number for, weights, the active period's start, sensitive content.
  targets: fc.option(fc.constantFrom('continents', 'browsers', 'devices', 'rotations'), { nil: null }),
  startsAt: fc.option(fc.constant('2019-01-01 08:30'), { nil: null }), sensitive: fc.boolean(), rules: fc.boolean(),
  preview: fc.option(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s.trim() !== ''), { nil: null }),
});
export type GeneratedLink = typeof linkArb extends fc.Arbitrary<infer T> ? T : never;
/** A handful of links with distinct aliases. */
export const linksArb = fc.uniqueArray(linkArb, { minLength: 1, maxLength: 6, selector: (l) => l.alias });

/** The spaces and pixel the generated links refer to, as the source instance creates them. */
export const SOURCE_SPACES = [{ name: 'Team', color: '#aa0000' }, { name: 'Ads' }] as const;
export const SOURCE_PIXEL = { name: 'GA', type: 'google-analytics', pixel_id: 'G-12345' } as const;

/** The create body of a generated link; every targeting list is filled, whichever type is chosen. */
export function bodyOf(l: GeneratedLink, ids: { domain: number; spaces: Record<string, number>; pixel: number }) {
  return {
    url: l.url, alias: l.alias, ...(l.onDomain ? { domain_id: ids.domain } : {}), ...(l.space ? { space_id: ids.spaces[l.space] } : {}),
    pixel_ids: l.pixel ? [ids.pixel] : [], disabled: l.disabled ? 1 : 0, privacy: l.privacy,
    ...(l.privacy === 2 ? { privacy_password: PASSWORD } : {}), // redirect_password: the body carries current phpShort's fields (sensitive_content), where password is the statistics page's.
    ...(l.password ? { redirect_password: PASSWORD } : {}),
    ...(l.expiry ? { expiration_date: l.expiry.date, expiration_time: l.expiry.time } : {}),
    expiration_clicks: l.clicks, expiration_url: l.expirationUrl, target_type: l.target,
    country: [{ key: 'US', value: 'https://us.example.com/' }], platform: [{ key: 'OS X', value: 'https://mac.example.com/' }],
    language: [{ key: 'fr', value: 'https://fr.example.com/' }], rotation: [{ value: 'https://a.example.com/' }, { value: 'https://b.example.com/' }],
    preview_title: l.preview, preview_description: l.preview,
    ...(l.targets ? { target_type: undefined, targets_type: l.targets, targets: TARGETS[l.targets] } : {}),
    ...(l.startsAt ? { active_period_start_at: l.startsAt } : {}), sensitive_content: l.sensitive ? 1 : 0,
    ...(l.rules ? { rules: [{ if: { countries: ['DE'], devices: ['mobile'] }, url: 'https://de.example.com/m' }, { if: { query: { ref: 'mail' } }, url: 'https://mail.example.com/' }] } : {}),
  };
}

const TARGETS = {
  continents: [{ key: 'EU', value: 'https://eu.example.com/' }, { key: 'AS', value: 'https://asia.example.com/' }],
  browsers: [{ key: 'Firefox', value: 'https://firefox.example.com/' }],
  devices: [{ key: 'tablet', value: 'https://tablet.example.com/' }],
  rotations: [{ value: 'https://a.example.com/', weight: 3 }, { value: 'https://b.example.com/' }],
} as const;

/** An export's links as a person compares them: created_at and title aside, in alias order. */
export async function linksIn(text: string) {
  const out: Omit<PortableLink, 'created_at' | 'title'>[] = [];
  for await (const r of openImport(Buffer.from(text)).rows()) {
    if (!('link' in r)) throw new Error(r.rejection.reason);
    const { created_at: _c, title: _t, ...rest } = r.link;
    out.push(rest);
  }
  return out.sort((a, b) => (a.alias! < b.alias! ? -1 : 1));
}
