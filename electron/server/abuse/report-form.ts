// "Report this link": the small form on a link's own pages (preview card,
// password, consent and sensitive warning, public statistics, and the banned
// page of part B), and the pages its POST answers with. A plain form: no
// script, works with the keyboard, every value through esc(). It posts to
// `/<alias>/report`, a path no alias can take (an alias has no slash), on the
// page's own host, so the CSP's form-action 'self' is all it needs.
import { esc, type Page } from '../redirect/html.ts';
import { FORM_HEADERS } from '../redirect/pages.ts';
import { REPORT_REASONS, type ReportReason } from './reports-repository.ts';

export const REPORT_DETAILS_MAX = 500;

const REASON_TEXT: Record<ReportReason, string> = {
  phishing: 'Phishing (asks for passwords, bank or card details)',
  malware: 'Malware or an unwanted download',
  spam: 'Spam',
  other: 'Something else',
};

/** Where the form posts: the link's alias (never with the statistics page's `+`), percent-encoded. */
export const reportPath = (alias: string) => `/${encodeURIComponent(alias)}/report`;

export interface ReportFormState {
  reason?: string;
  details?: string;
  /** Messages by field, from a refused POST. */
  errors?: { reason?: string; details?: string };
}

/**
 * The form as HTML to put in a page's body. `host`: the host the page was
 * asked for (the short link's), named in the text. Closed in a <details>
 * unless `open` (the form's own page, whose heading names it).
 */
export function reportForm(alias: string, host: string, state: ReportFormState = {}, open = false): string {
  const e = state.errors ?? {};
  const reason = (REPORT_REASONS as readonly string[]).includes(state.reason ?? '') ? state.reason : undefined;
  const options = REPORT_REASONS.map((r) => `<option value="${r}"${r === reason ? ' selected' : ''}>${esc(REASON_TEXT[r])}</option>`).join('');
  const invalid = (field: 'reason' | 'details') => (e[field] ? ` aria-invalid="true" aria-describedby="report-${field}-error"` : '');
  const error = (field: 'reason' | 'details') => (e[field] ? `<p class="error" id="report-${field}-error">${esc(e[field])}</p>` : '');
  const form = `<form class="report" method="post" action="${esc(reportPath(alias))}">
${e.reason || e.details ? '<p class="error" role="alert">The report was not sent: please correct what is marked below.</p>' : ''}
<label for="report-reason">What is wrong with this link?</label>
<select id="report-reason" name="reason" required${invalid('reason')}>
<option value=""${reason ? '' : ' selected'}>Choose a reason</option>${options}
</select>
${error('reason')}
<label for="report-details">Details <span class="muted">(optional, at most ${REPORT_DETAILS_MAX} characters)</span></label>
<textarea id="report-details" name="details" rows="3" maxlength="${REPORT_DETAILS_MAX}"${invalid('details')}>${esc(state.details ?? '')}</textarea>
${error('details')}
<button type="submit">Send report</button>
</form>`;
  const intro = `<p class="muted">Tell the people who run ${esc(host)} about a short link used for phishing, malware or spam. `
    + 'Your report is anonymous; your address is not stored.</p>';
  if (open) return `${intro}\n${form}`;
  return `<details class="report-box"><summary>Report this link</summary>\n${intro}\n${form}</details>`;
}

/** The form on a page of its own: GET of the report path, and a POST refused for what it held (422). */
export function reportFormPage(alias: string, host: string, shortUrl: string, state: ReportFormState = {}, status = 200): Page {
  return {
    status,
    title: status === 200 ? 'Report this link' : 'Report not sent',
    csp: { formAction: ["'self'"] },
    headers: FORM_HEADERS,
    body: `<h1>Report this link</h1>
<p>Short link: <code>${esc(shortUrl)}</code></p>
${reportForm(alias, host, state, true)}`,
  };
}

export const reportThanksPage = (shortUrl: string): Page => ({
  status: 200,
  title: 'Thank you',
  body: `<h1>Thank you</h1>
<p>Your report of <code>${esc(shortUrl)}</code> was received. The people who run this site will look at it; you will not hear back.</p>
<p>If the link asked you for a password or card details, change that password and tell your bank.</p>`,
});

export const reportLimitPage = (retryAfterSeconds: number): Page => ({
  status: 429,
  title: 'Too many reports',
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: `<h1>Too many reports</h1>
<p>Too many reports were sent from your network for now. Nothing was stored. Try again in ${esc(waitInWords(retryAfterSeconds))}.</p>`,
});

function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
