// What a change is recorded as where its method and path alone would not say
// it (app.ts writes `resource.verb` from them otherwise): a user's
// suspension, restoration and role change each as their own action, and a
// bulk change or a deletion that removes links as one entry per link, so
// the log answers "who changed link N" with a filter on target_id.
import type { FastifyRequest } from 'fastify';
import type { UserRole, UserStatus } from '../../../shared/scopes.ts';

export interface AuditNote { action: string; targetType: string; targetId: number | null; fields: string[] }

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route: the entries its change is recorded as, instead of the one app.ts would write. */
    auditNotes?: AuditNote[];
  }
}

/** Adds entries for this request's change; app.ts writes them once it has succeeded. */
export function noteAudit(req: FastifyRequest, notes: AuditNote[]): void {
  req.auditNotes = [...(req.auditNotes ?? []), ...notes];
}

/**
 * A user's change as entries: `user.suspend` and `user.restore` for its
 * status, `user.role` naming the new role (`role=admin`: a role is no
 * secret, and "made admin" must be told from "made member"), and
 * `user.update` for the rest (its name). A field asked for but already so
 * is part of the `user.update` entry, so a request that changed nothing is
 * still on record.
 */
export function userChangeNotes(id: number, before: { role: string; status: string },
  changes: { name?: string; role?: UserRole; status?: UserStatus; link_limit_minute?: number | null; link_limit_day?: number | null },
  links?: 'keep' | 'stop'): AuditNote[] {
  const note = (action: string, fields: string[]): AuditNote => ({ action, targetType: 'user', targetId: id, fields });
  const notes: AuditNote[] = [];
  const rest: string[] = [];
  // links=stop|keep (issue 44) is named on the suspension, or on its own entry for a user suspended already.
  const linksField = links === undefined ? [] : [`links=${links}`];
  if (changes.status !== undefined && changes.status !== before.status) notes.push(note(changes.status === 'suspended' ? 'user.suspend' : 'user.restore', ['status', ...linksField]));
  else if (links !== undefined) notes.push(note('user.suspend', ['links', ...linksField]));
  else if (changes.status !== undefined) rest.push('status');
  if (changes.role !== undefined && changes.role !== before.role) notes.push(note('user.role', ['role', `role=${changes.role}`]));
  else if (changes.role !== undefined) rest.push('role');
  if (changes.name !== undefined) rest.push('name');
  for (const k of ['link_limit_minute', 'link_limit_day'] as const) if (changes[k] !== undefined) rest.push(k);
  if (rest.length || !notes.length) notes.unshift(note('user.update', rest.sort()));
  return notes;
}

/** One entry per link a change touched: `action` (link.bulk_update…) with target link N. */
export const linkNotes = (action: string, ids: readonly number[], fields: string[]): AuditNote[] =>
  ids.map((id) => ({ action, targetType: 'link', targetId: id, fields }));

/**
 * A user's deletion, then each of its links: `link.delete` for those that
 * went with it, `link.update` (user_id) for those that moved to user `to`;
 * both name the user deleted (`with_user=N`), so a filter on the link finds why.
 */
export function userDeletionNotes(id: number, links: readonly number[], to: number | undefined, fields: string[]): AuditNote[] {
  return [
    { action: 'user.delete', targetType: 'user', targetId: id, fields },
    ...(to === undefined ? linkNotes('link.delete', links, [`with_user=${id}`]) : linkNotes('link.update', links, ['user_id', `with_user=${id}`])),
  ];
}
