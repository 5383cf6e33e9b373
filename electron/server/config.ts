import path from 'node:path';
import envPaths from 'env-paths';
import { REDIRECT_STATUSES } from '../../shared/constants.ts';
import { isValidTimeZone } from './util/time.ts';

export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Public base URL of the instance's own host; derived from the listening address when absent. */
  baseUrl: string | undefined;
  trustProxy: boolean;
  redirectStatus: RedirectStatus;
  /** API requests per key per minute; 0 turns the limit off. */
  rateLimit: number;
  timeZone: string;
  /** Fetch destination titles; `allowPrivateTitles` lets that reach private addresses. */
  fetchTitles: boolean;
  allowPrivateTitles: boolean;
}

export const defaultDataDir = () => envPaths('Linkdesk', { suffix: '' }).data;

export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const c: ServerConfig = {
    host: '127.0.0.1',
    port: 8080,
    dataDir: defaultDataDir(),
    baseUrl: undefined,
    trustProxy: false,
    redirectStatus: 302,
    rateLimit: 600,
    timeZone: 'UTC',
    fetchTitles: true,
    allowPrivateTitles: false,
    ...Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)),
  };
  c.dataDir = path.resolve(c.dataDir);
  if (!Number.isInteger(c.port) || c.port < 0 || c.port > 65535) throw new Error(`--port must be 0-65535, got ${c.port}`);
  if (!REDIRECT_STATUSES.includes(c.redirectStatus)) throw new Error(`--redirect-status must be one of ${REDIRECT_STATUSES.join(', ')}`);
  if (!Number.isInteger(c.rateLimit) || c.rateLimit < 0) throw new Error(`--rate-limit must be a whole number >= 0`);
  if (!isValidTimeZone(c.timeZone)) throw new Error(`--timezone: unknown time zone ${c.timeZone}`);
  if (c.baseUrl !== undefined) {
    const u = new URL(c.baseUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('--base-url must be http(s)');
    c.baseUrl = u.origin;
  }
  return c;
}
