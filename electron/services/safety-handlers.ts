// The calls behind *Safety* (issue 44, admins only): the blocklist, banned
// links and visitors' reports. A server without these routes (seed-only, or a
// Linkdesk from before them) answers 404 to the list, which becomes
// 'unsupported' so the screen says "not offered" instead of failing. Short
// URLs that are not http(s) are blanked, as for links (untrusted.ts).
import type { Link, Page } from '../../shared/api-types.ts';
import { page, single } from './api-answers.ts';
import type { ApiClient } from './api-client.ts';
import { isMissingRoute, ServiceError } from './errors.ts';
import type { CallContext, Handlers } from './handlers.ts';
import { scrubLink } from './untrusted.ts';

type Safety = Pick<Handlers, 'blocklist.get' | 'blocklist.update' | 'blocklist.check' | 'bans.list' | 'bans.banLink' | 'bans.lift'
  | 'bans.banHost' | 'reports.list' | 'reports.dismiss' | 'reports.dismissLink'>;
type Record_ = Record<string, unknown>;

const BLOCKLIST = 'a blocklist (it has no /blocklist)';
const BANS = 'bans (it has no /bans)';
const REPORTS = "visitors' reports (it has no /reports)";

/** A 404 from a list route: the route is missing. */
async function onList<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isMissingRoute(err)) throw new ServiceError('unsupported', `This server does not offer ${what}.`, { status: 404 });
    throw err;
  }
}

/** A 404 on one record is the record's, unless the list route is missing too. */
async function onRecord<T>(client: ApiClient, list: string, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isMissingRoute(err)) throw err;
    try {
      await client.request('GET', list, { query: { per_page: 10 } });
    } catch (listErr) {
      if (isMissingRoute(listErr)) throw new ServiceError('unsupported', `This server does not offer ${what}.`, { status: 404 });
    }
    throw err;
  }
}

const scrubPage = (p: Page<Record_>): Page<Record_> => ({ ...p, data: p.data.map(scrubLink) });

export function createSafetyHandlers(api: (ctx: CallContext) => ApiClient): Safety {
  return {
    'blocklist.get': async (_args, ctx) => onList(BLOCKLIST, async () => single<Record_>(await api(ctx).request('GET', '/blocklist'))),
    'blocklist.update': async ({ data }, ctx) => onList(BLOCKLIST, async () => single<Record_>(await api(ctx).request('PUT', '/blocklist', { body: data }))),
    'blocklist.check': async ({ url }, ctx) => onList(BLOCKLIST, async () => single<Record_>(await api(ctx).request('GET', '/blocklist/check', { query: { url } }))),
    'bans.list': async ({ query }, ctx) => onList(BANS, async () => scrubPage(page(await api(ctx).request('GET', '/bans', { query })))),
    'bans.banLink': async ({ id, data }, ctx) => {
      const c = api(ctx);
      return onRecord(c, '/bans', BANS, async () => scrubLink(single<Link>(await c.request('POST', `/links/${id}/ban`, { body: data }))));
    },
    'bans.lift': async ({ id, data }, ctx) => {
      const c = api(ctx);
      return onRecord(c, '/bans', BANS, async () => scrubLink(single<Link>(await c.request('DELETE', `/links/${id}/ban`, { body: data }))));
    },
    'bans.banHost': async ({ data }, ctx) => onList(BANS, async () => single<Record_>(await api(ctx).request('POST', '/bans/hosts', { body: data }))),
    'reports.list': async ({ query }, ctx) => onList(REPORTS, async () => {
      const p = page<Page<Record_>>(await api(ctx).request('GET', '/reports', { query }));
      // A report group carries its link under `link`.
      return { ...p, data: p.data.map((g) => (g.link ? { ...g, link: scrubLink(g.link) } : g)) };
    }),
    'reports.dismiss': async ({ id }, ctx) => {
      const c = api(ctx);
      return onRecord(c, '/reports', REPORTS, async () => single<Record_>(await c.request('POST', `/reports/${id}/dismiss`)));
    },
    'reports.dismissLink': async ({ linkId }, ctx) =>
      onList(REPORTS, async () => single<Record_>(await api(ctx).request('POST', '/reports/dismiss', { body: { link_id: linkId } }))),
  };
}
