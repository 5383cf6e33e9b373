// The redirect server: every path outside /api on the same port as the API.
// GET /<alias> follows the order of DESIGN.md's "Redirect server": unknown,
// disabled, expired, password, targeting, pixels, redirect, click.
// The redirect path stays synchronous from the lookup to the answer, which is
// what makes a click limit exact: no other request runs in between.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVED_ALIASES } from '../../../shared/constants.ts';
import { ALIAS_PATTERN } from '../../../shared/schemas/links.ts';
import type { Repositories } from '../api/context.ts';
import { linkStatus, shortUrl } from '../api/serializers.ts';
import type { RedirectStatus } from '../config.ts';
import type { Store } from '../db/database.ts';
import { createClickWriter, createRedirectRepository, type RedirectLink } from '../db/repositories/redirect-repository.ts';
import { verifyPassword } from '../util/secrets.ts';
import { createAttemptLimiter, createPasswordMemory, DEFAULT_ATTEMPT_LIMIT, type AttemptLimit, type Gate } from './access.ts';
import { createClickRecorder, type ClickWriterMode } from './clicks.ts';
import { agentOf, languagesOf, referrerOf } from './client.ts';
import { openCountryLookup, type CountryLookup } from './geoip.ts';
import { sendPage, type Page } from './html.ts';
import { createLinkCache } from './link-cache.ts';
import { errorPage, expiredPage, landingPage, notFoundPage, passwordPage, tooManyAttemptsPage } from './pages.ts';
import { pixelPage } from './pixels.ts';
import { statsPage } from './stats-page.ts';
import { chooseTarget, isHttpUrl, withQuery } from './targeting.ts';

export interface RedirectOptions {
  store: Store;
  repos: Repositories;
  redirectStatus: RedirectStatus;
  baseUrl(): string;
  now(): number;
  /** Country lookup; the embedded DB-IP database when absent. */
  geoip?: CountryLookup;
  attemptLimit?: AttemptLimit;
  /** Where batches of clicks are written: a worker thread (default) or the request thread. */
  clickWriter?: ClickWriterMode;
}

const RESERVED = new Set<string>(RESERVED_ALIASES);
const MAX_PASSWORD = 128;
const CACHED_LINKS = 200_000;

