// The page a banned link answers (issue 44), and a suspended owner's link
// with links=stop: no redirect, no click, no pixel, no rotation turn, no
// preview card, and nothing of the destination (not its URL, not its title,
// not the ban's own words, which may quote it). The reason is told in general
// terms from the ban's source. 451 for a legal block, 403 otherwise.
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
import { esc, type Page } from './html.ts';
import { FORM_HEADERS } from './pages.ts';
import { reportForm } from '../abuse/report-form.ts';

type Stoppable = Pick<RedirectLink, 'banned_at' | 'ban_legal' | 'ban_source' | 'owner_stopped'>;

/** True when the link must not redirect: banned, or its owner suspended with links=stop. A flag of the cached link: no lookup. */
export const isStopped = (link: Stoppable): boolean => link.banned_at !== null || link.owner_stopped === 1;


const WHY: Record<string, string> = {
  blocklist: 'Its destination is on a list of sites known to be harmful, such as phishing, malware or spam sites.',
  threat: 'Its destination was found on a list of known threats (phishing, malware or unwanted software).',
  host: 'Links to its destination site have been blocked by the administrator of this service.',
  report: 'Visitors reported it, and the administrator of this service found the report justified.',
  admin: 'The administrator of this service disabled it because it was being misused.',
};

export function bannedPage(link: Stoppable & Pick<RedirectLink, 'alias'>, host: string): Page {
  const legal = link.banned_at !== null && link.ban_legal === 1;
  const why = link.banned_at === null
    ? 'The account that owns it has been suspended.'
    : legal ? 'It has been blocked for legal reasons.' : (WHY[link.ban_source ?? 'admin'] ?? WHY.admin!);
  return {
    status: legal ? 451 : 403,
    title: 'Link disabled',
    // The report form posts to this site only.
    csp: { formAction: ["'self'"] },
    headers: FORM_HEADERS,
    body: `<h1>This link has been disabled</h1>
<p>For your safety, this short link no longer takes visitors to its destination.</p>
<p>${esc(why)}</p>
<p class="muted">If you followed it from a message or a web page, be careful with what else that message or page asks of you.</p>
${reportForm(link.alias, host)}`,
  };
}
