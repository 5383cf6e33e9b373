// The pages a visitor answers before a link sends them on: consent to the
// link's tracking pixels, and the warning of a sensitive link. Both are plain
// forms posting back to the link's own address (its query string included),
// so they work without script and with the keyboard, and they load nothing:
// no pixel code, no third-party host, the default CSP's "no script, no image".
import { hostOf } from '../util/address.ts';
import { esc, sha256Source, type Page } from './html.ts';
import { FORM_HEADERS } from './pages.ts';

/** After the POST the visitor is sent on to the destination, any http(s) site: form-action governs that redirect too. */
const FORWARDS = { formAction: ["'self'", 'https:', 'http:'] };


/** `token` is the signed destination of the click this page belongs to (consent.ts); `report`: the "Report this link" form, HTML. */
export function consentPage(to: string, token: string, report = ''): Page {
  const host = hostOf(to);
  return {
    status: 200,
    title: 'Tracking consent',
    csp: FORWARDS,
    headers: FORM_HEADERS,
    body: `<h1>Allow tracking for this link?</h1>
<p>This link leads to <strong>${esc(host)}</strong>. Its owner would like to measure your visit with tracking pixels:
scripts from advertising and analytics services that may set cookies or read information from your browser.</p>
<p>Nothing is loaded unless you accept. If you decline, you go straight to ${esc(host)}. Your choice is remembered for this link for 30 days.</p>
<form method="post">
<input type="hidden" name="token" value="${esc(token)}">
<button type="submit" name="consent" value="accept">Accept tracking and continue</button>
<button type="submit" name="consent" value="decline">Decline and continue</button>
</form>
${report}`,
  };
}

// "Go back" returns to the page the visitor came from when there is one; without script it goes to the domain's home page.
const BACK = "document.getElementById('back').addEventListener('click',function(e){if(history.length>1){e.preventDefault();history.back()}});";
const BACK_HASH = sha256Source(BACK);

/** Says nothing of the destination: a visitor who goes back has seen nothing of it. */
export function sensitivePage(report = ''): Page {
  return {
    status: 200,
    title: 'Sensitive content',
    // Continue comes back to the link, which redirects in the same navigation.
    csp: { ...FORWARDS, script: [BACK_HASH] },
    headers: FORM_HEADERS,
    body: `<h1>Sensitive content ahead</h1>
<p>The owner of this link has marked its destination as sensitive: it may contain content some people find offensive or disturbing.</p>
<form method="post">
<button type="submit" name="sensitive" value="continue">Continue</button>
<a id="back" href="/">Go back</a>
</form>
${report}
<script>${BACK}</script>`,
  };
}
