// buildApp: the whole service (API and redirects) as a Fastify instance
// that never listens by itself. The CLI and the desktop supervisor both call it.
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AddressInfo } from 'node:net';
import { createAuthenticator } from './auth/authenticate.ts';
import { ApiError } from './api/errors.ts';
import { clientError } from './api/client-error.ts';
import { auditChanges, checkKeys } from './api/secured-hooks.ts';
import { apiErrorHandler, DATABASE_DOWN } from './api/error-handler.ts';
import { parseQuery, registerBodyParsers, rejectUnreadQuery, REQUEST_HELP } from './api/body-parsers.ts';
import { createMethodIndex } from './api/method-not-allowed.ts';
import { documentErrors } from './api/documented-errors.ts';
import { frameworkErrors } from './api/framework-errors.ts';
import { createRepositories, type ApiContext, type Repositories } from './api/context.ts';
import { cityDatabaseFiles } from './redirect/geoip.ts';
import { registerDocsPage } from './api/docs-page.ts';
import { declareDocument, declareOverride } from './api/openapi-declare.ts';
import { rejectNonObjectBody, zodValidatorCompiler } from './api/validation.ts';
import { accountStatsRoutes } from './api/routes/account-stats.ts';
import { statsLiveRoutes } from './api/routes/stats-live.ts';
import { setUpLiveFeed } from './api/live/live-setup.ts';
import { domainsRoutes } from './api/routes/domains.ts';
import { domainDnsRoutes } from './api/routes/domain-dns.ts';
import { createDnsChecker } from './net/dns-check.ts';
import { registerTlsAllowed } from './redirect/tls-allowed.ts';
import { linksRoutes } from './api/routes/links.ts';
import { linksEvaluateRoutes } from './api/routes/links-evaluate.ts';
import { linksBulkRoutes } from './api/routes/links-bulk.ts';
import { spacesPixelsRoutes } from './api/routes/spaces-pixels.ts';
import { fastifyTrustProxy, resolveConfig, type ServerConfig } from './config.ts';
import type { Store } from './db/database.ts';
import type { PostgresStore } from './db/postgres.ts';
import { createHealthRepository } from './db/repositories/health-repository.ts';
import { createHealthChecker, type HealthChecker, type HealthCheckerOptions } from './health/checker.ts';
import { createHealthProbe } from './health/probe.ts';
import { createKeyFailureLimit, KEY_FAILURE_LIMIT } from './redirect/access.ts';
import type { ClickWriterMode } from './redirect/clicks.ts';
import { installFastPath } from './redirect/fast-path.ts';
import { registerRedirects } from './redirect/plugin.ts';
import { loadOverrides } from './i18n/catalogs.ts';
import { createPageTexts } from './i18n/page-text.ts';
import { createTitleFetcher, type TitleFetcher } from './title-fetcher.ts';
import { createTitleQueue } from './title-queue.ts';
import { webhooksRoutes } from './api/routes/webhooks.ts';
import { auditRoutes } from './api/routes/audit.ts';
import { reportsRoutes } from './api/routes/reports.ts';
import { createReportEvents } from './abuse/report-events.ts';
import { keysRoutes } from './api/routes/keys.ts';
import { usersRoutes } from './api/routes/users.ts';
import { defaultTiming, startDispatcher, type Dispatcher, type DispatcherTiming } from './webhooks/dispatcher.ts';
import { createSender, SEND_TIMEOUT_MS, type Sender } from './webhooks/sender.ts';
import { SIGNATURE_HELP } from '../../shared/schemas/webhooks.ts';
import { httpUrlOf } from './util/address.ts';
import { KNOWN_SHORTENERS } from './abuse/shorteners.ts';
import { setUpAbuse } from './abuse/setup.ts';
import { blocklistRoutes } from './api/routes/blocklist.ts';
import { createAbuseParts, verdictOfChecker, type Recheck, type VerdictOf } from './abuse/parts.ts';
import { bansRoutes } from './api/routes/bans.ts';

