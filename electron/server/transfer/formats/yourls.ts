// YOURLS. Sources: YOURLS's `yourls_url` table (keyword, url, title,
// timestamp, ip, clicks), which its export plugins write as CSV or JSON, and
// its API's `stats`/`url-stats` answers ({"links":{"link_1":{"shorturl","url",
// "title","timestamp","ip","clicks"}}}). `timestamp` is MySQL's
// `YYYY-MM-DD HH:MM:SS`. The Import/Export plugin's CSV is `source,target,hits`
// with the alias written `/abc/` and CRLF line ends. ip, clicks and hits have
// no Linkdesk field.
import { blankLink } from '../portable.ts';
import { aliasOf, has, instant, requireUrl, shortUrlParts, text, type FormatSpec } from './common.ts';

export const yourls: FormatSpec = {
  format: 'yourls',
  matches: (cols) => (cols.has('url') && has(cols, 'keyword', 'shorturl')) || (cols.has('target') && cols.has('source')),
  fields: { keyword: 'alias', shorturl: 'alias', url: 'url', title: 'title', timestamp: 'created_at', source: 'alias', target: 'url' },
  url: ['url', 'target'],
  toLink(rec) {
    const link = blankLink(requireUrl(rec, 'url', 'target'));
    // The short URL's host is the YOURLS server's: its links go to the domain the import names.
    link.alias = text(rec.get('keyword')) ?? aliasOf(rec.get('source')) ?? shortUrlParts(rec.get('shorturl')).alias;
    link.title = text(rec.get('title'));
    link.created_at = instant(rec.get('timestamp'));
    return link;
  },
};
