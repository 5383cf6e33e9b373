// The plain pages of the redirect server, in the visitor's language (t).
// Everything printed goes through esc() or t.html().
import { defineMessages } from '@formatjs/intl';
import type { PageText } from '../i18n/page-text.ts';
import type { Page } from './html.ts';

const m = defineMessages({
  landingBody: { id: 'page.landing.body', defaultMessage: 'This address serves short links. Open a short link to be taken to its destination.', description: 'The page of a host\'s home address (no short link in the path)' },
  notFoundTitle: { id: 'page.notFound.title', defaultMessage: 'Link not found' },
  notFoundBody: { id: 'page.notFound.body', defaultMessage: 'There is no link at this address, or it has been turned off.' },
  expiredTitle: { id: 'page.expired.title', defaultMessage: 'Link expired', description: 'Browser tab title of an expired link' },
  expiredHeading: { id: 'page.expired.heading', defaultMessage: 'This link has expired' },
  expiredBody: { id: 'page.expired.body', defaultMessage: 'The link has reached its expiration date or the number of visits it allowed.' },
  attemptsTitle: { id: 'page.tooManyAttempts.title', defaultMessage: 'Too many attempts', description: 'Too many wrong passwords for a protected link' },
  attemptsBody: {
    id: 'page.tooManyAttempts.body',
    defaultMessage: 'Too many wrong passwords were tried for this link from your network. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  serverErrorTitle: { id: 'page.error.serverTitle', defaultMessage: 'Server error' },
  serverErrorHeading: { id: 'page.error.serverHeading', defaultMessage: 'Something went wrong' },
  serverErrorBody: { id: 'page.error.serverBody', defaultMessage: 'The server could not answer this request. Try again later.' },
  badRequestTitle: { id: 'page.error.badRequestTitle', defaultMessage: 'Request not understood', description: 'A malformed request (HTTP 400)' },
  badRequestBody: { id: 'page.error.badRequestBody', defaultMessage: 'The server could not read this request.' },
  passwordTitle: { id: 'page.password.title', defaultMessage: 'Password required' },
  passwordLink: { id: 'page.password.link', defaultMessage: 'This link is protected by a password.' },
  passwordStats: { id: 'page.password.stats', defaultMessage: 'The statistics of this link are protected by a password.' },
  passwordWrong: { id: 'page.password.wrong', defaultMessage: 'Wrong password. Please try again.' },
  passwordLabel: { id: 'page.password.label', defaultMessage: 'Password', description: 'Label of the password field' },
  passwordContinue: { id: 'page.password.continue', defaultMessage: 'Continue', description: 'Button sending the password' },
});

/**
 * One page for every host without an index page: the instance's own, a
 * registered domain's and any other name alike, so it tells an outsider no
 * more than /.well-known/linkdesk/tls-allowed does (nothing).
 */
export const landingPage = (t: PageText): Page => ({
  status: 200,
  title: 'Linkdesk',
  body: `<h1>Linkdesk</h1>
<p>${t.html(m.landingBody)}</p>`,
});

/** For the pages with a form posting to themselves: the POST then names its origin (same-site.ts) and the destination learns nothing. */
export const FORM_HEADERS = { 'referrer-policy': 'same-origin' };

export const notFoundPage = (t: PageText): Page => ({
  status: 404,
  title: t.text(m.notFoundTitle),
  body: `<h1>${t.html(m.notFoundTitle)}</h1>
<p>${t.html(m.notFoundBody)}</p>`,
});

export const expiredPage = (t: PageText): Page => ({
  status: 410,
  title: t.text(m.expiredTitle),
  body: `<h1>${t.html(m.expiredHeading)}</h1>
<p>${t.html(m.expiredBody)}</p>`,
});

export const tooManyAttemptsPage = (t: PageText, retryAfterSeconds: number): Page => ({
  status: 429,
  title: t.text(m.attemptsTitle),
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: `<h1>${t.html(m.attemptsTitle)}</h1>
<p>${t.html(m.attemptsBody, { minutes: Math.ceil(retryAfterSeconds / 60) })}</p>`,
});

export const errorPage = (t: PageText, status: number): Page => ({
  status,
  title: t.text(status >= 500 ? m.serverErrorTitle : m.badRequestTitle),
  body: status >= 500
    ? `<h1>${t.html(m.serverErrorHeading)}</h1><p>${t.html(m.serverErrorBody)}</p>`
    : `<h1>${t.html(m.badRequestTitle)}</h1><p>${t.html(m.badRequestBody)}</p>`,
});

export interface PasswordForm {
  /** 'link' protects the redirect, 'stats' the statistics page. */
  kind: 'link' | 'stats';
  wrong: boolean;
  /** The "Report this link" form (abuse/report-form.ts), already HTML. */
  report?: string;
}

/** Says nothing of the link's destination (not even its page title) before the password is given. */
export function passwordPage(t: PageText, f: PasswordForm): Page {
  return {
    status: f.wrong ? 403 : 200,
    title: t.text(m.passwordTitle),
    // After a right answer the browser is sent on to the link's destination,
    // which can be any http(s) site; browsers apply form-action to those
    // redirects too, so the link form has to allow them. The statistics form
    // only ever returns to this site.
    csp: { formAction: f.kind === 'link' ? ["'self'", 'https:', 'http:'] : ["'self'"] },
    headers: FORM_HEADERS,
    body: `<h1>${t.html(m.passwordTitle)}</h1>
<p>${t.html(f.kind === 'link' ? m.passwordLink : m.passwordStats)}</p>
${f.wrong ? `<p class="error" role="alert">${t.html(m.passwordWrong)}</p>` : ''}
<form method="post">
<label for="password">${t.html(m.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus maxlength="128">
<button type="submit">${t.html(m.passwordContinue)}</button>
</form>
${f.report ?? ''}`,
  };
}
