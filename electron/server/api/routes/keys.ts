// /api/v1/keys: a user's own keys; with the `admin` scope, everyone's. A key
// never grants more than the key that makes it has: no scope it lacks, no
// later expiry than its own, no other domain than its own; and it changes or
// revokes only keys no broader than itself (auth/key-policy.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyCreatedSchema, apiKeySchema, keyCreateSchemaIn, keyListQuerySchema, keyRevokedSchema, keyRevokeQuerySchema, keyUpdateSchemaIn, type ApiKey, type KeyUpdateInput,
} from '../../../../shared/schemas/admin.ts';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { errorResponses, errorSchema, pageOf, singleOf } from '../../../../shared/schemas/responses.ts';
import { firstMissing, grants, isScope, normalizeScopes, scopesForRole, type Scope } from '../../../../shared/scopes.ts';
import { principalOf, type Principal } from '../../auth/authenticate.ts';
import { broader, mayActOn, type KeyReach } from '../../auth/key-policy.ts';
import { forbidden } from '../../auth/policy.ts';
import type { KeyRow } from '../../db/repositories/users-repository.ts';
import { isoNow, zoneClock } from '../../util/time.ts';
import type { ApiContext } from '../context.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { page, single } from '../responses.ts';
import { ADMIN_SCOPE_FOR_MEMBER, EXPIRY_IN_PAST, NO_SUCH_DOMAIN } from '../admin-messages.ts';

const tags = ['keys'];
const OWN = ' A key sees its own user\'s keys; the `admin` scope sees every user\'s. It may change or revoke only keys no broader than itself '
  + '(no scope it lacks, restricted to its domain if it is, expiring no later than it does): 403 names the field otherwise. A key may always revoke itself.';
const forbiddenKey = errorSchema.describe('The key lacks a scope the route needs, or the key acted on (or asked for) is broader than it: '
  + '`errors` names the field (scopes, domain_id or expires_at).');

/** What a stored key may do, as the policy compares it. */
const reachOf = (k: KeyRow): KeyReach => ({
  scopes: scopesForRole((JSON.parse(k.scopes) as unknown[]).filter(isScope), k.user_role), domainId: k.domain_id, expiresAt: k.expires_at,
});

function serializeKey(k: KeyRow, now: number, currentKeyId: number): ApiKey {
  const expired = k.expires_at !== null && Date.parse(k.expires_at) <= now;
  return {
    id: k.id, user: { id: k.user_id, name: k.user_name }, name: k.name, prefix: `ldk_${k.prefix}`,
    // What the key can do: an admin scope left on a demoted user's key is not shown (nor granted).
    scopes: scopesForRole((JSON.parse(k.scopes) as unknown[]).filter(isScope), k.user_role), expires_at: k.expires_at, domain_id: k.domain_id,
    status: k.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
    created_at: k.created_at, last_used_at: k.last_used_at, revoked_at: k.revoked_at, created_by_key_id: k.created_by_key_id,
    current: k.id === currentKeyId,
  };
}

const isAdmin = (p: Principal) => grants(p.scopes, 'admin');

