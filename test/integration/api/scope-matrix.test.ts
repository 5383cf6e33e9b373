// Every scope against every /api/v1 route, over real HTTP (on SQLite, and on
// PostgreSQL in the postgres project): a key with one scope is let through
// where that scope (or the write that includes it) is what the route needs,
// and refused everywhere else with 403 naming the scope the route needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../../shared/scopes.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer({ webhooksPerUser: 1000, rateLimit: 0 }, { webhooks: false }); });
afterAll(async () => { await s.close(); });

interface Fx { domain: number; emptyDomain: number; link: number; doomedLink: number; bulkLink: number; space: number; pixel: number; webhook: number; delivery: number; user: number; ownKey: number; report: number }
interface Route {
  method: string;
  /** As the OpenAPI document names it. */
  path: string;
  url(fx: Fx, n: number): string;
  body?(fx: Fx, n: number): Record<string, unknown>;
  /** A scope, or 'key': any key. */
  needs: Scope | 'key';
  /** The status of an allowed request with these (valid) inputs. */
  ok: number;
}

let n = 0;
const r = (method: string, path: string, needs: Route['needs'], ok: number, url: Route['url'], body?: Route['body']): Route => ({ method, path, needs, ok, url, body });

// In an order where a record is deleted only after every other route used it.
const ROUTES: Route[] = [
  r('GET', '/account', 'key', 200, () => '/account'),
  r('GET', '/domains', 'domains:read', 200, () => '/domains'),
  r('POST', '/domains', 'domains:write', 201, () => '/domains', (_f, i) => ({ name: `new${i}.example` })),
  r('GET', '/domains/{id}', 'domains:read', 200, (f) => `/domains/${f.domain}`),
  r('GET', '/domains/{id}/dns', 'domains:read', 200, (f) => `/domains/${f.domain}/dns`),
  r('PUT', '/domains/{id}', 'domains:write', 200, (f) => `/domains/${f.domain}`, () => ({ index_page: 'https://example.com/put' })),
  r('PATCH', '/domains/{id}', 'domains:write', 200, (f) => `/domains/${f.domain}`, () => ({ index_page: 'https://example.com/patch' })),
  r('GET', '/links', 'links:read', 200, () => '/links'),
  r('POST', '/links', 'links:write', 201, () => '/links', () => ({ url: 'https://example.com/new' })),
  r('POST', '/links/bulk', 'links:write', 200, () => '/links/bulk', () => ({ links: [{ url: 'https://example.com/bulk' }] })),
  r('PATCH', '/links/bulk', 'links:write', 200, () => '/links/bulk', (f) => ({ ids: [f.bulkLink], changes: { disabled: 1 } })),
  r('GET', '/links/{id}', 'links:read', 200, (f) => `/links/${f.link}`),
  r('PUT', '/links/{id}', 'links:write', 200, (f) => `/links/${f.link}`, () => ({ url: 'https://example.com/put' })),
  r('PATCH', '/links/{id}', 'links:write', 200, (f) => `/links/${f.link}`, () => ({ url: 'https://example.com/patch' })),
  // Health checks are off on this server: an allowed request reaches the handler, which says so.
  r('POST', '/links/{id}/health-check', 'links:write', 409, (f) => `/links/${f.link}/health-check`),
  // Evaluating a visitor reads the link: a POST only because the visitor is a body.
  r('POST', '/links/{id}/evaluate', 'links:read', 200, (f) => `/links/${f.link}/evaluate`, () => ({ country: 'DE' })),
  r('GET', '/stats', 'stats:read', 200, () => '/stats'),
  r('GET', '/stats/{id}', 'stats:read', 200, (f) => `/stats/${f.link}`),
  // The stream itself stays open: a link no one has answers at once, 404 once the scope lets the request through.
  r('GET', '/stats/live', 'stats:read', 404, () => '/stats/live?link_id=999999999'),
  r('GET', '/spaces', 'spaces:read', 200, () => '/spaces'),
  r('POST', '/spaces', 'spaces:write', 201, () => '/spaces', () => ({ name: 'New' })),
  r('GET', '/spaces/{id}', 'spaces:read', 200, (f) => `/spaces/${f.space}`),
  r('PUT', '/spaces/{id}', 'spaces:write', 200, (f) => `/spaces/${f.space}`, () => ({ name: 'Put' })),
  r('PATCH', '/spaces/{id}', 'spaces:write', 200, (f) => `/spaces/${f.space}`, () => ({ name: 'Patch' })),
  r('GET', '/pixels', 'pixels:read', 200, () => '/pixels'),
  r('POST', '/pixels', 'pixels:write', 201, () => '/pixels', () => ({ name: 'New', type: 'x', pixel_id: 'p1' })),
  r('GET', '/pixels/{id}', 'pixels:read', 200, (f) => `/pixels/${f.pixel}`),
  r('PUT', '/pixels/{id}', 'pixels:write', 200, (f) => `/pixels/${f.pixel}`, () => ({ name: 'Put' })),
  r('PATCH', '/pixels/{id}', 'pixels:write', 200, (f) => `/pixels/${f.pixel}`, () => ({ name: 'Patch' })),
  r('GET', '/webhooks', 'webhooks:read', 200, () => '/webhooks'),
  r('POST', '/webhooks', 'webhooks:write', 201, () => '/webhooks', (_f, i) => ({ url: `https://hooks.example/new${i}`, events: ['link.created'] })),
  r('GET', '/webhooks/{id}', 'webhooks:read', 200, (f) => `/webhooks/${f.webhook}`),
  r('PUT', '/webhooks/{id}', 'webhooks:write', 200, (f) => `/webhooks/${f.webhook}`, () => ({ events: ['link.updated'] })),
  r('PATCH', '/webhooks/{id}', 'webhooks:write', 200, (f) => `/webhooks/${f.webhook}`, () => ({ events: ['link.deleted'] })),
  r('GET', '/webhooks/{id}/deliveries', 'webhooks:read', 200, (f) => `/webhooks/${f.webhook}/deliveries`),
  r('POST', '/webhooks/{id}/test', 'webhooks:write', 201, (f) => `/webhooks/${f.webhook}/test`),
  r('GET', '/webhooks/{id}/deliveries/{delivery_id}', 'webhooks:read', 200, (f) => `/webhooks/${f.webhook}/deliveries/${f.delivery}`),
  r('POST', '/webhooks/{id}/deliveries/{delivery_id}/redeliver', 'webhooks:write', 200,
    (f) => `/webhooks/${f.webhook}/deliveries/${f.delivery}/redeliver`),
  r('GET', '/users', 'admin', 200, () => '/users'),
  r('POST', '/users', 'admin', 201, () => '/users', (_f, i) => ({ name: `made-${i}` })),
  r('GET', '/users/{id}', 'admin', 200, (f) => `/users/${f.user}`),
  r('PATCH', '/users/{id}', 'admin', 200, (f) => `/users/${f.user}`, (_f, i) => ({ name: `renamed-${i}` })),
  // Bans (issue 44) are an admin's, whoever owns the link; the lift follows the ban.
  r('POST', '/links/{id}/ban', 'admin', 200, (f) => `/links/${f.link}/ban`, () => ({ reason: 'matrix' })),
  r('DELETE', '/links/{id}/ban', 'admin', 200, (f) => `/links/${f.link}/ban`, () => ({ reason: 'matrix' })),
  r('GET', '/bans', 'admin', 200, () => '/bans'),
  r('POST', '/bans/hosts', 'admin', 201, () => '/bans/hosts', (_f, i) => ({ host: `banned${i}.example`, reason: 'matrix' })),
  r('GET', '/audit', 'admin', 200, () => '/audit'),
  r('GET', '/audit/export', 'admin', 200, () => '/audit/export'),
  r('GET', '/blocklist', 'admin', 200, () => '/blocklist'),
  r('PUT', '/blocklist', 'admin', 200, () => '/blocklist', () => ({ hosts: ['matrix.example'], keywords: [] })),
  r('GET', '/blocklist/check', 'admin', 200, () => '/blocklist/check?url=https%3A%2F%2Fmatrix.example%2F'),
  r('GET', '/reports', 'admin', 200, () => '/reports'),
  r('POST', '/reports/{id}/dismiss', 'admin', 200, (f) => `/reports/${f.report}/dismiss`),
  r('POST', '/reports/dismiss', 'admin', 200, () => '/reports/dismiss', (f) => ({ link_id: f.link })),
  r('GET', '/keys', 'key', 200, () => '/keys'),
  r('GET', '/keys/current', 'key', 200, () => '/keys/current'),
  r('POST', '/keys', 'key', 201, () => '/keys', () => ({ name: 'made by the scoped key' })),
  r('GET', '/keys/{id}', 'key', 200, (f) => `/keys/${f.ownKey}`),
  r('PATCH', '/keys/{id}', 'key', 200, (f) => `/keys/${f.ownKey}`, () => ({ name: 'renamed' })),
  r('DELETE', '/keys/{id}', 'key', 200, (f) => `/keys/${f.ownKey}`),
  r('DELETE', '/links/bulk', 'links:write', 200, () => '/links/bulk', (f) => ({ ids: [f.bulkLink] })),
  r('DELETE', '/links/{id}', 'links:write', 200, (f) => `/links/${f.doomedLink}`),
  r('DELETE', '/domains/{id}', 'domains:write', 200, (f) => `/domains/${f.emptyDomain}`),
  r('DELETE', '/spaces/{id}', 'spaces:write', 200, (f) => `/spaces/${f.space}`),
  r('DELETE', '/pixels/{id}', 'pixels:write', 200, (f) => `/pixels/${f.pixel}`),
  r('DELETE', '/webhooks/{id}', 'webhooks:write', 200, (f) => `/webhooks/${f.webhook}`),
  r('DELETE', '/users/{id}', 'admin', 200, (f) => `/users/${f.user}`),
];

