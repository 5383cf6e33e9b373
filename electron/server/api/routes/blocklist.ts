// /api/v1/blocklist: admins read and replace the manual blocklist (policy.ts
// asks `admin` of every route under an unknown segment), and ask whether a URL
// is blocked. Imports are the CLI's (`linkdesk blocklist import`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blocklistCheckQuerySchema, blocklistCheckSchema, blocklistPutSchema, blocklistSchema, type Blocklist } from '../../../../shared/schemas/blocklist.ts';
import { errorResponses, singleOf } from '../../../../shared/schemas/responses.ts';
import { canonicalHostEntry } from '../../abuse/url-host.ts';
import { KNOWN_SHORTENERS } from '../../abuse/shorteners.ts';
import type { ApiContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { single } from '../responses.ts';

const tags = ['blocklist'];
const ADMIN_ONLY = ' Needs a key with the `admin` scope, of a user whose role is admin.';
const IMPORTED = ['urlhaus', 'phishtank', 'hosts'] as const;

/** Each host in its stored spelling; a 422 names every one that is no host. */
export function canonicalHosts(hosts: string[], field = 'hosts'): string[] {
  const errors: Record<string, string[]> = {};
  const out = hosts.map((h, i) => {
    const c = canonicalHostEntry(h);
    if (c === null) errors[`${field}.${i}`] = [`The ${field}.${i} "${h.slice(0, 100)}" is not a host name or IP address.`];
    return c ?? '';
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ApiError(422, first, errors);
  return out;
}

export function blocklistRoutes(app: FastifyInstance, ctx: ApiContext, o: { knownShorteners?: readonly string[]; safeBrowsing?: boolean } = {}) {
  const knownShorteners = o.knownShorteners ?? KNOWN_SHORTENERS;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = ctx.repos.blocklist;
  const show = async (): Promise<Blocklist> => {
    const manual = await repo.bySource('manual');
    const { counts, imports } = await repo.summary();
    return {
      hosts: manual.filter((e) => e.kind === 'host').map((e) => e.value),
      keywords: manual.filter((e) => e.kind === 'keyword').map((e) => e.value),
      imported: IMPORTED.filter((s) => imports[s] || counts.some((c) => c.source === s)).map((source) => ({
        source,
        entries: counts.filter((c) => c.source === source).reduce((n, c) => n + c.n, 0),
        imported_at: imports[source]?.at ?? null,
        file: imports[source]?.file ?? null,
      })),
      known_shorteners: [...knownShorteners],
      safe_browsing: o.safeBrowsing ?? false,
    };
  };

  r.get('/blocklist', {
    schema: { tags, summary: 'Show the blocklist', description: `The manual hosts and keywords, and a summary of the imported host lists.${ADMIN_ONLY}`, response: { 200: singleOf(blocklistSchema), ...errorResponses } },
  }, async () => single(await show()));

  r.put('/blocklist', {
    schema: {
      tags, summary: 'Replace the manual blocklist',
      description: 'The manual hosts and keywords become exactly those sent (imported lists stay). New links, updates, bulk writes, imports and copies '
        + 'are refused from then on (422 naming the field and the entry) on every node within a second; existing links are re-checked by the scheduled checks.' + ADMIN_ONLY,
      body: blocklistPutSchema, response: { 200: singleOf(blocklistSchema), ...errorResponses },
    },
  }, async (req) => {
    const hosts = canonicalHosts(req.body.hosts ?? []);
    const keywords = (req.body.keywords ?? []).map((k) => k.toLowerCase());
    await repo.replaceManual(hosts, keywords, ctx.now());
    await ctx.abuse.refresh(true);
    return single(await show());
  });

  r.get('/blocklist/check', {
    schema: {
      tags, summary: 'Whether a URL is blocked', description: `The entry that names it, from the lists this node holds (no shortener is resolved).${ADMIN_ONLY}`,
      querystring: blocklistCheckQuerySchema, response: { 200: singleOf(blocklistCheckSchema), ...errorResponses },
    },
  }, async (req) => {
    await ctx.abuse.refresh();
    return single({ match: ctx.abuse.matchUrl(req.query.url) });
  });
}
