// What an API key may do: `RESOURCE:read|write` per resource, plus `admin`.
// A write scope includes its read. Shared by the server (which enforces it),
// the CLI, the desktop services and the screens (which put scopes in words).

export const SCOPE_RESOURCES = ['links', 'domains', 'spaces', 'pixels', 'stats', 'webhooks'] as const;
export type ScopeResource = (typeof SCOPE_RESOURCES)[number];
export const SCOPES = [...SCOPE_RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`] as const), 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Everything: what keys made before scopes existed were given on upgrade. */
export const FULL_ACCESS: readonly Scope[] = [...SCOPE_RESOURCES.map((r) => `${r}:write` as Scope), 'admin'];

export const isScope = (s: unknown): s is Scope => typeof s === 'string' && (SCOPES as readonly string[]).includes(s);

/** Whether `held` grants `needed` (a write grants its read). */
export function grants(held: readonly string[], needed: Scope): boolean {
  if (held.includes(needed)) return true;
  return needed.endsWith(':read') && held.includes(needed.replace(/:read$/, ':write'));
}

/** The smallest list with the same meaning, in SCOPES order: a read next to its write is dropped. */
export function normalizeScopes(scopes: readonly string[]): Scope[] {
  const set = new Set(scopes.filter(isScope));
  return SCOPES.filter((s) => set.has(s) && !(s.endsWith(':read') && set.has(s.replace(/:read$/, ':write') as Scope)));
}

/** Scopes a user's key may hold: `admin` only for an admin. */
export const scopesForRole = (scopes: readonly string[], role: string): Scope[] =>
  normalizeScopes(scopes).filter((s) => s !== 'admin' || role === 'admin');

/** The first scope of `wanted` that `held` does not grant, or null. */
export const firstMissing = (held: readonly string[], wanted: readonly Scope[]): Scope | null =>
  wanted.find((s) => !grants(held, s)) ?? null;

/** The 403 body's message for a missing scope. */
export const lacksScope = (scope: Scope) => `This key lacks the ${scope} scope.`;

const RESOURCE_WORDS: Record<ScopeResource, string> = {
  links: 'links', domains: 'domains', spaces: 'spaces', pixels: 'pixels', stats: 'statistics', webhooks: 'webhooks',
};

/** A key's scopes in words, for screens and the CLI: "read and change links; read statistics; manage users, keys and the audit log". */
export function scopesInWords(scopes: readonly string[]): string {
  const n = normalizeScopes(scopes);
  if (!n.length) return 'nothing';
  const parts: string[] = [];
  const writes = n.filter((s) => s.endsWith(':write')).map((s) => RESOURCE_WORDS[s.split(':')[0] as ScopeResource]);
  const reads = n.filter((s) => s.endsWith(':read')).map((s) => RESOURCE_WORDS[s.split(':')[0] as ScopeResource]);
  if (writes.length) parts.push(`read and change ${writes.join(', ')}`);
  if (reads.length) parts.push(`read ${reads.join(', ')}`);
  if (n.includes('admin')) parts.push('manage users, every key and the audit log');
  return parts.join('; ');
}
