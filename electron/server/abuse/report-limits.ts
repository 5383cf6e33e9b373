// How many reports one address may send: a few in a short while, a few more
// in a day, per instance (counted in link_reports, so a restart forgives
// nothing and every node of a PostgreSQL instance counts the same rows).
// The address is only ever held as a keyed hash (HMAC-SHA256 under an
// instance secret): the same address gives the same hash on this instance,
// and the table alone does not give the address back.
import { createHmac } from 'node:crypto';
import type { ReportsRepository } from './reports-repository.ts';

export interface ReportLimit { count: number; windowMs: number }
export const DEFAULT_REPORT_LIMITS: readonly ReportLimit[] = [
  { count: 5, windowMs: 10 * 60_000 },
  { count: 20, windowMs: 24 * 60 * 60_000 },
];

export function createReportLimits(secret: Buffer, repo: Pick<ReportsRepository, 'timesFrom'>, limits: readonly ReportLimit[] = DEFAULT_REPORT_LIMITS) {
  const longest = Math.max(...limits.map((l) => l.windowMs));
  const most = Math.max(...limits.map((l) => l.count));
  return {
    /** The keyed hash stored for an address (IPv6 addresses are taken by their /64: one host has them all). */
    hashOf(ip: string): string {
      return createHmac('sha256', secret).update(networkOf(ip)).digest('base64url').slice(0, 32);
    },
    /** Seconds to wait before this address may report again; 0: it may now. */
    async wait(ipHash: string, now: number): Promise<number> {
      const times = await repo.timesFrom(ipHash, now - longest, most);
      let wait = 0;
      for (const l of limits) {
        const inside = times.filter((t) => t > now - l.windowMs);
        // The oldest of the last `count` reports in the window must leave it first.
        if (inside.length >= l.count) wait = Math.max(wait, inside[l.count - 1]! + l.windowMs - now);
      }
      return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
    },
  };
}
export type ReportLimits = ReturnType<typeof createReportLimits>;

/** An IPv4 address as it is (IPv4-mapped IPv6 included); an IPv6 address by its first four groups. */
function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t] : h;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
