// The redirect server: every path outside /api on the same port as the API.
// GET /<alias> follows the order of DESIGN.md's "Redirect server": unknown,
// disabled, expired, password, targeting, pixels, redirect, click; past the
// password, a link-preview crawler gets the link's card instead (preview-page.ts).
// On SQLite the redirect path stays synchronous from the lookup to the
// answer; on PostgreSQL the steps that need the database (a click budget, a
// rotation's turn, pixels, a link not in memory) are awaited (source.ts).
// Click limits are exact either way: the budget is spent by one conditional
// UPDATE in the database.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVED_ALIASES, TARGET_TYPE } from '../../../shared/constants.ts';
import { ALIAS_PATTERN, normalizeAlias } from '../../../shared/schemas/links.ts';
import type { Repositories } from '../api/context.ts';
import { hostOfUrl, reservedHostReason } from '../api/routes/domains.ts';
import { linkStatus, shortUrl } from '../api/serializers.ts';
import type { RedirectStatus } from '../config.ts';
import type { Store } from '../db/database.ts';
import type { PostgresStore } from '../db/postgres.ts';
import type { RedirectDomain, RedirectLink } from '../db/repositories/redirect-repository.ts';
import { verifyPassword } from '../util/secrets.ts';
import { createAttemptLimiter, createPasswordMemory, DEFAULT_ATTEMPT_LIMIT, type AttemptLimit, type Gate } from './access.ts';
import type { ClickWriterMode } from './clicks.ts';
import { agentOf } from './client.ts';
import type { Client, FastRoute } from './fast-path.ts';
import { enrich, qrMarked, rawClick } from './enrich.ts';
import { consentOf, createConsentTokens, rememberConsent, rememberSensitive, sensitiveSeen } from './consent.ts';
import { consentPage, sensitivePage } from './consent-page.ts';
import { cityDatabaseFiles, defaultGeoipPath, openGeoLookup, type CountryLookup } from './geoip.ts';
import { sendPage, type Page, type PageOf } from './html.ts';
import { bannedPage, isStopped } from './banned-page.ts';
import { errorPage, expiredPage, landingPage, notFoundPage, passwordPage, tooManyAttemptsPage } from './pages.ts';
import { pixelPage } from './pixels.ts';
import { elsewhere, elsewherePage } from './same-site.ts';
import { forwardedQuery } from './qr-marker.ts';
import { previewCrawlerOf } from './preview-crawlers.ts';
import { hasPreview, previewPage } from './preview-page.ts';
import { statsPage } from './stats-page.ts';
import { after, createRedirectSource, type Maybe } from './source.ts';
import { watchRequests } from './request-activity.ts';
import { isHttpUrl, withQuery } from './targeting.ts';
import { compiledOf, decide, NEED, pickTurn, type Chosen } from './rules.ts';
import { requestVisitor } from './rule-visitor.ts';
import { registerReportRoutes, reportForm, type ReportRouteDeps } from '../abuse/report-route.ts';
import { found, hostOf, queryOf, selfLocation } from './request-parts.ts';

export interface RedirectOptions {
  store: Store | PostgresStore;
  repos: Repositories;
  redirectStatus: RedirectStatus;
  baseUrl(): string;
  now(): number;
  /** The GeoIP database file (.mmdb); the embedded DB-IP database when absent. */
  geoipPath?: string;
  /** Country lookup on the request thread; opened from `geoipPath` when absent. */
  geoip?: CountryLookup;
  /** The city database file; undefined: DB-IP City Lite when installed; null: none. */
  geoipCity?: string | null;
  /** The instance's time zone: click rollups are by its days. */
  timeZone: string;
  /** Raw clicks older than this many days are pruned (rollups stay); null keeps them. */
  clickRetentionDays?: number | null;
  attemptLimit?: AttemptLimit;
  /** Where batches of clicks are written: a worker thread (default) or the request thread. */
  clickWriter?: ClickWriterMode;
  /** Ask visitors before a link's pixels run (the default); false fires them at once, for operators who collect consent elsewhere. */
  pixelConsent?: boolean;
  /** After a visitor's report is stored: its audit entry and webhooks (abuse/report-events.ts). */
  reportCreated?: ReportRouteDeps['created'];
}

const RESERVED = new Set<string>(RESERVED_ALIASES);
const MAX_PASSWORD = 128;
const CACHED_LINKS = 200_000;

/** The server counts as idle (the link cache warms at full speed) this long after its last answer. */
const QUIET_MS = 5;

