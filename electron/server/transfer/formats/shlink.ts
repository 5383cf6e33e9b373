// Shlink. Sources: the CSV its `short-url:import csv` reads (shlink-importer:
// "Long URL", "Short code", optional "Domain", "Title", "Tags"); the CSV
// shlink-web-client exports (createdAt, domain, shortCode, shortUrl, longUrl,
// title, tags, visits); and GET /rest/v3/short-urls ({"shortUrls":{"data":[{
// shortCode, shortUrl, longUrl, dateCreated, tags, meta:{validSince,
// validUntil, maxVisits}, domain, title, crawlable, forwardQuery,
// visitsSummary}]}}). Tags, visits, validSince, crawlable and forwardQuery
// have no Linkdesk field.
import { blankLink } from '../portable.ts';
import { expiryOf, first, has, instant, positiveInt, requireUrl, shortUrlParts, text, type FormatSpec } from './common.ts';

export const shlink: FormatSpec = {
  format: 'shlink',
  matches: (cols) => cols.has('long_url') && has(cols, 'short_code', 'short_url'),
  fields: {
    long_url: 'url', short_code: 'alias', domain: 'domain', title: 'title', date_created: 'created_at', created_at: 'created_at',
    meta_valid_until: 'expiration_date', valid_until: 'expiration_date', meta_max_visits: 'expiration_clicks', max_visits: 'expiration_clicks',
  },
  url: ['long_url'],
  toLink(rec) {
    const link = blankLink(requireUrl(rec, 'long_url'));
    const short = shortUrlParts(rec.get('short_url'));
    link.alias = text(rec.get('short_code')) ?? short.alias;
    const domain = text(rec.get('domain'));
    // Shlink names its default domain DEFAULT (or leaves it out).
    link.domain = domain === null || domain === 'DEFAULT' ? null : domain;
    link.title = text(rec.get('title'));
    link.created_at = instant(first(rec, 'date_created', 'created_at'));
    Object.assign(link, expiryOf('expiration_date', first(rec, 'meta_valid_until', 'valid_until')));
    link.expiration_clicks = positiveInt('expiration_clicks', first(rec, 'meta_max_visits', 'max_visits'));
    return link;
  },
};
