// Dub. Source: the export dialog of Dub's dashboard (dubinc/dub,
// export-links-modal): columns "Short link", "Destination URL", "Clicks",
// "Created at" by default, and optionally "Updated at", "Tags", "Archived"
// (newer releases add "Link ID", "Title" and others). The short link is the
// whole URL, its host the domain (dub.sh is Dub's, so the default domain
// here). Clicks, tags and ids have no Linkdesk field; archived links arrive
// disabled.
import { blankLink } from '../portable.ts';
import { instant, requireUrl, shortUrlParts, text, truthy, type FormatSpec } from './common.ts';

export const dub: FormatSpec = {
  format: 'dub',
  matches: (cols) => cols.has('destination_url') && cols.has('short_link'),
  fields: { destination_url: 'url', short_link: 'alias', created_at: 'created_at', archived: 'disabled', title: 'title' },
  url: ['destination_url'],
  toLink(rec) {
    const link = blankLink(requireUrl(rec, 'destination_url'));
    const short = shortUrlParts(rec.get('short_link'));
    link.alias = short.alias;
    link.domain = short.domain;
    link.title = text(rec.get('title'));
    link.created_at = instant(rec.get('created_at'));
    link.disabled = truthy(rec.get('archived'));
    return link;
  },
};