/** Registers the redirect routes; returns the route for the fast path (fast-path.ts) in front of Fastify. */
export async function registerRedirects(
  app: FastifyInstance, o: RedirectOptions,
): Promise<FastRoute & {
  clickBacklog(): { clicks: number; bytes: number; waiting: number; bound: number; writerRunning: boolean } | null;
  /** A registered domain's host or the instance's own (tls-allowed.ts asks, from the same memory redirects read). */
  knownHost(host: string): boolean;
}> {
  const geoipPath = o.geoipPath ?? defaultGeoipPath();
  const geoipCity = cityDatabaseFiles(o.geoipCity);
  // Cities are looked up here only for links with a click limit (their click is stored before the answer), from the files as
  // lookups need them (mmdb-file.ts): a few pages, never the whole file.
  const geo = o.geoip ?? openGeoLookup(geoipPath, geoipCity);
  const cache = createRedirectSource(o.store, {
    timeZone: o.timeZone, geo, geoipPath, geoipCity, clickWriter: o.clickWriter ?? 'worker', capacity: CACHED_LINKS,
    retentionMs: o.clickRetentionDays ? o.clickRetentionDays * 86_400_000 : null,
    onError: (err, what) => app.log.error({ err }, what),
    onDropped: (count, total) => app.log.error(`dropped ${count} clicks the database could not take in time (${total} since start)`),
    onBehind: () => {
      behind += 1;
      const now = Date.now();
      if (now - behindLogged < 60_000) return;
      behindLogged = now;
      app.log.warn({ times: behind }, 'more redirects than the click writer stores: redirects wait for it (memory stays bounded, no click is dropped)');
      behind = 0;
    },
  });
  let behind = 0;
  let behindLogged = 0;
  const clicks = cache.recorder;
  const memory = createPasswordMemory(await cache.secret('password-cookie'), o.now);
  const consentTokens = createConsentTokens(await cache.secret('consent-token'), o.now);
  const attempts = createAttemptLimiter(o.attemptLimit ?? DEFAULT_ATTEMPT_LIMIT, o.now);
  // The link cache warms at full speed while the server is idle, and paced while it answers requests.
  app.addHook('onReady', async () => {
    const activity = watchRequests(app.server, QUIET_MS);
    await cache.start({ busy: activity.busy, warmed: activity.stop });
  });
  app.addHook('onClose', async () => cache.close());
  // Anything but GET and HEAD may have changed links (the API's writes): the
  // next redirect sees it before anyone has seen this answer.
  app.addHook('onSend', (req, _reply, payload, done) => {
    const settled = req.method !== 'GET' && req.method !== 'HEAD' ? cache.touch() : undefined;
    if (settled) settled.then(() => done(null, payload), () => done(null, payload));
    else done(null, payload);
  });

  const page = (reply: FastifyReply, p: Page | PageOf) => sendPage(reply, p);

  // The instance's own host, localhost and IP literals are the default
  // domain's even when an older database registered one of them as a domain:
  // otherwise whoever registered it would take over the default links.
  let base = '';
  let own = '';
  const ownHost = () => {
    const b = o.baseUrl();
    if (b !== base) own = hostOfUrl(base = b);
    return own;
  };
  const refused = new WeakMap<RedirectDomain, boolean>();
  function domainOf(host: string): RedirectDomain | undefined {
    const d = cache.domain(host);
    if (!d) return undefined;
    let r = refused.get(d);
    if (r === undefined) refused.set(d, (r = reservedHostReason(host, '') !== null));
    return r || host === ownHost() ? undefined : d;
  }
  app.addHook('onReady', async () => {
    for (const d of await o.repos.domains.allNames()) {
      const why = reservedHostReason(d.name, ownHost());
      if (why) app.log.warn(`Domain "${d.name}" (id ${d.id}) is ignored and its host is served as the default domain. ${why}`);
    }
  });

  function notFound(reply: FastifyReply, host: string): FastifyReply {
    const d = domainOf(host);
    if (isHttpUrl(d?.not_found_page)) return found(reply, withQuery(d.not_found_page, ''));
    return page(reply, notFoundPage);
  }

  function expired(reply: FastifyReply, link: RedirectLink): FastifyReply {
    if (isHttpUrl(link.expiration_url)) return found(reply, withQuery(link.expiration_url, ''));
    return page(reply, expiredPage);
  }

  /** The link for `/<alias>` or `/<alias>+` on this host, or undefined after answering "not found". */
  type Looked = { link: RedirectLink | undefined; stats: boolean; host: string };
  /** `stopped`: a banned or stopped link too (its report form), instead of answering its page. */
  function lookup(req: FastifyRequest<{ Params: { alias: string } }>, reply: FastifyReply, stopped = false): Maybe<Looked> {
    // Fastify has percent-decoded the path (`/caf%C3%A9`); aliases are stored NFC, so an NFD spelling finds the same link.
    const raw = req.params.alias;
    const stats = raw.endsWith('+');
    const alias = normalizeAlias(stats ? raw.slice(0, -1) : raw);
    const host = hostOf(req);
    cache.sync();
    const valid = ALIAS_PATTERN.test(alias) && !RESERVED.has(alias.toLowerCase());
    return after(valid ? cache.link(domainOf(host)?.id ?? 0, alias) : undefined, (link) => {
      // Banned, or its owner suspended with links=stop: its page and nothing else (no redirect, click, pixel, card, statistics).
      const open = link && (stopped || !isStopped(link)) ? link : undefined;
      if (!link) notFound(reply, host);
      else if (!open) page(reply, (t) => bannedPage(t, link, host));
      return { link: open, stats, host };
    });
  }

  /**
   * Past the gates (status, password): records the click and picks the
   * target. Null when the link's click budget ran out just now. Only what this
   * link's own rules need is worked out here; everything else a click records
   * (bot or not included) is found off the request thread. A bot must not
   * spend a click budget, turn a rotation or fire pixels; HEAD leaves no click.
   */
  type Went = { to: string; dest: string; counted: boolean } | null;
  function forward(link: RedirectLink, c: Client, now: number): Maybe<Went> {
    const h = c.headers;
    const k = compiledOf(link, o.timeZone);
    const needsAgent = link.expiration_clicks !== null || link.has_pixels || k.schedule !== null || (k.needs & NEED.agent) !== 0;
    const agent = needsAgent ? agentOf(h['user-agent'], h['sec-ch-ua-platform'] as string | undefined) : null;
    const counted = c.method === 'GET' && !agent?.bot;
    // `dest`: the destination as configured (statistics' destinations); `to` adds the visitor's query.
    const went = (d: Chosen): Went => ({ to: withQuery(d.url, forwardedQuery(c.url)), dest: d.url, counted });
    const choose = (): Maybe<Went> => {
      const d = decide(link, k, requestVisitor(k.needs, c, agent, geo, now));
      return d.kind === 'rotation' ? after(cache.rotate(link.id, k.schedule!.length, counted), (turn) => went(pickTurn(k, turn))) : went(d);
    };
    if (!counted) return choose();
    // The click carries where the visitor goes (its UTM values are counted) and whether the QR marker came: both copied, worked out by the writer.
    const qr = qrMarked(c.url);
    if (link.expiration_clicks === null) {
      return after(choose(), (w) => {
        clicks.add(rawClick(link, now, c.ip, h, w?.to, qr, w?.dest));
        return w;
      });
    }
    // Chosen before the click is spent, so the click records where it went. A rotation may so turn once
    // for a visitor whom the spent budget turns away: the link has expired then, nobody follows it further.
    return after(choose(), (w) => after(clicks.spend(enrich(rawClick(link, now, c.ip, h, w!.to, qr, w!.dest), geo)!), (spent) => {
      if (!spent) {
        link.clicks = link.expiration_clicks!;
        return null;
      }
      link.clicks += 1; // the cached row follows the database
      return w;
    }));
  }

  /** A link-preview crawler asking for a link that has a card: only then is its User-Agent looked at. */
  const wantsCard = (link: RedirectLink, userAgent: string | undefined) => hasPreview(link) && previewCrawlerOf(userAgent ?? '') !== null;

  function visit(req: FastifyRequest, reply: FastifyReply, link: RedirectLink, host: string): Maybe<FastifyReply> {
    const now = o.now();
    const status = linkStatus(link, now);
    if (status === 3) return page(reply, notFoundPage);
    if (status === 2) return expired(reply, link);
    if (link.password_hash && !memory.valid('link', link.id, link.password_hash, req.headers.cookie)) {
      return page(reply, (t) => passwordPage(t, { kind: 'link', wrong: false, report: reportForm(t, link.alias, host) }));
    }
    // The card is not a visit: no click, no rotation turn, no pixels.
    if (wantsCard(link, req.headers['user-agent'])) {
      return page(reply, (t) => previewPage(link, shortUrl({ baseUrl: o.baseUrl() }, link.domain_id === null ? null : host, link.alias), reportForm(t, link.alias, host)));
    }
    // Not a visit yet either: the click is counted when the visitor continues. Bots are sent on as before.
    if (link.sensitive_content && !sensitiveSeen(req.headers.cookie, link.id) && !agentOf(req.headers['user-agent'], undefined).bot) {
      return page(reply, (t) => sensitivePage(t, reportForm(t, link.alias, host)));
    }
    return after(forward(link, { method: req.method, url: req.url, headers: req.headers, ip: req.ip }, now), (went) => {
      if (!went) return expired(reply, link);
      // The click is counted by now, whatever the visitor chooses on the consent page (answered by answerChoice()).
      const consent = !link.has_pixels || !went.counted ? null : o.pixelConsent === false ? 'accept' : consentOf(req.headers.cookie, link.id);
      if (consent === undefined) {
        const token = consentTokens.issue(link, went.dest);
        // The page names the services of the link's pixels (their types; their ids stay with the owner).
        return after(cache.pixels(link.id), (px) => page(reply, (t) => consentPage(t, went.to, token, px.map((p) => p.type), reportForm(t, link.alias, host))));
      }
      if (consent === 'accept') return after(cache.pixels(link.id), (px) => page(reply, (t) => pixelPage(t, went.to, px)));
      return found(reply, went.to, o.redirectStatus);
    });
  }

  async function stats(req: FastifyRequest, reply: FastifyReply, link: RedirectLink, host: string) {
    // A disabled link is gone for visitors, its statistics included.
    if (linkStatus(link, o.now()) === 3) return page(reply, notFoundPage);
    if (link.privacy === 1 || (link.privacy === 2 && !link.privacy_password_hash)) return page(reply, notFoundPage);
    if (link.privacy === 2 && !memory.valid('stats', link.id, link.privacy_password_hash!, req.headers.cookie)) {
      return page(reply, (t) => passwordPage(t, { kind: 'stats', wrong: false, report: reportForm(t, link.alias, host) }));
    }
    // The counter as the database has it (the cached row's is not kept up to
    // date); like the API, it trails the clicks by one hand-off at most.
    const counted = { ...link, clicks: await cache.clicks(link.id) };
    const data = await o.repos.stats.forLink(link.id, counted.clicks);
    return page(reply, (t) => statsPage(t, {
      shortUrl: shortUrl({ baseUrl: o.baseUrl() }, link.domain_id === null ? null : host, link.alias),
      // The title comes from the destination page: a password keeps both to itself.
      title: link.password_hash ? null : link.title,
      url: link.password_hash ? null : link.url,
      status: linkStatus(counted, o.now()),
      createdAt: link.created_at,
      stats: data,
      report: reportForm(t, link.alias, host),
    }));
  }

  /** A password sent from one of the forms: right ones are remembered, wrong ones counted per client and link. */
  async function submit(req: FastifyRequest, reply: FastifyReply, link: RedirectLink, gate: Gate) {
    const self = selfLocation(link.alias, gate === 'stats', queryOf(req.url));
    const hash = gate === 'link' ? link.password_hash : link.privacy === 2 ? link.privacy_password_hash : null;
    const status = linkStatus(link, o.now());
    const open = gate === 'link' ? status === 1 : status !== 3 && link.privacy !== 1;
    // Nothing to unlock here: the GET answers whatever applies instead.
    if (!hash || !open) return found(reply, self, 303);
    const key = `${gate}:${link.id}:${req.ip}`;
    const wait = attempts.attempt(key);
    if (wait) return page(reply, (t) => tooManyAttemptsPage(t, wait));
    const sent = (req.body as { password?: unknown } | undefined)?.password;
    const right = typeof sent === 'string' && sent.length > 0 && sent.length <= MAX_PASSWORD && await verifyPassword(sent, hash);
    if (!right) return page(reply, (t) => passwordPage(t, { kind: gate, wrong: true, report: reportForm(t, link.alias, hostOf(req)) }));
    attempts.succeed(key);
    reply.header('set-cookie', memory.issue(gate, link.id, hash, req.protocol === 'https'));
    return found(reply, self, 303);
  }

  /** Accept or Decline from the consent page, Continue from the sensitive-content warning: remembered in a cookie;
   * nothing is counted again. Whatever does not add up goes back to the link, whose GET answers what applies now. */
  function answerChoice(req: FastifyRequest<{ Params: { alias: string } }>, reply: FastifyReply, link: RedirectLink, body: Record<string, unknown>) {
    const self = selfLocation(link.alias, false, queryOf(req.url));
    const secure = req.protocol === 'https';
    if (body.sensitive === 'continue') return found(reply.header('set-cookie', rememberSensitive(link.id, req.params.alias, secure)), self, 303);
    const choice = body.consent === 'accept' || body.consent === 'decline' ? body.consent : null;
    // The token opens only the link it was issued for, as it was then (consent.ts linkState), and only while the link is
    // open (by status and dates now) for the token's own click, which was counted: the limit that click or later ones
    // reached does not take it back; a count over the limit (one lowered) does.
    const open = linkStatus({ ...link, clicks: link.clicks - 1 }, o.now()) === 1;
    const dest = choice && open ? consentTokens.open(link, body.token) : null;
    if (!choice || !dest) return found(reply, self, 303);
    // The token holds the destination as chosen, at most a link's URL long (the form's body limit); the query is the page's own.
    const to = withQuery(dest, forwardedQuery(req.url));
    reply.header('set-cookie', rememberConsent(link.id, req.params.alias, choice, secure));
    if (choice === 'decline') return found(reply, to, 303);
    return after(cache.pixels(link.id), (px) => page(reply, (t) => pixelPage(t, to, px)));
  }

  await app.register(async (r) => {
    // Errors on these routes are answered with a page, not the API's JSON.
    r.setErrorHandler((err: { statusCode?: number }, req, reply) => {
      const code = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (code === 500) req.log.error({ err }, 'redirect request failed');
      return page(reply, (t) => errorPage(t, code));
    });

    const hide = { schema: { hide: true } };
    // The GET handlers answer synchronously and return nothing when they can,
    // which keeps Fastify from wrapping the reply in a promise on the hot
    // path; a step that had to wait for the database returns its promise.
    r.get('/', hide, (req, reply) => {
      cache.sync();
      const d = domainOf(hostOf(req));
      if (isHttpUrl(d?.index_page)) found(reply, withQuery(d.index_page, ''));
      else page(reply, landingPage);
    });

    r.get<{ Params: { alias: string } }>('/:alias', hide, (req, reply) => {
      const answered = after(lookup(req, reply), ({ link, stats: isStats, host }) => {
        if (!link) return reply;
        if (isStats) return stats(req, reply, link, host);
        return visit(req, reply, link, host);
      });
      return answered instanceof Promise ? answered : undefined;
    });

    r.post<{ Params: { alias: string } }>('/:alias', { ...hide, bodyLimit: 4096 }, async (req, reply) => {
      const { link, stats: isStats, host } = await lookup(req, reply);
      if (!link) return reply;
      // Only the page itself answers (same-site.ts); refused before a password is tried or a choice read.
      if (elsewhere(req.headers, host, ownHost())) return page(reply, (t) => elsewherePage(t, selfLocation(link.alias, isStats, queryOf(req.url))));
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!isStats && (body.consent !== undefined || body.sensitive !== undefined)) return answerChoice(req, reply, link, body);
      return submit(req, reply, link, isStats ? 'stats' : 'link');
    });

    registerReportRoutes(r, { lookup, ownHost, baseUrl: o.baseUrl, now: o.now, repo: o.repos.reports, secret: await cache.secret('report-address'), created: o.reportCreated });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send({ message: 'Resource not found.', status: 404 });
    cache.sync();
    notFound(reply, hostOf(req));
  });

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Request lines in the log come from Fastify: with them on, every request goes through it.
  const logsRequests = ['trace', 'debug', 'info'].includes(app.log.level);
  return {
    enabled: () => !closing && !logsRequests,
    gate: clicks.gate,
    clickBacklog: () => {
      const p = clicks.pending?.();
      return p ? { ...p, writerRunning: clicks.writerRunning?.() ?? false } : null;
    },
    knownHost(host) {
      cache.sync();
      return host === ownHost() || domainOf(host) !== undefined;
    },
    redirectStatus: o.redirectStatus,
    plainLink(host, alias, userAgent) {
      cache.sync();
      const link = cache.link(domainOf(host)?.id ?? 0, alias);
      // Only links whose answer needs nothing from the database now: forward() is synchronous for them.
      if (!link || link instanceof Promise || link.password_hash || link.has_pixels || link.sensitive_content || link.expiration_clicks !== null) return undefined;
      if (link.banned_at !== null || link.owner_stopped) return undefined; // banned: its page comes from lookup()
      if (wantsCard(link, userAgent)) return undefined;
      if (!cache.syncRotation && link.target_type === TARGET_TYPE.rotation) return undefined;
      return linkStatus(link, o.now()) === 1 ? link : undefined;
    },
    forward: (link, c) => (forward(link, c, o.now()) as Went)!.to,
  };
}
