// "Report this link": the small form on a link's own pages (preview card,
// password, consent and sensitive warning, public statistics, and the banned
// page of part B), and the pages its POST answers with. A plain form: no
// script, works with the keyboard, every value through esc(). It posts to
// `/<alias>/report`, a path no alias can take (an alias has no slash), on the
// page's own host, so the CSP's form-action 'self' is all it needs. In the
// visitor's language (t), its errors too.
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { PageText, Values } from '../i18n/page-text.ts';
import { esc, type Page } from '../redirect/html.ts';
import { FORM_HEADERS } from '../redirect/pages.ts';
import { REPORT_REASONS, type ReportReason } from './reports-repository.ts';

export const REPORT_DETAILS_MAX = 500;

const m = defineMessages({
  phishing: { id: 'page.report.reason.phishing', defaultMessage: 'Phishing (asks for passwords, bank or card details)' },
  malware: { id: 'page.report.reason.malware', defaultMessage: 'Malware or an unwanted download' },
  spam: { id: 'page.report.reason.spam', defaultMessage: 'Spam' },
  other: { id: 'page.report.reason.other', defaultMessage: 'Something else' },
  notSent: { id: 'page.report.notSent', defaultMessage: 'The report was not sent: please correct what is marked below.' },
  question: { id: 'page.report.question', defaultMessage: 'What is wrong with this link?', description: 'Label of the reason list' },
  choose: { id: 'page.report.choose', defaultMessage: 'Choose a reason', description: 'The reason list\'s empty first option' },
  details: { id: 'page.report.details', defaultMessage: 'Details', description: 'Label of the free text field' },
  detailsHint: { id: 'page.report.detailsHint', defaultMessage: '(optional, at most {max, number} characters)' },
  send: { id: 'page.report.send', defaultMessage: 'Send report', description: 'Button' },
  intro: {
    id: 'page.report.intro',
    defaultMessage: 'Tell the people who run {host} about a short link used for phishing, malware or spam. Your report is anonymous; your address is not stored.',
    description: '{host}: the short link\'s host name',
  },
  summary: { id: 'page.report.summary', defaultMessage: 'Report this link', description: 'Opens the report form; also the report page\'s heading' },
  notSentTitle: { id: 'page.report.notSentTitle', defaultMessage: 'Report not sent' },
  shortLink: { id: 'page.report.shortLink', defaultMessage: 'Short link: <code>{url}</code>', description: '{url}: the short link' },
  thanksTitle: { id: 'page.report.thanksTitle', defaultMessage: 'Thank you' },
  thanksBody: {
    id: 'page.report.thanksBody',
    defaultMessage: 'Your report of <code>{url}</code> was received. The people who run this site will look at it; you will not hear back.',
    description: '{url}: the short link',
  },
  thanksAdvice: { id: 'page.report.thanksAdvice', defaultMessage: 'If the link asked you for a password or card details, change that password and tell your bank.' },
  limitTitle: { id: 'page.report.limitTitle', defaultMessage: 'Too many reports' },
  limitBody: {
    id: 'page.report.limitBody',
    defaultMessage: 'Too many reports were sent from your network for now. Nothing was stored. Try again in {wait}.',
    description: '{wait}: a duration in words, e.g. "10 minutes"',
  },
  noReason: { id: 'page.report.error.reason', defaultMessage: 'Choose a reason: phishing, malware, spam or something else.' },
  notText: { id: 'page.report.error.notText', defaultMessage: 'The details must be text.' },
  tooLong: { id: 'page.report.error.tooLong', defaultMessage: 'The details may be at most {max, number} characters; yours are {length, number}.' },
});

/** What a refused POST says of a field, written in the visitor's language when the form is shown. */
export interface FieldError { message: MessageDescriptor; values?: Values }
export const REPORT_ERRORS = { noReason: m.noReason, notText: m.notText, tooLong: m.tooLong };

/** Where the form posts: the link's alias (never with the statistics page's `+`), percent-encoded. */
export const reportPath = (alias: string) => `/${encodeURIComponent(alias)}/report`;

export interface ReportFormState {
  reason?: string;
  details?: string;
  /** Messages by field, from a refused POST. */
  errors?: { reason?: FieldError; details?: FieldError };
}

const code = (s: string) => `<code>${s}</code>`;

/**
 * The form as HTML to put in a page's body. `host`: the host the page was
 * asked for (the short link's), named in the text. Closed in a <details>
 * unless `open` (the form's own page, whose heading names it).
 */
export function reportForm(t: PageText, alias: string, host: string, state: ReportFormState = {}, open = false): string {
  const e = state.errors ?? {};
  const reason = (REPORT_REASONS as readonly string[]).includes(state.reason ?? '') ? state.reason : undefined;
  const options = REPORT_REASONS.map((r: ReportReason) => `<option value="${r}"${r === reason ? ' selected' : ''}>${t.html(m[r])}</option>`).join('');
  const invalid = (field: 'reason' | 'details') => (e[field] ? ` aria-invalid="true" aria-describedby="report-${field}-error"` : '');
  const error = (field: 'reason' | 'details') => {
    const f = e[field];
    return f ? `<p class="error" id="report-${field}-error">${t.html(f.message, f.values)}</p>` : '';
  };
  const form = `<form class="report" method="post" action="${esc(reportPath(alias))}">
${e.reason || e.details ? `<p class="error" role="alert">${t.html(m.notSent)}</p>` : ''}
<label for="report-reason">${t.html(m.question)}</label>
<select id="report-reason" name="reason" required${invalid('reason')}>
<option value=""${reason ? '' : ' selected'}>${t.html(m.choose)}</option>${options}
</select>
${error('reason')}
<label for="report-details">${t.html(m.details)} <span class="muted">${t.html(m.detailsHint, { max: REPORT_DETAILS_MAX })}</span></label>
<textarea id="report-details" name="details" rows="3" maxlength="${REPORT_DETAILS_MAX}"${invalid('details')}>${esc(state.details ?? '')}</textarea>
${error('details')}
<button type="submit">${t.html(m.send)}</button>
</form>`;
  const intro = `<p class="muted">${t.html(m.intro, { host })}</p>`;
  if (open) return `${intro}\n${form}`;
  return `<details class="report-box"><summary>${t.html(m.summary)}</summary>\n${intro}\n${form}</details>`;
}

/** The form on a page of its own: GET of the report path, and a POST refused for what it held (422). */
export function reportFormPage(t: PageText, alias: string, host: string, shortUrl: string, state: ReportFormState = {}, status = 200): Page {
  return {
    status,
    title: t.text(status === 200 ? m.summary : m.notSentTitle),
    csp: { formAction: ["'self'"] },
    headers: FORM_HEADERS,
    body: `<h1>${t.html(m.summary)}</h1>
<p>${t.html(m.shortLink, { url: shortUrl }, { code })}</p>
${reportForm(t, alias, host, state, true)}`,
  };
}

export const reportThanksPage = (t: PageText, shortUrl: string): Page => ({
  status: 200,
  title: t.text(m.thanksTitle),
  body: `<h1>${t.html(m.thanksTitle)}</h1>
<p>${t.html(m.thanksBody, { url: shortUrl }, { code })}</p>
<p>${t.html(m.thanksAdvice)}</p>`,
});

export const reportLimitPage = (t: PageText, retryAfterSeconds: number): Page => ({
  status: 429,
  title: t.text(m.limitTitle),
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: `<h1>${t.html(m.limitTitle)}</h1>
<p>${t.html(m.limitBody, { wait: t.wait(retryAfterSeconds) })}</p>`,
});
