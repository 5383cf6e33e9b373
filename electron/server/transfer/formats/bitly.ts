// Bitly. Sources: GET /v4/groups/{group_guid}/bitlinks ({"links":[{
// created_at, id ("bit.ly/abc": domain + back-half), link, custom_bitlinks,
// long_url, title, archived, tags, deeplinks, references }],"pagination"}) and
// the CSVs its web app exports: older ones (Title, Bitlink or Short link, Long
// URL, Date created, Custom back-half, Tags) and today's (Title, Link, Custom
// Link, Destination URL, Date Created, Tags, …; the columns URLR's Bitly
// migration guide shows). A custom back-half is the alias people
// know, so it wins over the generated one. bit.ly's own domain is not the
// importer's: such links go to the default domain. Tags, deeplinks and
// references have no Linkdesk field; archived links arrive disabled.
import { blankLink } from '../portable.ts';
import { first, has, instant, requireUrl, shortUrlParts, text, truthy, type FormatSpec, type Rec } from './common.ts';

/** The first custom back-half: a JSON list, a comma-separated cell or one value. */
function customOf(rec: Rec): unknown {
  const v = first(rec, 'custom_bitlinks', 'custom_back_half', 'custom_bitlink', 'custom_link');
  if (Array.isArray(v)) return v[0];
  const s = text(v);
  if (s === null) return undefined;
  if (s.startsWith('[')) {
    try {
      return (JSON.parse(s) as unknown[])[0];
    } catch { /* not JSON: a plain cell */ }
  }
  return s.split(/[,\s]+/)[0];
}

export const bitly: FormatSpec = {
  format: 'bitly',
  matches: (cols) => (cols.has('long_url') && has(cols, 'link', 'id', 'bitlink', 'short_link', 'custom_bitlinks', 'custom_bitlink'))
    || (cols.has('destination_url') && has(cols, 'link', 'custom_link', 'bitlink')),
  fields: {
    long_url: 'url', destination_url: 'url', link: 'alias', custom_link: 'alias', custom_bitlink: 'alias', id: 'alias', bitlink: 'alias', short_link: 'alias', custom_bitlinks: 'alias', custom_back_half: 'alias',
    title: 'title', created_at: 'created_at', date_created: 'created_at', created: 'created_at', archived: 'disabled',
  },
  url: ['long_url', 'destination_url'],
  toLink(rec) {
    const link = blankLink(requireUrl(rec, 'long_url', 'destination_url'));
    const generated = shortUrlParts(first(rec, 'link', 'bitlink', 'short_link', 'id'));
    const custom = customOf(rec);
    // A bare back-half (no domain) lives on the link's own domain.
    const short = custom === undefined ? generated : String(custom).includes('/') ? shortUrlParts(custom) : { domain: generated.domain, alias: String(custom) };
    link.alias = short.alias;
    link.domain = short.domain;
    link.title = text(rec.get('title'));
    link.created_at = instant(first(rec, 'created_at', 'date_created', 'created'));
    link.disabled = truthy(rec.get('archived'));
    return link;
  },
};