/** Fresh records of the owner (an admin with a full key) for one scope's run. */
async function fixtures(scopedKey: string): Promise<Fx> {
  const i = ++n;
  const made = async (p: string, json: unknown, key = s.key) => {
    const res = await s.api('POST', p, { json, key });
    expect(res.status, `${p} ${res.text}`).toBe(201);
    return res.body.data.id as number;
  };
  const domain = await made('/domains', { name: `fx${i}.example` });
  const webhook = await made('/webhooks', { url: `https://hooks.example/fx${i}`, events: ['link.created'] });
  const link = await made('/links', { url: 'https://example.com/a', domain_id: domain });
  // A visitor's report of another link, as the report form stores one (issue 44): the matrix bans `link`, and a ban
  // answers its link's open reports (they cannot be dismissed after).
  const reported = await made('/links', { url: 'https://example.com/r' });
  const [report] = await s.sql("INSERT INTO link_reports (link_id, reason, details, created_at, status, ip_hash) VALUES ($1, 'spam', '', $2, 'open', 'fx') RETURNING id", [reported, Date.now()]);
  return {
    domain,
    emptyDomain: await made('/domains', { name: `empty${i}.example` }),
    link,
    report: Number(report.id),
    doomedLink: await made('/links', { url: 'https://example.com/b' }),
    bulkLink: await made('/links', { url: 'https://example.com/c' }),
    space: await made('/spaces', { name: 'Fx' }),
    pixel: await made('/pixels', { name: 'Fx', type: 'x', pixel_id: 'fx' }),
    webhook,
    delivery: await made(`/webhooks/${webhook}/test`, {}),
    user: await made('/users', { name: `fx-user-${i}` }),
    // A key of the scoped key's own making: the keys routes act on it.
    ownKey: await made('/keys', { name: 'own' }, scopedKey),
  };
}

