// The page that fires a link's pixels before forwarding. No owner-written
// text is ever part of a script: the pixel ids and the destination travel in
// a JSON data block (which browsers never execute), and each vendor's loader
// is a fixed script allowed by its SHA-256 hash. The CSP names those hashes
// and the vendor hosts of the pixel types on the page, and nothing else.
// A Google Tag Manager container can be set up to load tags from any host;
// those beyond Google's own are blocked here, the price of a strict policy.
import { defineMessages } from '@formatjs/intl';
import type { PixelType } from '../../../shared/constants.ts';
import type { PageText } from '../i18n/page-text.ts';
import { esc, jsonForScript, sha256Source, type CspSources, type Page } from './html.ts';

interface Vendor { script: string[]; img: string[]; connect: string[] }

// `ids` holds this type's pixel ids, `L` loads a script asynchronously.
const PRELUDE = "var w=window,ids=JSON.parse(document.getElementById('ld-data').textContent).pixels[T]||[];"
  + "function L(s,f){var e=document.createElement('script');e.async=true;e.src=s;if(f)e.onload=f;document.head.appendChild(e)}";

const SNIPPETS: Record<PixelType, string> = {
  'google-analytics': "w.dataLayer=w.dataLayer||[];w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};w.gtag('js',new Date());"
    + "ids.forEach(function(id){w.gtag('config',id)});L('https://www.googletagmanager.com/gtag/js?id='+encodeURIComponent(ids[0]));",
  'google-tag-manager': "w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});"
    + "ids.forEach(function(id){L('https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(id))});",
  facebook: "if(!w.fbq){var n=w.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};"
    + "if(!w._fbq)w._fbq=n;n.push=n;n.loaded=true;n.version='2.0';n.queue=[];L('https://connect.facebook.net/en_US/fbevents.js')}"
    + "ids.forEach(function(id){w.fbq('init',id)});w.fbq('track','PageView');",
  bing: "w.uetq=w.uetq||[];L('https://bat.bing.com/bat.js',function(){ids.forEach(function(id){"
    + "var o={ti:id,enableAutoSpaTracking:true};o.q=w.uetq;w.uetq=new w.UET(o);w.uetq.push('pageLoad')})});",
  x: "if(!w.twq){var s=w.twq=function(){s.exe?s.exe.apply(s,arguments):s.queue.push(arguments)};s.version='1.1';s.queue=[];"
    + "L('https://static.ads-twitter.com/uwt.js')}ids.forEach(function(id){w.twq('config',id)});",
  pinterest: "if(!w.pintrk){var p=w.pintrk=function(){p.queue.push(Array.prototype.slice.call(arguments))};p.queue=[];p.version='3.0';"
    + "L('https://s.pinimg.com/ct/core.js')}ids.forEach(function(id){w.pintrk('load',id)});w.pintrk('page');",
  linkedin: "w._linkedin_data_partner_ids=w._linkedin_data_partner_ids||[];ids.forEach(function(id){w._linkedin_data_partner_ids.push(id)});"
    + "if(!w.lintrk){w.lintrk=function(a,b){w.lintrk.q.push([a,b])};w.lintrk.q=[]}L('https://snap.licdn.com/li.lms-analytics/insight.min.js');",
  quora: "if(!w.qp){var q=w.qp=function(){q.qp?q.qp.apply(q,arguments):q.queue.push(arguments)};q.queue=[];L('https://a.quora.com/qevents.js')}"
    + "ids.forEach(function(id){w.qp('init',id)});w.qp('track','ViewContent');",
  adroll: "w.adroll_adv_id=ids[0];w.adroll_version='2.0';L('https://s.adroll.com/j/'+encodeURIComponent(ids[0])+'/roundtrip.js');",
  tiktok: "w.TiktokAnalyticsObject='ttq';var t=w.ttq=w.ttq||[];t.methods=['page','track','identify','instances','debug','on','off','once','ready','alias','group','enableCookie','disableCookie'];"
    + "t.setAndDefer=function(o,m){o[m]=function(){o.push([m].concat(Array.prototype.slice.call(arguments,0)))}};"
    + "for(var i=0;i<t.methods.length;i++)t.setAndDefer(t,t.methods[i]);t._i=t._i||{};t._t=t._t||{};t._o=t._o||{};"
    + "ids.forEach(function(id){var u='https://analytics.tiktok.com/i18n/pixel/events.js';t._i[id]=[];t._i[id]._u=u;t._t[id]=+new Date;t._o[id]={};"
    + "L(u+'?sdkid='+encodeURIComponent(id)+'&lib=ttq')});t.page();",
};

