// buildApp: the whole service (API and redirects) as a Fastify instance
// that never listens by itself. The CLI and the desktop supervisor both call it.
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { z } from 'zod';
import { createAuthenticator } from './auth/authenticate.ts';
import { ApiError, bodyOf, fromZod } from './api/errors.ts';
import { createRepositories, type ApiContext, type Repositories } from './api/context.ts';
import { accountStatsRoutes } from './api/routes/account-stats.ts';
import { domainsRoutes } from './api/routes/domains.ts';
import { linksRoutes } from './api/routes/links.ts';
import { spacesPixelsRoutes } from './api/routes/spaces-pixels.ts';
import { resolveConfig, type ServerConfig } from './config.ts';
import type { Store } from './db/database.ts';
import { openCountryLookup } from './redirect/geoip.ts';
import type { ClickWriterMode } from './redirect/clicks.ts';
import { registerRedirects } from './redirect/plugin.ts';
import { createTitleFetcher, type TitleFetcher } from './title-fetcher.ts';
import { httpUrlOf } from './util/address.ts';

export interface AppDeps {
  store: Store;
  config?: Partial<ServerConfig>;
  titleFetcher?: TitleFetcher;
  logger?: boolean | Record<string, unknown>;
  now?: () => number;
  /** The GeoIP country database (.mmdb); the one embedded from npm when absent. */
  geoipPath?: string;
  /** Where batches of clicks are written: a worker thread (default) or the request thread. */
  clickWriter?: ClickWriterMode;
}

declare module 'fastify' {
  interface FastifyInstance {
    linkdesk: { repos: Repositories; config: ServerConfig; baseUrl(): string; titlesIdle(): Promise<void> };
  }
}

const QS_LIMITS = { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false, allowDots: false } as const;
const SERVER_ERROR = { message: 'Server error.', status: 500 };

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const config = resolveConfig(deps.config);
  const now = deps.now ?? Date.now;
  const repos = createRepositories(deps.store);
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // maxParamLength: a 100-character alias plus the `+` of its statistics page.
    routerOptions: { querystringParser: (s: string) => qs.parse(s, QS_LIMITS), ignoreTrailingSlash: true, maxParamLength: 128 },
    return503OnClosing: true,
  });

  const baseUrl = () => {
    if (config.baseUrl) return config.baseUrl;
    const a = app.server.address() as AddressInfo | null;
    return a ? httpUrlOf(a) : `http://${config.host}:${config.port}`;
  };

  // Titles are fetched after the create has answered; tests and shutdown can wait for them.
  const titles = config.fetchTitles ? (deps.titleFetcher ?? createTitleFetcher({ allowPrivate: config.allowPrivateTitles })) : null;
  const pending = new Set<Promise<void>>();
  const scheduleTitle = (linkId: number, url: string) => {
    if (!titles) return;
    const p = titles.fetchTitle(url)
      .then((title) => (title ? repos.links.setTitle(linkId, url, title) : undefined))
      .catch((err: unknown) => app.log.warn({ err }, 'title fetch failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const titlesIdle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  app.decorate('linkdesk', { repos, config, baseUrl, titlesIdle });
  app.decorateRequest('principal', null);
  app.addHook('onClose', async () => {
    await titlesIdle();
    if (titles && !deps.titleFetcher) await titles.close();
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, qs.parse(body as string, QS_LIMITS));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  // zod validates every route; its errors become the contract's 422.
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const r = (schema as z.ZodType).safeParse(data ?? {});
    return r.success ? { value: r.data } : { error: r.error };
  });
  // Response schemas feed the OpenAPI document; answers are plain JSON.stringify.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((err: FastifyError | ApiError | z.ZodError, req, reply) => {
    let e: ApiError | null = null;
    if (err instanceof ApiError) e = err;
    else if (err instanceof z.ZodError) e = fromZod(err);
    else if (typeof (err as FastifyError).statusCode === 'number' && (err as FastifyError).statusCode! < 500) {
      const status = (err as FastifyError).statusCode!;
      e = new ApiError(status, status === 413 ? 'The request body is too large.' : status === 415 ? 'Unsupported content type.' : 'The request could not be read.');
    }
    if (!e) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send(SERVER_ERROR);
    }
    if (e.headers) reply.headers(e.headers);
    return reply.code(e.status).send(bodyOf(e));
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Linkdesk API', version: '1.0.0', description: 'phpShort-compatible link-shortening API. Bodies are form-encoded (bracket lists) or JSON.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with a .meta({ id }) become components/schemas, referenced by $ref.
    transformObject: jsonSchemaTransformObject,
  });

  const ctx: ApiContext = { repos, baseUrl, now, timeZone: config.timeZone, scheduleTitle };
  const authenticate = createAuthenticator(repos.users);

  await app.register(async (api) => {
    api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await api.register(async (secured) => {
      secured.addHook('onRequest', async (req) => {
        await authenticate(req);
      });
      if (config.rateLimit > 0) {
        await secured.register(rateLimit, {
          max: config.rateLimit,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (req) => String(req.principal?.keyId ?? req.ip),
          errorResponseBuilder: (_req, c) => new ApiError(429, `Too many requests. Retry in ${Math.ceil(c.ttl / 1000)} seconds.`),
        });
      }
      domainsRoutes(secured, ctx);
      linksRoutes(secured, ctx);
      spacesPixelsRoutes(secured, ctx);
      accountStatsRoutes(secured, ctx);
      secured.setNotFoundHandler(async () => {
        throw new ApiError(404, 'Resource not found.');
      });
    });
  }, { prefix: '/api/v1' });

  // Every other path is the redirect server's; it also answers unknown paths
  // (JSON under /api/, a page elsewhere).
  await registerRedirects(app, {
    store: deps.store, repos, redirectStatus: config.redirectStatus, baseUrl, now,
    geoip: openCountryLookup(deps.geoipPath), clickWriter: deps.clickWriter,
  });

  return app;
}