export interface AppDeps {
  /** The embedded SQLite file, or PostgreSQL shared by several nodes. */
  store: Store | PostgresStore;
  config?: Partial<ServerConfig>;
  titleFetcher?: TitleFetcher;
  logger?: boolean | Record<string, unknown>;
  now?: () => number;
  /** The GeoIP country database (.mmdb); the one embedded from npm when absent. */
  geoipPath?: string;
  /** The city database (.mmdb): undefined finds DB-IP City Lite when installed, null means none. */
  geoipCity?: string | null;
  /** Where batches of clicks are written: a worker thread (default) or the request thread. */
  clickWriter?: ClickWriterMode;
  /** The re-check's verdict on a stored link (part A's ctx.abuse.matchLink); none: links are not re-checked. */ abuseVerdict?: VerdictOf;
  /** The destination checker's probe and pace (tests allow loopback and hurry it). */
  health?: Partial<Pick<HealthCheckerOptions, 'probe' | 'hostGapMs' | 'pollMs' | 'startDelayMs'>>;
  /** HTTP timeouts, DEFAULT_TIMEOUTS where absent (tests shorten them). */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Webhook sending: the sender (tests widen its address policy; then it is the test's to close)
   * and the timing (tests hurry the backoff); false: this process writes deliveries but sends none.
   */
  webhooks?: false | { sender?: Sender; timing?: Partial<DispatcherTiming> };
}

/** Milliseconds. */
export interface HttpTimeouts {
  /** A client that has not sent its whole header by then gets 408 and is closed. */
  headers: number;
  /** The same for the whole request, body included; at least `headers`. */
  request: number;
  /** An idle keep-alive connection is closed after this. */
  keepAlive: number;
  /** How often Node checks the two above; they can overrun by up to this. */
  check: number;
}
export const DEFAULT_TIMEOUTS: HttpTimeouts = { headers: 20_000, request: 30_000, keepAlive: 5_000, check: 1_000 };

declare module 'fastify' {
  interface FastifyInstance {
    linkdesk: { repos: Repositories; config: ServerConfig; baseUrl(): string; titlesIdle(): Promise<void>; health: HealthChecker | null };
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const config = resolveConfig(deps.config);
  // The visitor pages' languages; a wrong --messages file stops the start here, before anything listens.
  const pageTexts = createPageTexts(config.language, config.messages ? loadOverrides(config.messages) : {});
  const now = deps.now ?? Date.now;
  const repos = createRepositories(deps.store, { cityDatabase: cityDatabaseFiles(deps.geoipCity).length > 0 });
  const t = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    logger: deps.logger ?? false,
    // Slow clients (slowloris) cannot hold connections open for long.
    http: { headersTimeout: t.headers, requestTimeout: t.request, keepAliveTimeout: t.keepAlive, connectionsCheckingInterval: t.check },
    requestTimeout: t.request,
    keepAliveTimeout: t.keepAlive,
    clientErrorHandler: clientError,
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // maxParamLength (decoded UTF-16 units): a 255-character alias in any spelling (NFD takes up to 3 characters
    // for one, an astral one 2 units each) plus the `+` of its statistics page.
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true, maxParamLength: 1024 },
    return503OnClosing: true,
    // Errors met while routing (a path segment over maxParamLength) in the contract's shape.
    frameworkErrors,
  });

  // The address asked once per listen: server.address() is a system call, and a page of 100 links asks for each
  // link's short URL (bench:api: 1.3 ms of a 17 ms list request).
  let listening: string | undefined;
  const forget = () => { listening = undefined; };
  app.server.on('listening', forget).on('close', forget);
  const baseUrl = () => {
    if (config.baseUrl) return config.baseUrl;
    if (listening !== undefined) return listening;
    const a = app.server.address() as AddressInfo | null;
    if (a) return (listening = httpUrlOf(a));
    return `http://${config.host}:${config.port}`;
  };
  const urls = () => ({ baseUrl: baseUrl(), timeZone: config.timeZone, generation: config.apiGeneration });

  // Titles are fetched after the create has answered (title-queue.ts).
  const titles = config.fetchTitles ? (deps.titleFetcher ?? createTitleFetcher({ allowPrivate: config.allowPrivateTitles })) : null;
  const titleQueue = createTitleQueue(titles, (id, url, title) => repos.links.setTitle(id, url, title), () => app.log);
  const scheduleTitle = titleQueue.schedule;
  const titlesIdle = titleQueue.idle;
  // Destinations are checked in the background; an injected probe is the test's to close.
  const { probe: healthProbe, ...healthPace } = deps.health ?? {};
  let recheck: Recheck | null = null; // created with the bans, below
  const ownProbe = config.healthChecks && !healthProbe ? createHealthProbe({ allowPrivate: config.allowPrivateTitles }) : null;
  const health = config.healthChecks ? createHealthChecker({
    repo: createHealthRepository(deps.store.db),
    probe: (healthProbe ?? ownProbe)!,
    intervalMs: config.healthIntervalHours * 3_600_000,
    now,
    onError: (err) => app.log.error({ err }, 'health checks failed'),
    recheck: { run: async (signal) => recheck?.run(signal) },
    ...healthPace,
  }) : null;
  app.decorate('linkdesk', { repos, config, baseUrl, titlesIdle, health });
  app.decorate('pageTexts', pageTexts);
  app.decorateRequest('principal', null);
  // Every answer, JSON included, is what its Content-Type says and nothing a browser may sniff.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await titleQueue.close();
    if (titles && !deps.titleFetcher) await titles.close();
  });
  app.addHook('onReady', async () => health?.start());
  // Audit entries past --audit-days go at start and hourly (every node may; deleting twice is harmless).
  let auditTimer: NodeJS.Timeout | null = null;
  const pruneAudit = () => repos.audit.prune(config.auditDays, now())
    .catch((err: unknown) => app.log.error({ err }, 'could not prune the audit log'));
  app.addHook('onReady', async () => {
    await pruneAudit();
    auditTimer = setInterval(() => void pruneAudit(), 3_600_000).unref();
  });
  app.addHook('onClose', async () => {
    if (auditTimer) clearInterval(auditTimer);
  });
  // Webhook deliveries are written with the change and sent in the background.
  const hookDeps = deps.webhooks === false ? null : (deps.webhooks ?? {});
  const ownSender = hookDeps && !hookDeps.sender ? createSender({ allowPrivate: config.allowPrivateTitles }) : null;
  let dispatcher: Dispatcher | null = null;
  const webhooks = {
    allowPrivate: config.allowPrivateTitles,
    perUser: config.webhooksPerUser,
    wake: () => dispatcher?.wake(),
    async emit(userId: number, event: Parameters<typeof repos.webhooks.enqueue>[1], data: unknown) {
      if (await repos.webhooks.enqueue(userId, event, data, now())) dispatcher?.wake();
    },
  };
  // Once listening: click batches carry short URLs, which may name the listening address.
  app.addHook('onListen', async () => {
    if (!hookDeps) return;
    dispatcher = startDispatcher({
      repo: repos.webhooks, sender: (hookDeps.sender ?? ownSender)!, sendTimeoutMs: SEND_TIMEOUT_MS, baseUrl, now, log: app.log,
      timing: { ...defaultTiming(deps.store.engine), hostRate: config.webhookHostRate, ...hookDeps.timing },
    });
  });
  app.addHook('onClose', async () => {
    await dispatcher?.stop();
    await ownSender?.close();
  });
  app.addHook('onClose', async () => {
    await health?.close();
    await ownProbe?.close();
  });
  // The blocklist (reloaded when any process changes it), known shorteners, Safe Browsing.
  const abuse = setUpAbuse(app, config, repos.blocklist, now);
  const live = setUpLiveFeed(app, deps.store, config, repos.users, now);

  registerBodyParsers(app);

  // zod validates every route; its errors become the contract's 422 (validation.ts).
  app.setValidatorCompiler(zodValidatorCompiler);
  app.addHook('preValidation', rejectNonObjectBody);
  // Response schemas feed the OpenAPI document; answers are plain JSON.stringify.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler(apiErrorHandler);

  // Before swagger's own onRoute hook, so the document shows what this adds.
  app.addHook('onRoute', documentErrors);
  // The API's methods by path, for 405 answers with `Allow` (method-not-allowed.ts).
  const methodIndex = createMethodIndex();
  app.addHook('onRoute', methodIndex.onRoute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Linkdesk API', version: '1.0.0', description: `phpShort-compatible link-shortening API. Bodies are form-encoded (bracket lists) or JSON.${REQUEST_HELP}${SIGNATURE_HELP}` },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // The schema builders' marks say what a zod schema cannot (openapi-declare.ts).
    transform: createJsonSchemaTransform({ zodToJsonConfig: { override: declareOverride } }),
    // Schemas with a .meta({ id }) become components/schemas, referenced by $ref; then the form encodings and link field rules.
    transformObject: (input) => declareDocument(createJsonSchemaTransformObject({ zodToJsonConfig: { override: declareOverride } })(input)),
  });

  const { bans, creationLimits, ...parts } = createAbuseParts({ store: deps.store, repos, webhooks, config, now, verdictOf: deps.abuseVerdict ?? verdictOfChecker(abuse), urls });
  recheck = parts.recheck;
  const ctx: ApiContext = { repos, baseUrl, now, timeZone: config.timeZone, apiGeneration: config.apiGeneration, scheduleTitle, health, webhooks, abuse, creationLimits };
  const authenticate = createAuthenticator(repos.users, now);
  const keyFailures = config.rateLimit > 0 ? createKeyFailureLimit(KEY_FAILURE_LIMIT, now) : null;

  await app.register(async (api) => {
    // A query string beyond the parser's limits is refused, never read in part (body-parsers.ts).
    api.addHook('onRequest', rejectUnreadQuery);
    api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await api.register(async (secured) => {
      checkKeys(secured, authenticate, keyFailures);
      auditChanges(secured, repos.audit, now);
      if (config.rateLimit > 0) {
        await secured.register(rateLimit, {
          max: config.rateLimit,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (req) => String(req.principal?.keyId ?? req.ip),
          errorResponseBuilder: (_req, c) => new ApiError(429, `Too many requests. Retry in ${Math.ceil(c.ttl / 1000)} seconds.`),
        });
      }
      methodIndex.guard(secured);
      domainsRoutes(secured, ctx);
      domainDnsRoutes(secured, ctx, createDnsChecker({
        publicAddresses: config.publicAddresses, publicCname: config.publicCname, dnsServers: config.dnsServers,
        allowPrivate: config.allowPrivateTitles, httpsPort: config.httpsCheckPort, now,
      }), { perUser: config.dnsChecksPerUser, now });
      // The static /links/bulk wins over /links/:id in either order.
      linksBulkRoutes(secured, ctx);
      linksRoutes(secured, ctx);
      linksEvaluateRoutes(secured, ctx);
      spacesPixelsRoutes(secured, ctx);
      statsLiveRoutes(secured, live.feed, live.clicks);
      accountStatsRoutes(secured, ctx);
      webhooksRoutes(secured, ctx);
      usersRoutes(secured, ctx);
      keysRoutes(secured, ctx);
      auditRoutes(secured, ctx);
      blocklistRoutes(secured, ctx, { knownShorteners: config.knownShorteners ?? KNOWN_SHORTENERS, safeBrowsing: config.safeBrowsingKey !== null });
      reportsRoutes(secured, ctx);
      bansRoutes(secured, { ...ctx, bans });
    });
  }, { prefix: '/api/v1' });

  // The API reference: Swagger UI on the document above, served from here (docs-page.ts).
  registerDocsPage(app);

  // For load balancers: 200 only while this node can reach its database.
  app.get('/healthz', { schema: { hide: true } }, async (req, reply) => {
    try {
      await deps.store.ping();
      const backlog = redirects.clickBacklog();
      return reply.header('cache-control', 'no-store').send({
        status: 'ok', engine: deps.store.engine,
        // Clicks answered and not yet stored, and redirects waiting for the writer: a monitor's early warning.
        ...(backlog && {
          clicks_pending: backlog.clicks, clicks_pending_bound: backlog.bound, redirects_waiting: backlog.waiting,
          // The writer thread runs while there are clicks or upkeep, and stops after a quiet spell.
          click_writer: backlog.writerRunning ? 'running' : 'idle',
        }),
      });
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).header('cache-control', 'no-store').send(DATABASE_DOWN);
    }
  });

  // Every other path is the redirect server's; it also answers unknown paths
  // (JSON under /api/, a page elsewhere).
  const redirects = await registerRedirects(app, {
    store: deps.store, repos, redirectStatus: config.redirectStatus, baseUrl, now,
    geoipPath: deps.geoipPath, geoipCity: deps.geoipCity, clickWriter: deps.clickWriter, timeZone: config.timeZone,
    clickRetentionDays: config.clickRetentionDays, pixelConsent: config.pixelConsent,
    reportCreated: createReportEvents({ repos, reports: repos.reports, webhooks: hookDeps ? webhooks : null, baseUrl }),
  });
  installFastPath(app.server, redirects, fastifyTrustProxy(config.trustProxy));
  // Caddy's on-demand TLS asks here before it gets a certificate for a host.
  registerTlsAllowed(app, { knownHost: redirects.knownHost, trustProxy: config.trustProxy, askFrom: config.tlsAskFrom });

  return app;
}