const GOOGLE: Vendor = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};
const VENDORS: Record<PixelType, Vendor> = {
  'google-analytics': GOOGLE,
  'google-tag-manager': GOOGLE,
  facebook: { script: ['https://connect.facebook.net'], img: ['https://www.facebook.com'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'] },
  bing: { script: ['https://bat.bing.com'], img: ['https://bat.bing.com'], connect: ['https://bat.bing.com'] },
  x: { script: ['https://static.ads-twitter.com'], img: ['https://t.co', 'https://analytics.twitter.com'], connect: ['https://analytics.twitter.com'] },
  pinterest: { script: ['https://s.pinimg.com'], img: ['https://ct.pinterest.com'], connect: ['https://ct.pinterest.com'] },
  linkedin: { script: ['https://snap.licdn.com'], img: ['https://px.ads.linkedin.com'], connect: ['https://px.ads.linkedin.com'] },
  quora: { script: ['https://a.quora.com'], img: ['https://q.quora.com'], connect: ['https://q.quora.com'] },
  adroll: { script: ['https://s.adroll.com'], img: ['https://d.adroll.com'], connect: ['https://d.adroll.com'] },
  tiktok: { script: ['https://analytics.tiktok.com'], img: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'] },
};

const SCRIPTS = Object.fromEntries(Object.entries(SNIPPETS).map(([type, body]) => {
  const source = `(function(){var T=${JSON.stringify(type)};${PRELUDE}${body}})();`;
  return [type, { source, hash: sha256Source(source) }];
})) as Record<PixelType, { source: string; hash: string }>;

// Forwards once the page (and the pixel scripts it started) has loaded, and
// after 2.5 s at the latest; the meta refresh covers browsers without script.
const FORWARD = "(function(){var to=JSON.parse(document.getElementById('ld-data').textContent).to,done=false;"
  + 'function go(){if(!done){done=true;location.replace(to)}}'
  + "addEventListener('load',function(){setTimeout(go,300)});setTimeout(go,2500)})();";
const FORWARD_HASH = sha256Source(FORWARD);

const m = defineMessages({
  title: { id: 'page.pixels.title', defaultMessage: 'Redirecting…', description: 'Shown for a moment while the link\'s pixels load, before the destination' },
  body: { id: 'page.pixels.body', defaultMessage: 'You are being taken to <a>{url}</a>.', description: '{url}: the destination address, a link (<a>…</a>)' },
});

const isPixelType = (t: string): t is PixelType => Object.hasOwn(SNIPPETS, t);

export function pixelPage(t: PageText, to: string, pixels: { type: string; pixel_id: string }[]): Page {
  // The page navigates to `to` by script: only ever an http(s) address, even
  // if a row reached the database around the API's validation.
  if (!/^https?:\/\//i.test(to)) throw new Error('pixel page: destination is not an http(s) URL');
  const byType: Partial<Record<PixelType, string[]>> = {};
  for (const p of pixels) if (isPixelType(p.type)) (byType[p.type] ??= []).push(p.pixel_id);
  const types = Object.keys(byType) as PixelType[];
  const sources: Required<Pick<CspSources, 'script' | 'img' | 'connect'>> = { script: [FORWARD_HASH], img: [], connect: [] };
  for (const t of types) {
    sources.script.push(SCRIPTS[t].hash, ...VENDORS[t].script);
    sources.img.push(...VENDORS[t].img);
    sources.connect.push(...VENDORS[t].connect);
  }
  const uniq = (a: string[]) => [...new Set(a)];
  const head = `<meta http-equiv="refresh" content="4;url=${esc(to)}">
<script type="application/json" id="ld-data">${jsonForScript({ to, pixels: byType })}</script>
${types.map((t) => `<script>${SCRIPTS[t].source}</script>`).join('\n')}
<script>${FORWARD}</script>`;
  return {
    status: 200,
    title: t.text(m.title),
    head,
    csp: { script: uniq(sources.script), img: uniq(sources.img), connect: uniq(sources.connect) },
    // The destination may rely on knowing which site sent the visitor.
    headers: { 'referrer-policy': 'strict-origin-when-cross-origin' },
    body: `<h1>${t.html(m.title)}</h1>
<p>${t.html(m.body, { url: to }, { a: (s) => `<a href="${esc(to)}">${s}</a>` })}</p>`,
  };
}
