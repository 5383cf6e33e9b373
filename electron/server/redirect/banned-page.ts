// The page a banned link answers (issue 44), and a suspended owner's link
// with links=stop: no redirect, no click, no pixel, no rotation turn, no
// preview card, and nothing of the destination (not its URL, not its title,
// not the ban's own words, which may quote it). The reason is told in general
// terms from the ban's source. 451 for a legal block, 403 otherwise.
import { defineMessages } from '@formatjs/intl';
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
import type { PageText } from '../i18n/page-text.ts';
import type { Page } from './html.ts';
import { FORM_HEADERS } from './pages.ts';
import { reportForm } from '../abuse/report-form.ts';

type Stoppable = Pick<RedirectLink, 'banned_at' | 'ban_legal' | 'ban_source' | 'owner_stopped'>;

/** True when the link must not redirect: banned, or its owner suspended with links=stop. A flag of the cached link: no lookup. */
export const isStopped = (link: Stoppable): boolean => link.banned_at !== null || link.owner_stopped === 1;


const m = defineMessages({
  title: { id: 'page.banned.title', defaultMessage: 'Link disabled', description: 'Browser tab title of a link an administrator blocked' },
  heading: { id: 'page.banned.heading', defaultMessage: 'This link has been disabled' },
  safety: { id: 'page.banned.safety', defaultMessage: 'For your safety, this short link no longer takes visitors to its destination.' },
  blocklist: { id: 'page.banned.why.blocklist', defaultMessage: 'Its destination is on a list of sites known to be harmful, such as phishing, malware or spam sites.' },
  threat: { id: 'page.banned.why.threat', defaultMessage: 'Its destination was found on a list of known threats (phishing, malware or unwanted software).' },
  host: { id: 'page.banned.why.host', defaultMessage: 'Links to its destination site have been blocked by the administrator of this service.' },
  report: { id: 'page.banned.why.report', defaultMessage: 'Visitors reported it, and the administrator of this service found the report justified.' },
  admin: { id: 'page.banned.why.admin', defaultMessage: 'The administrator of this service disabled it because it was being misused.' },
  legal: { id: 'page.banned.why.legal', defaultMessage: 'It has been blocked for legal reasons.' },
  suspended: { id: 'page.banned.why.suspended', defaultMessage: 'The account that owns it has been suspended.' },
  careful: {
    id: 'page.banned.careful',
    defaultMessage: 'If you followed it from a message or a web page, be careful with what else that message or page asks of you.',
  },
});

const WHY = { blocklist: m.blocklist, threat: m.threat, host: m.host, report: m.report, admin: m.admin };
const whyOf = (source: string | null) => (Object.hasOwn(WHY, source ?? '') ? WHY[source as keyof typeof WHY] : m.admin);

export function bannedPage(t: PageText, link: Stoppable & Pick<RedirectLink, 'alias'>, host: string): Page {
  const legal = link.banned_at !== null && link.ban_legal === 1;
  const why = link.banned_at === null ? m.suspended : legal ? m.legal : whyOf(link.ban_source);
  return {
    status: legal ? 451 : 403,
    title: t.text(m.title),
    // The report form posts to this site only.
    csp: { formAction: ["'self'"] },
    headers: FORM_HEADERS,
    body: `<h1>${t.html(m.heading)}</h1>
<p>${t.html(m.safety)}</p>
<p>${t.html(why)}</p>
<p class="muted">${t.html(m.careful)}</p>
${reportForm(t, link.alias, host)}`,
  };
}
