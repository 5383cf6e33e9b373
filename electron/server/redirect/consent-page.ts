// The pages a visitor answers before a link sends them on: consent to the
// link's tracking pixels, and the warning of a sensitive link. Both are plain
// forms posting back to the link's own address (its query string included),
// so they work without script and with the keyboard, and they load nothing:
// no pixel code, no third-party host, the default CSP's "no script, no image".
// Both are in the visitor's language; the consent page names each service
// (a brand, as it is) and says what it does in that language.
import { defineMessages } from '@formatjs/intl';
import type { PixelType } from '../../../shared/constants.ts';
import type { PageText } from '../i18n/page-text.ts';
import { hostOf } from '../util/address.ts';
import { esc, sha256Source, type Page } from './html.ts';
import { FORM_HEADERS } from './pages.ts';

/** After the POST the visitor is sent on to the destination, any http(s) site: form-action governs that redirect too. */
const FORWARDS = { formAction: ["'self'", 'https:', 'http:'] };

const CONSENT_DAYS = 30;

const m = defineMessages({
  title: { id: 'page.consent.title', defaultMessage: 'Tracking consent', description: 'Browser tab title of the page asking before a link\'s tracking pixels run' },
  heading: { id: 'page.consent.heading', defaultMessage: 'Allow tracking for this link?' },
  intro: {
    id: 'page.consent.intro',
    defaultMessage: 'This link leads to <strong>{host}</strong>. Its owner would like to measure your visit with tracking pixels: scripts from advertising and analytics services that may set cookies or read information from your browser.',
    description: '{host}: the destination\'s host name, e.g. shop.example.com',
  },
  services: { id: 'page.consent.services', defaultMessage: 'The services this link would load:', description: 'Above the list of tracking services' },
  service: {
    id: 'page.consent.service',
    defaultMessage: '<strong>{service}</strong>: {kind, select, analytics {measures your visit and how you use the website} tags {loads further measuring and advertising scripts chosen by the link\'s owner} other {measures your visit for advertising and may show you ads on other websites}}',
    description: 'One tracking service; {service} is a brand name (Google Analytics, Meta Pixel, TikTok Pixel…), kept as it is',
  },
  choice: {
    id: 'page.consent.choice',
    defaultMessage: 'Nothing is loaded unless you accept. If you decline, you go straight to {host}. Your choice is remembered for this link for {days, plural, one {# day} other {# days}}.',
  },
  accept: { id: 'page.consent.accept', defaultMessage: 'Accept tracking and continue', description: 'Button' },
  decline: { id: 'page.consent.decline', defaultMessage: 'Decline and continue', description: 'Button' },
  sensitiveTitle: { id: 'page.sensitive.title', defaultMessage: 'Sensitive content', description: 'Browser tab title of the warning before a link marked sensitive' },
  sensitiveHeading: { id: 'page.sensitive.heading', defaultMessage: 'Sensitive content ahead' },
  sensitiveBody: {
    id: 'page.sensitive.body',
    defaultMessage: 'The owner of this link has marked its destination as sensitive: it may contain content some people find offensive or disturbing.',
  },
  sensitiveContinue: { id: 'page.sensitive.continue', defaultMessage: 'Continue', description: 'Button: go on to the destination' },
  sensitiveBack: { id: 'page.sensitive.back', defaultMessage: 'Go back', description: 'Link back to the previous page' },
});

/** The services' own names: brands, never translated. */
const SERVICES: Record<PixelType, { name: string; kind: 'analytics' | 'tags' | 'ads' }> = {
  'google-analytics': { name: 'Google Analytics', kind: 'analytics' },
  'google-tag-manager': { name: 'Google Tag Manager', kind: 'tags' },
  facebook: { name: 'Meta Pixel', kind: 'ads' },
  bing: { name: 'Microsoft Advertising (Bing UET)', kind: 'ads' },
  x: { name: 'X Pixel', kind: 'ads' },
  pinterest: { name: 'Pinterest Tag', kind: 'ads' },
  linkedin: { name: 'LinkedIn Insight Tag', kind: 'ads' },
  quora: { name: 'Quora Pixel', kind: 'ads' },
  adroll: { name: 'AdRoll', kind: 'ads' },
  tiktok: { name: 'TikTok Pixel', kind: 'ads' },
};

/**
 * `token` is the signed destination of the click this page belongs to (consent.ts); `types`: the link's pixels' types
 * (each service named once); `report`: the "Report this link" form, HTML.
 */
export function consentPage(t: PageText, to: string, token: string, types: readonly string[] = [], report = ''): Page {
  const host = hostOf(to);
  const services = [...new Set(types)].filter((k): k is PixelType => Object.hasOwn(SERVICES, k))
    .map((k) => `<li>${t.html(m.service, { service: SERVICES[k].name, kind: SERVICES[k].kind }, { strong: (s) => `<strong>${s}</strong>` })}</li>`);
  return {
    status: 200,
    title: t.text(m.title),
    csp: FORWARDS,
    headers: FORM_HEADERS,
    body: `<h1>${t.html(m.heading)}</h1>
<p>${t.html(m.intro, { host }, { strong: (s) => `<strong>${s}</strong>` })}</p>
${services.length ? `<p>${t.html(m.services)}</p>\n<ul>${services.join('')}</ul>\n` : ''}<p>${t.html(m.choice, { host, days: CONSENT_DAYS })}</p>
<form method="post">
<input type="hidden" name="token" value="${esc(token)}">
<button type="submit" name="consent" value="accept">${t.html(m.accept)}</button>
<button type="submit" name="consent" value="decline">${t.html(m.decline)}</button>
</form>
${report}`,
  };
}

// "Go back" returns to the page the visitor came from when there is one; without script it goes to the domain's home page.
const BACK = "document.getElementById('back').addEventListener('click',function(e){if(history.length>1){e.preventDefault();history.back()}});";
const BACK_HASH = sha256Source(BACK);

/** Says nothing of the destination: a visitor who goes back has seen nothing of it. */
export function sensitivePage(t: PageText, report = ''): Page {
  return {
    status: 200,
    title: t.text(m.sensitiveTitle),
    // Continue comes back to the link, which redirects in the same navigation.
    csp: { ...FORWARDS, script: [BACK_HASH] },
    headers: FORM_HEADERS,
    body: `<h1>${t.html(m.sensitiveHeading)}</h1>
<p>${t.html(m.sensitiveBody)}</p>
<form method="post">
<button type="submit" name="sensitive" value="continue">${t.html(m.sensitiveContinue)}</button>
<a id="back" href="/">${t.html(m.sensitiveBack)}</a>
</form>
${report}
<script>${BACK}</script>`,
  };
}