/** The Host a request was sent to, as domains store it: lower case, no port, no trailing dot. */
function hostOf(req: FastifyRequest): string {
  const h = req.hostname.toLowerCase();
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

const queryOf = (url: string) => {
  const i = url.indexOf('?');
  return i === -1 ? '' : url.slice(i + 1);
};

/** `/<alias>` or `/<alias>+` with the visitor's query string, safe for a Location header. */
const selfLocation = (alias: string, stats: boolean, query: string) => {
  const u = new URL(`/${alias}${stats ? '+' : ''}`, 'http://self');
  u.search = query;
  return `${u.pathname}${u.search}`;
};

function found(reply: FastifyReply, location: string, status: number = 302): FastifyReply {
  return reply.code(status).headers({ location, 'cache-control': 'no-store' }).send();
}

export async function registerRedirects(app: FastifyInstance, o: RedirectOptions): Promise<void> {
  const repo = createRedirectRepository(o.store);
  const geo = o.geoip ?? openCountryLookup();
  const memory = createPasswordMemory(await repo.secret('password-cookie'), o.now);
  const attempts = createAttemptLimiter(o.attemptLimit ?? DEFAULT_ATTEMPT_LIMIT, o.now);
  const cache = createLinkCache(repo, CACHED_LINKS);
  const clicks = createClickRecorder(repo, createClickWriter(o.store.sqlite), o.clickWriter ?? 'worker',
    (err) => app.log.error({ err }, 'storing clicks failed; will retry'));
  app.addHook('onClose', async () => clicks.close());
  // Anything but GET and HEAD may have changed links (the API's writes): the
  // next redirect checks before anyone has seen this answer.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') cache.touch();
    done(null, payload);
  });

  const page = (reply: FastifyReply, p: Page) => sendPage(reply, p);

  function notFound(reply: FastifyReply, host: string): FastifyReply {
    const d = cache.domain(host);
    if (isHttpUrl(d?.not_found_page)) return found(reply, withQuery(d.not_found_page, ''));
    return page(reply, notFoundPage());
  }

  function expired(reply: FastifyReply, link: RedirectLink): FastifyReply {
    if (isHttpUrl(link.expiration_url)) return found(reply, withQuery(link.expiration_url, ''));
    return page(reply, expiredPage());
  }

  /** The link for `/<alias>` or `/<alias>+` on this host, or undefined after answering "not found". */
  function lookup(req: FastifyRequest<{ Params: { alias: string } }>, reply: FastifyReply) {
    const raw = req.params.alias;
    const stats = raw.endsWith('+');
    const alias = stats ? raw.slice(0, -1) : raw;
    const host = hostOf(req);
    cache.sync();
    const valid = ALIAS_PATTERN.test(alias) && !RESERVED.has(alias.toLowerCase());
    const link = valid ? cache.link(host, alias) : undefined;
    if (!link) notFound(reply, host);
    return { link, stats, host };
  }

  function visit(req: FastifyRequest, reply: FastifyReply, link: RedirectLink): FastifyReply {
    const now = o.now();
    const status = linkStatus(link, now);
    if (status === 3) return page(reply, notFoundPage());
    if (status === 2) return expired(reply, link);
    if (link.password_hash && !memory.valid('link', link.id, link.password_hash, req.headers.cookie)) {
      return page(reply, passwordPage({ kind: 'link', title: link.title, wrong: false }));
    }
    const h = req.headers;
    const agent = agentOf(h['user-agent'], h['sec-ch-ua-platform'] as string | undefined);
    const visitor = { country: geo.country(req.ip), platform: agent.platform, languages: languagesOf(h['accept-language'] ?? '') };
    // Bots and link-preview fetchers, and HEAD requests, are answered like
    // anyone but leave no click, spend no click budget and do not turn the rotation.
    const counted = !agent.bot && req.method === 'GET';
    if (counted) {
      const click = {
        link_id: link.id, created_at: now, country: visitor.country, platform: agent.platform, browser: agent.browser,
        language: visitor.languages[0] ?? null, referrer: referrerOf(h.referer),
      };
      if (link.expiration_clicks === null) clicks.add(click);
      else if (clicks.spend(click)) link.clicks += 1; // the cached row follows the database
      else {
        link.clicks = link.expiration_clicks;
        return expired(reply, link);
      }
    }
    const to = withQuery(chooseTarget(link, visitor, (n) => clicks.rotate(link, n, counted)), queryOf(req.url));
    if (link.has_pixels && counted) return page(reply, pixelPage(to, repo.pixels(link.id)));
    return found(reply, to, o.redirectStatus);
  }

  async function stats(req: FastifyRequest, reply: FastifyReply, link: RedirectLink, host: string) {
    if (link.privacy === 1 || (link.privacy === 2 && !link.privacy_password_hash)) return page(reply, notFoundPage());
    if (link.privacy === 2 && !memory.valid('stats', link.id, link.privacy_password_hash!, req.headers.cookie)) {
      return page(reply, passwordPage({ kind: 'stats', title: link.title, wrong: false }));
    }
    // The counter as the database has it (the cached row's is not kept up to
    // date); like the API, it trails the clicks by one hand-off at most.
    const counted = repo.find(host, link.alias) ?? link;
    const data = await o.repos.stats.forLink(link.id, counted.clicks);
    return page(reply, statsPage({
      shortUrl: shortUrl({ baseUrl: o.baseUrl() }, link.domain_id === null ? null : host, link.alias),
      title: link.title,
      url: link.password_hash ? null : link.url,
      status: linkStatus(counted, o.now()),
      createdAt: link.created_at,
      stats: data,
    }));
  }

  /** A password sent from one of the forms: right ones are remembered, wrong ones counted per client and link. */
  async function submit(req: FastifyRequest, reply: FastifyReply, link: RedirectLink, gate: Gate) {
    const self = selfLocation(link.alias, gate === 'stats', queryOf(req.url));
    const hash = gate === 'link' ? link.password_hash : link.privacy === 2 ? link.privacy_password_hash : null;
    const open = gate === 'link' ? linkStatus(link, o.now()) === 1 : link.privacy !== 1;
    // Nothing to unlock here: the GET answers whatever applies instead.
    if (!hash || !open) return found(reply, self, 303);
    const key = `${gate}:${link.id}:${req.ip}`;
    const wait = attempts.attempt(key);
    if (wait) return page(reply, tooManyAttemptsPage(wait));
    const sent = (req.body as { password?: unknown } | undefined)?.password;
    const right = typeof sent === 'string' && sent.length > 0 && sent.length <= MAX_PASSWORD && await verifyPassword(sent, hash);
    if (!right) return page(reply, passwordPage({ kind: gate, title: link.title, wrong: true }));
    attempts.succeed(key);
    reply.header('set-cookie', memory.issue(gate, link.id, hash, req.protocol === 'https'));
    return found(reply, self, 303);
  }

  await app.register(async (r) => {
    // Errors on these routes are answered with a page, not the API's JSON.
    r.setErrorHandler((err: { statusCode?: number }, req, reply) => {
      const code = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (code === 500) req.log.error({ err }, 'redirect request failed');
      return page(reply, errorPage(code));
    });

    const hide = { schema: { hide: true } };
    // The GET handlers answer synchronously and return nothing, which keeps
    // Fastify from wrapping the reply in a promise on the hot path.
    r.get('/', hide, (req, reply) => {
      cache.sync();
      const d = cache.domain(hostOf(req));
      if (isHttpUrl(d?.index_page)) found(reply, withQuery(d.index_page, ''));
      else page(reply, landingPage(d?.name ?? null));
    });

    r.get<{ Params: { alias: string } }>('/:alias', hide, (req, reply) => {
      const { link, stats: isStats, host } = lookup(req, reply);
      if (!link) return;
      if (isStats) return stats(req, reply, link, host);
      visit(req, reply, link);
      return undefined;
    });

    r.post<{ Params: { alias: string } }>('/:alias', { ...hide, bodyLimit: 4096 }, (req, reply) => {
      const { link, stats: isStats } = lookup(req, reply);
      if (!link) return;
      return submit(req, reply, link, isStats ? 'stats' : 'link');
    });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send({ message: 'Resource not found.', status: 404 });
    cache.sync();
    notFound(reply, hostOf(req));
  });
}