export function keysRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // expires_at: a date alone lasts through that day, and a time without an offset is, in the instance's time zone.
  const clock = zoneClock(ctx.timeZone);
  const users = ctx.repos.users;

  /** A key this principal may see: its own user's, or any with `admin`; 404 otherwise (as for any record not one's own). */
  const visible = async (p: Principal, id: number) => {
    const k = await users.findKey(id);
    if (!k || (k.user_id !== p.userId && !isAdmin(p))) throw notFound();
    return k;
  };
  r.get('/keys', {
    schema: {
      tags, summary: 'List API keys', description: `One's own user's keys; with the \`admin\` scope every user's, or one user's with user_id.${OWN} Never a key itself.`,
      querystring: keyListQuerySchema, response: { 200: pageOf(apiKeySchema), ...errorResponses },
    },
  }, async (req) => {
    const p = principalOf(req);
    const q = req.query;
    if (q.user_id !== undefined && q.user_id !== p.userId && !isAdmin(p)) throw forbidden('admin');
    const userId = q.user_id ?? (isAdmin(p) ? undefined : p.userId);
    const { rows, total } = await users.pageKeys({ page: q.page, per_page: q.per_page, userId, state: q.state });
    const now = ctx.now();
    return page(req, ctx.baseUrl(), rows.map((k) => serializeKey(k, now, p.keyId)), total, q);
  });

  r.get('/keys/current', {
    schema: { tags, summary: 'The key of this request', description: 'Its scopes, expiry and domain: what a client warns about before the key expires.', response: { 200: singleOf(apiKeySchema), ...errorResponses } },
  }, async (req) => {
    const p = principalOf(req);
    return single(serializeKey((await users.findKey(p.keyId))!, ctx.now(), p.keyId));
  });

  r.get('/keys/:id', { schema: { tags, summary: 'Show an API key', description: OWN.trim(), params: idParamSchema, response: { 200: singleOf(apiKeySchema), ...errorResponses } } }, async (req) => {
    const p = principalOf(req);
    return single(serializeKey(await visible(p, req.params.id), ctx.now(), p.keyId));
  });

  r.post('/keys', {
    schema: {
      tags, summary: 'Create an API key',
      description: 'The answer holds the key (`data.key`): shown this once, never again. `scopes` (form: scopes[]=links:read; JSON: an array) '
        + 'default to the creating key\'s own; a scope it lacks is 403 naming it. `expires_at` (ISO 8601: with an offset such as Z or +05:00, else in the instance\'s time zone; a date alone lasts through that day) may not be later than the creating key\'s own expiry '
        + '(default: that expiry). `domain_id` restricts the key to one domain; a restricted key makes only keys restricted to its domain. '
        + '`user_id` (another user\'s key) needs the `admin` scope; `admin` can only be given to an admin\'s key. '
        + 'A key broader than the creating one is 403 naming the field.',
      body: keyCreateSchemaIn(clock), response: { 201: singleOf(apiKeyCreatedSchema, 201), ...errorResponses, 403: forbiddenKey },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    const b = req.body;
    const userId = b.user_id ?? p.userId;
    if (userId !== p.userId && !isAdmin(p)) throw forbidden('admin');
    const user = await users.findUser(userId);
    if (!user) throw invalid('user_id', `There is no user ${userId}.`);
    const scopes: Scope[] = normalizeScopes(b.scopes ?? p.scopes);
    const missing = firstMissing(p.scopes, scopes);
    if (missing) throw forbidden(missing);
    if (scopes.includes('admin') && user.role !== 'admin') throw invalid('scopes', ADMIN_SCOPE_FOR_MEMBER(userId));
    const now = ctx.now();
    let expiresAt = b.expires_at ?? p.expiresAt;
    if (expiresAt !== null && Date.parse(expiresAt) <= now) throw invalid('expires_at', EXPIRY_IN_PAST);
    if (p.expiresAt !== null && expiresAt !== null && Date.parse(expiresAt) > Date.parse(p.expiresAt)) {
      throw broader('expires_at', `The expires_at may not be later than this key's own expiry, ${p.expiresAt}: a key makes no key broader than itself.`);
    }
    expiresAt ??= null;
    let domainId = b.domain_id ?? p.domainId;
    if (p.domainId !== null && domainId !== p.domainId) {
      throw broader('domain_id', `The domain_id must be ${p.domainId}: this key is restricted to domain ${p.domainId}, and so are the keys it makes.`);
    }
    if (domainId !== null && b.domain_id !== undefined && !(await ctx.repos.domains.find(userId, domainId))) {
      throw invalid('domain_id', NO_SUCH_DOMAIN(userId, domainId));
    }
    domainId ??= null;
    const made = await users.createKey({ userId, name: b.name ?? '', scopes, expiresAt, domainId, createdByKeyId: p.keyId });
    reply.code(201);
    return single({ ...serializeKey((await users.findKey(made.keyId))!, now, p.keyId), key: made.key }, 201);
  });

  r.patch('/keys/:id', {
    schema: {
      tags, summary: 'Rename or narrow an API key',
      description: `${OWN.trim()} Besides \`name\`, a change may only narrow the key: \`scopes\` a subset of its scopes, \`expires_at\` earlier than its expiry `
        + '(or any, for a key that never expires), `domain_id` a restriction for a key that has none. Widening is 403 naming the field; '
        + 'a bad value or an unknown field is 422 naming it. The changes apply together or not at all.',
      params: idParamSchema, body: keyUpdateSchemaIn(clock), response: { 200: singleOf(apiKeySchema), ...errorResponses, 403: forbiddenKey },
    },
  }, async (req) => {
    const p = principalOf(req);
    const k = await visible(p, req.params.id);
    mayActOn(p, k.id, reachOf(k), 'change');
    const b = req.body;
    const now = ctx.now();
    const changes = await narrowing(k, b, now);
    await users.updateKey(k.id, { name: b.name, ...changes });
    return single(serializeKey((await users.findKey(k.id))!, now, p.keyId));
  });

  /** The stored changes `b` asks of key `k`, each one narrowing it; 403 for a widening, 422 for a bad value, naming the field. */
  async function narrowing(k: KeyRow, b: KeyUpdateInput, now: number): Promise<{ scopes?: Scope[]; expiresAt?: string; domainId?: number }> {
    const cur = reachOf(k);
    const out: { scopes?: Scope[]; expiresAt?: string; domainId?: number } = {};
    const wider = (field: 'scopes' | 'expires_at' | 'domain_id', why: string) => broader(field, `The ${field} may only narrow key ${k.id}: ${why}.`);
    if (b.scopes !== undefined) {
      const scopes = normalizeScopes(b.scopes);
      const missing = firstMissing(cur.scopes, scopes);
      if (missing) throw wider('scopes', `it lacks the ${missing} scope`);
      out.scopes = scopes;
    }
    if (b.expires_at === null && cur.expiresAt !== null) throw wider('expires_at', `it expires at ${cur.expiresAt}, and null would make it never expire`);
    if (typeof b.expires_at === 'string') {
      if (Date.parse(b.expires_at) <= now) throw invalid('expires_at', EXPIRY_IN_PAST);
      if (cur.expiresAt !== null && Date.parse(b.expires_at) > Date.parse(cur.expiresAt)) throw wider('expires_at', `it expires at ${cur.expiresAt}, before ${b.expires_at}`);
      out.expiresAt = b.expires_at;
    }
    if (b.domain_id === null && cur.domainId !== null) throw wider('domain_id', `it is restricted to domain ${cur.domainId}, and null would lift that`);
    if (typeof b.domain_id === 'number' && b.domain_id !== cur.domainId) {
      if (cur.domainId !== null) throw wider('domain_id', `it is restricted to domain ${cur.domainId}, and may not move to another`);
      if (!(await ctx.repos.domains.find(k.user_id, b.domain_id))) {
        throw invalid('domain_id', `The domain_id must be a domain of the key's user: ${NO_SUCH_DOMAIN(k.user_id, b.domain_id)}`);
      }
      out.domainId = b.domain_id;
    }
    return out;
  }

  r.delete('/keys/:id', {
    schema: {
      tags, summary: 'Revoke an API key',
      description: `It is refused from the next request on, on every node.${OWN} With \`cascade=1\` every key it made is revoked too, and every key those made, `
        + 'in one statement; each must be one this key may revoke (403 naming the first that is not, and nothing is revoked). '
        + '`revoked_ids` lists the keys this call revoked. 409 when there was nothing left to revoke.',
      params: idParamSchema, querystring: keyRevokeQuerySchema,
      response: { 200: keyRevokedSchema, 409: errorSchema, ...errorResponses, 403: forbiddenKey },
    },
  }, async (req) => {
    const p = principalOf(req);
    const k = await visible(p, req.params.id);
    mayActOn(p, k.id, reachOf(k), 'revoke');
    const lineage = req.query.cascade === 1 ? await users.keysMadeBy(k.id) : [];
    for (const d of lineage) {
      if (d.user_id !== p.userId && !isAdmin(p)) throw forbidden('admin');
      mayActOn(p, d.id, reachOf(d), 'revoke');
    }
    const revoked = req.query.cascade === 1 ? await users.revokeLineage(k.id, [k.id, ...lineage.map((d) => d.id)]) : await users.revokeKeys([k.id]);
    if (!revoked.length) throw conflict(`Key ${k.id} was revoked already, at ${k.revoked_at ?? isoNow(ctx.now())}${lineage.length ? ', and so were the keys it made' : ''}.`);
    // The audit hook records the key named in the path; each key revoked with it gets its own entry.
    for (const id of revoked.filter((id) => id !== k.id)) {
      await ctx.repos.audit.record({
        userId: p.userId, keyPrefix: p.keyPrefix, source: 'api', action: 'key.revoke', targetType: 'key', targetId: id, fields: ['cascade'], ip: req.ip,
      }, ctx.now());
    }
    return { id: k.id, object: 'key' as const, deleted: true as const, revoked_ids: revoked, status: 200 as const };
  });
}
