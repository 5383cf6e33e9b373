// The plain pages of the redirect server. Everything printed goes through esc().
import { esc, type Page } from './html.ts';

/**
 * One page for every host without an index page: the instance's own, a
 * registered domain's and any other name alike, so it tells an outsider no
 * more than /.well-known/linkdesk/tls-allowed does (nothing).
 */
export const landingPage = (): Page => ({
  status: 200,
  title: 'Linkdesk',
  body: `<h1>Linkdesk</h1>
<p>This address serves short links. Open a short link to be taken to its destination.</p>`,
});

/** For the pages with a form posting to themselves: the POST then names its origin (same-site.ts) and the destination learns nothing. */
export const FORM_HEADERS = { 'referrer-policy': 'same-origin' };

export const notFoundPage = (): Page => ({
  status: 404,
  title: 'Link not found',
  body: `<h1>Link not found</h1>
<p>There is no link at this address, or it has been turned off.</p>`,
});

export const expiredPage = (): Page => ({
  status: 410,
  title: 'Link expired',
  body: `<h1>This link has expired</h1>
<p>The link has reached its expiration date or the number of visits it allowed.</p>`,
});

export const tooManyAttemptsPage = (retryAfterSeconds: number): Page => ({
  status: 429,
  title: 'Too many attempts',
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: `<h1>Too many attempts</h1>
<p>Too many wrong passwords were tried for this link from your network. Try again in ${esc(Math.ceil(retryAfterSeconds / 60))} minute(s).</p>`,
});

export const errorPage = (status: number): Page => ({
  status,
  title: status >= 500 ? 'Server error' : 'Request not understood',
  body: status >= 500
    ? '<h1>Something went wrong</h1><p>The server could not answer this request. Try again later.</p>'
    : '<h1>Request not understood</h1><p>The server could not read this request.</p>',
});

export interface PasswordForm {
  /** 'link' protects the redirect, 'stats' the statistics page. */
  kind: 'link' | 'stats';
  wrong: boolean;
  /** The "Report this link" form (abuse/report-form.ts), already HTML. */
  report?: string;
}

/** Says nothing of the link's destination (not even its page title) before the password is given. */
export function passwordPage(f: PasswordForm): Page {
  const what = f.kind === 'link' ? 'This link is protected by a password.' : 'The statistics of this link are protected by a password.';
  return {
    status: f.wrong ? 403 : 200,
    title: 'Password required',
    // After a right answer the browser is sent on to the link's destination,
    // which can be any http(s) site; browsers apply form-action to those
    // redirects too, so the link form has to allow them. The statistics form
    // only ever returns to this site.
    csp: { formAction: f.kind === 'link' ? ["'self'", 'https:', 'http:'] : ["'self'"] },
    headers: FORM_HEADERS,
    body: `<h1>Password required</h1>
<p>${esc(what)}</p>
${f.wrong ? '<p class="error" role="alert">Wrong password. Please try again.</p>' : ''}
<form method="post">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus maxlength="128">
<button type="submit">Continue</button>
</form>
${f.report ?? ''}`,
  };
}
