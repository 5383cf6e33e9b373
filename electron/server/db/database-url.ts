// PostgreSQL URLs as the command line takes them; no driver needed to check one.

/** The URL without its password, for messages and logs. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'the given database URL';
  }
}

/** Refuses what is not a postgres:// URL, without echoing it (it may hold a password). */
export function checkDatabaseUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'is not a URL (expected postgres://USER:PASSWORD@HOST:PORT/DATABASE)';
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return `must start with postgres:// (got ${u.protocol}//)`;
  if (!u.hostname) return 'has no host';
  if (u.pathname.length <= 1) return 'names no database (…/DATABASE at the end)';
  return null;
}
