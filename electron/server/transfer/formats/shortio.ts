// Short.io, as the pyshortio library exports it (MacHu-GWU/pyshortio-project,
// example/export.tsv): a TSV with id, short_url, original_url, title, path,
// tags, folder_name, allow_duplicates, clicks_limit, cloaking, password,
// password_contact, redirect_type, ttl, expire_at, expire_url, utm_*,
// android_url, iphone_url, skip_qs, archived, split_url, split_percent and
// integration_* columns. `path` is the alias, the short URL's host the
// domain; a password in the file only marks the link protected (files never
// set passwords here). Tags, folders, UTM and device URLs have no Linkdesk
// field.
import { blankLink } from '../portable.ts';
import { aliasOf, expiryOf, first, instant, positiveInt, requireUrl, shortUrlParts, text, truthy, type FormatSpec } from './common.ts';

export const shortio: FormatSpec = {
  format: 'shortio',
  matches: (cols) => cols.has('original_url') && (cols.has('short_url') || cols.has('path')),
  fields: {
    original_url: 'url', path: 'alias', short_url: 'domain', title: 'title', clicks_limit: 'expiration_clicks',
    expire_at: 'expiration_date', expire_url: 'expiration_url', archived: 'disabled', password: 'password_protected', created_at: 'created_at',
  },
  url: ['original_url'],
  toLink(rec) {
    const link = blankLink(requireUrl(rec, 'original_url'));
    const short = shortUrlParts(rec.get('short_url'));
    link.alias = aliasOf(rec.get('path')) ?? short.alias;
    link.domain = short.domain;
    link.title = text(rec.get('title'));
    link.created_at = instant(first(rec, 'created_at', 'created'));
    link.disabled = truthy(rec.get('archived'));
    link.password_protected = text(rec.get('password')) !== null;
    link.expiration_url = text(rec.get('expire_url'));
    link.expiration_clicks = positiveInt('expiration_clicks', rec.get('clicks_limit'));
    Object.assign(link, expiryOf('expiration_date', rec.get('expire_at')));
    return link;
  },
};
