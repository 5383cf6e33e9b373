// Messages of the users and keys rules, word for word the same from the API
// and the command line (kept apart from the routes so the CLI loads little).
export const lastAdminMessage = (id: number) => `User ${id} is the last active admin; make another user admin first.`;

/** `how`: the API's parameters, or the command line's flags. */
export const ownsLinksMessage = (id: number, n: number, how = { del: 'links=delete', move: 'links=move with to_user_id' }) =>
  `User ${id} owns ${n} link${n === 1 ? '' : 's'}; say what becomes of them: ${how.del} deletes them, ${how.move} moves them (with their domains, spaces and pixels) to another user.`;

export const ADMIN_SCOPE_FOR_MEMBER = (userId: number) => `The admin scope is only for keys of admins; user ${userId} is a member.`;
export const EXPIRY_IN_PAST = 'The expires_at must be in the future.';
export const NO_SUCH_DOMAIN = (userId: number, domainId: number) => `User ${userId} has no domain ${domainId}.`;