/**
 * The rule as DESIGN.md states it, written here rather than taken from
 * shared/scopes.ts's grants() (which the server enforces with): a scope opens
 * its own routes, and a write its read; admin opens only admin's.
 */
const opens = (held: Scope, needed: Scope) => held === needed || (needed.endsWith(':read') && held === needed.replace(/:read$/, ':write'));

describe('the scope matrix', () => {
  it('covers every route of the OpenAPI document', async () => {
    const doc = (await s.api('GET', '/openapi.json')).body;
    const documented = Object.entries(doc.paths as Record<string, object>)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/^\/api\/v1/, '')}`)).sort();
    expect(ROUTES.map((x) => `${x.method} ${x.path}`).sort()).toEqual(documented);
  });

  it.each(SCOPES)('a key with only %s: allowed where it grants, else 403 naming the scope needed', async (scope) => {
    const created = await s.api('POST', '/keys', { json: { name: scope, scopes: [scope] } });
    expect(created.status).toBe(201);
    expect(created.body.data.scopes).toEqual([scope]);
    const key = created.body.data.key as string;
    const fx = await fixtures(key);
    const seen: string[] = [];
    for (const route of ROUTES) {
      const res = await s.api(route.method, route.url(fx, n), { key, json: route.body?.(fx, n) });
      const allowed = route.needs === 'key' || opens(scope, route.needs);
      const label = `${scope}: ${route.method} ${route.path} → ${res.status} ${res.text.slice(0, 200)}`;
      if (allowed) {
        expect(res.status, label).toBe(route.ok);
        seen.push(`${route.method} ${route.path}`);
      } else {
        expect(res.status, label).toBe(403);
        expect(res.body, label).toEqual({ message: `This key lacks the ${route.needs} scope.`, status: 403 });
      }
    }
    // The key routes and /account are open to every key; each scope opens its own routes too.
    expect(seen.length).toBeGreaterThan(ROUTES.filter((x) => x.needs === 'key').length);
  });

  it('the full key made before scopes answers every route as before', async () => {
    const fx = await fixtures(s.key);
    for (const route of ROUTES) {
      const res = await s.api(route.method, route.url(fx, ++n), { json: route.body?.(fx, n) });
      expect(res.status, `${route.method} ${route.path} ${res.text.slice(0, 200)}`).toBe(route.ok);
    }
  });
});
