// /api/v1/users: admins manage the instance's users. The last active admin
// cannot be demoted, suspended or deleted; a user who owns links is deleted
// only when the request says what becomes of them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userCreateSchema, userDeleteQuerySchema, userListQuerySchema, userSchema, userUpdateSchema, type User } from '../../../../shared/schemas/admin.ts';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { deletedSchema, errorResponses, errorSchema, pageOf, singleOf } from '../../../../shared/schemas/responses.ts';
import type { UserRole, UserStatus } from '../../../../shared/scopes.ts';
import type { UserRow } from '../../db/repositories/users-repository.ts';
import { fieldNamesOf } from '../../auth/policy.ts';
import { noteAudit, userChangeNotes, userDeletionNotes } from '../audit-notes.ts';
import type { ApiContext } from '../context.ts';
import { ApiError, conflict, invalid, notFound } from '../errors.ts';
import { deleted, page, single } from '../responses.ts';
import { lastAdminMessage, ownsLinksMessage } from '../admin-messages.ts';
import { nameTakenMessage } from '../../../../shared/user-names.ts';

const tags = ['users'];
const ADMIN_ONLY = ' Needs a key with the `admin` scope, of a user whose role is admin.';

const serializeUser = (u: UserRow): User => ({
  id: u.id, name: u.name, role: u.role as UserRole, status: u.status as UserStatus, links_count: Number(u.links_count),
  last_active_at: u.last_active_at, links: u.links_stopped ? 'stop' : 'keep', link_limit_minute: u.link_limit_minute, link_limit_day: u.link_limit_day,
  created_at: u.created_at,
});

/**
 * The user's links_stopped after a change: stop or keep while suspended (keep when a suspension says neither), always 0
 * once active; undefined: unchanged. `links` for a user who is not (being) suspended is a 422.
 */
function linksStoppedOf(before: string, status: string | undefined, links: 'keep' | 'stop' | undefined): number | undefined {
  const after = status ?? before;
  if (after !== 'suspended') {
    if (links !== undefined) throw invalid('links', 'The links field goes with status=suspended: a user who is not suspended has their links redirecting.');
    return status === 'active' ? 0 : undefined;
  }
  if (links !== undefined) return links === 'stop' ? 1 : 0;
  return status === 'suspended' && before !== 'suspended' ? 0 : undefined;
}

export function usersRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = ctx.repos.users;
  const show = async (id: number) => {
    const u = await users.showUser(id);
    if (!u) throw notFound();
    return serializeUser(u);
  };
  const nameFree = async (name: string, except?: number) => {
    const same = (await users.usersNamed(name)).find((u) => u.id !== except);
    if (same) throw invalid('name', nameTakenMessage(name, same));
  };

  r.get('/users', {
    schema: { tags, summary: 'List users', description: `Each with its link count and last activity.${ADMIN_ONLY}`, querystring: userListQuerySchema, response: { 200: pageOf(userSchema), ...errorResponses } },
  }, async (req) => {
    const { rows, total } = await users.listUsers(req.query);
    return page(req, ctx.baseUrl(), rows.map(serializeUser), total, req.query);
  });

  r.get('/users/:id', { schema: { tags, summary: 'Show a user', description: ADMIN_ONLY.trim(), params: idParamSchema, response: { 200: singleOf(userSchema), ...errorResponses } } }, async (req) =>
    single(await show(req.params.id)));

  r.post('/users', {
    schema: { tags, summary: 'Create a user', description: `Give it a key with POST /keys and its user_id.${ADMIN_ONLY}`, body: userCreateSchema, response: { 201: singleOf(userSchema, 201), ...errorResponses } },
  }, async (req, reply) => {
    await nameFree(req.body.name);
    const u = await users.createUser(req.body.name, req.body.role);
    reply.code(201);
    return single(await show(u.id), 201);
  });

  r.patch('/users/:id', {
    schema: {
      tags, summary: 'Rename a user, change its role, suspend or restore it',
      description: 'A suspension refuses every key of the user at once, on every node; their links keep redirecting unless `links=stop`, which stops them all '
        + '(visitors get a page saying the link is disabled, 403) until the user is restored. `link_limit_minute` and `link_limit_day` set how many links the user '
        + `may create (null: the instance's default). 409 for the last active admin.${ADMIN_ONLY}`,
      params: idParamSchema, body: userUpdateSchema, response: { 200: singleOf(userSchema), 409: errorSchema, ...errorResponses },
    },
  }, async (req) => {
    const { id } = req.params;
    const before = await show(id);
    const { links, ...changes } = Object.fromEntries(Object.entries(req.body).filter(([, v]) => v !== undefined)) as typeof req.body;
    if (changes.name !== undefined) await nameFree(changes.name, id);
    const stopped = linksStoppedOf(before.status, changes.status, links);
    if (!(await users.updateUserKeepingAdmin(id, { ...changes, ...(stopped === undefined ? {} : { links_stopped: stopped }) }))) throw conflict(lastAdminMessage(id));
    noteAudit(req, userChangeNotes(id, before, changes, links));
    return single(await show(id));
  });

  r.delete('/users/:id', {
    schema: {
      tags, summary: 'Delete a user, its keys and what it owns',
      description: `Refused (409) while the user owns links, unless \`links=delete\` (they are deleted) or \`links=move&to_user_id=ID\` (they move to that user with their domains, spaces and pixels); and for the last active admin.${ADMIN_ONLY}`,
      params: idParamSchema, querystring: userDeleteQuerySchema, response: { 200: deletedSchema, 409: errorSchema, ...errorResponses },
    },
  }, async (req) => {
    const { id } = req.params;
    const { links, to_user_id: to } = req.query;
    await show(id);
    if (links === 'move') {
      if (to === undefined) throw invalid('to_user_id', 'The to_user_id field is required to move the links.');
      if (to === id) throw invalid('to_user_id', 'The links cannot move to the user being deleted.');
      if (!(await users.findUser(to))) throw invalid('to_user_id', `There is no user ${to}.`);
    } else if (to !== undefined) throw invalid('to_user_id', 'The to_user_id field goes with links=move.');
    const owned = await users.linkCount(id);
    if (owned > 0 && links === undefined) throw conflict(ownsLinksMessage(id, owned));
    const done = links === 'move' ? await users.deleteUserMovingTo(id, to!) : await users.deleteUserKeepingAdmin(id);
    if (!done) throw conflict(lastAdminMessage(id));
    noteAudit(req, userDeletionNotes(id, done, to, fieldNamesOf(req.query)));
    return deleted(id, 'user');
  });
}
