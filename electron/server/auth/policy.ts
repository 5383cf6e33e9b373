// What each /api/v1 route needs of a key, and what a change through it is
// called in the audit log. One table by the route's first segment, so a new
// route under a known resource is covered at once, and a route under an
// unknown one asks for `admin` (closed by default) until it is added here.
import { grants, lacksScope, type Scope, type ScopeResource } from '../../../shared/scopes.ts';
import { ApiError } from '../api/errors.ts';
import type { Principal } from './authenticate.ts';

/** A scope, or 'key': any valid key (its own account and keys, with the rules in the keys routes). */
export type Requirement = Scope | 'key';

const RESOURCES: Record<string, ScopeResource> = {
  links: 'links', domains: 'domains', spaces: 'spaces', pixels: 'pixels', stats: 'stats', webhooks: 'webhooks',
};
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Evaluating a link's rules for a described visitor reads the link (the visitor is a body) and changes nothing. */
const EVALUATE = /^\/api\/v1\/links\/:id\/evaluate$/;
/** Banning a link and lifting its ban are an admin's (issue 44), whoever owns the link. */
const BAN = /^\/api\/v1\/links\/:id\/ban$/;

/** `url`: the route's pattern as Fastify knows it, `/api/v1/links/:id`. */
export function requirementOf(method: string, url: string): Requirement {
  const [segment] = url.replace(/^\/api\/v1\/?/, '').split('/');
  if (segment === 'account' || segment === 'keys') return 'key';
  if (segment === 'users' || segment === 'audit' || BAN.test(url)) return 'admin';
  const resource = segment ? RESOURCES[segment] : undefined;
  if (!resource) return 'admin';
  // Statistics are only ever read; a link's stats need no links scope.
  if (resource === 'stats') return 'stats:read';
  if (EVALUATE.test(url)) return 'links:read';
  return `${resource}:${READS.has(method) ? 'read' : 'write'}`;
}

/** 403 naming the scope, unless the key has it. */
export function requireScope(p: Principal, needed: Requirement): void {
  if (needed === 'key') return;
  if (!grants(p.scopes, needed)) throw forbidden(needed);
}

export const forbidden = (scope: Scope) => new ApiError(403, lacksScope(scope));

/** A domain-restricted key asked for something beyond its domain. */
export const restricted = (what: string) => new ApiError(403, `This key is restricted to one domain, so it cannot ${what}.`);

const SINGULAR: Record<string, string> = {
  links: 'link', domains: 'domain', spaces: 'space', pixels: 'pixel', webhooks: 'webhook', users: 'user', keys: 'key', blocklist: 'blocklist',
};

/**
 * The audit action of a change (`link.create`, `key.revoke`, `link.bulk_update`,
 * `webhook.test`), or null for a request that changes nothing.
 */
export function auditActionOf(method: string, url: string): { action: string; targetType: string } | null {
  if (READS.has(method) || EVALUATE.test(url)) return null;
  const parts = url.replace(/^\/api\/v1\/?/, '').split('/');
  const targetType = SINGULAR[parts[0] ?? ''];
  if (!targetType) return null;
  const [, second, third] = parts;
  let verb: string;
  if (second === 'bulk') verb = method === 'POST' ? 'bulk_create' : method === 'DELETE' ? 'bulk_delete' : 'bulk_update';
  else if (third) verb = third.replaceAll('-', '_');
  else if (!second) verb = method === 'POST' ? 'create' : 'update';
  else if (method === 'DELETE') verb = targetType === 'key' ? 'revoke' : 'delete';
  else verb = 'update';
  return { action: `${targetType}.${verb}`, targetType };
}

/** Names of the fields a body carried, never their values; lists of items give the union of their names. */
export function fieldNamesOf(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const names = new Set<string>();
  for (const [k, v] of Object.entries(body)) {
    names.add(k);
    // Bulk bodies: `links` items and `changes` name the link fields they set.
    if (k === 'changes' && v && typeof v === 'object' && !Array.isArray(v)) for (const c of Object.keys(v)) names.add(`changes.${c}`);
    if (k === 'links' && v && typeof v === 'object') {
      for (const item of Object.values(v)) if (item && typeof item === 'object') for (const c of Object.keys(item)) names.add(`links.${c}`);
    }
  }
  // A field name is the caller's own text: keep it short and printable.
  return [...names].slice(0, 100).map((n) => n.replace(/[^\w.[\]-]/g, '?').slice(0, 64)).sort();
}
