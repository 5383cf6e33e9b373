import { homedir } from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { API_GENERATIONS, type ApiGeneration } from '../../shared/api-generation.ts';
import { REDIRECT_STATUSES } from '../../shared/constants.ts';
import { LOCALES, type Locale } from '../../shared/i18n/locales.ts';
import { isValidTimeZone } from './util/time.ts';

export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Which phpShort generation a link request that says neither speaks, and answers speak (`--api-generation`). */
export { API_GENERATIONS, type ApiGeneration } from '../../shared/api-generation.ts';

/**
 * Whom to believe about the client's address: nobody (`false`), a number of
 * proxy hops, or the proxies' addresses, CIDR ranges and proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`). There is no "everyone": trusting
 * every hop lets a client forge its address with its own X-Forwarded-For.
 */
export type TrustProxy = false | number | string[];
import { canonicalHostEntry } from './abuse/url-host.ts';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Public base URL of the instance's own host; derived from the listening address when absent. */
  baseUrl: string | undefined;
  trustProxy: TrustProxy;
  redirectStatus: RedirectStatus;
  /** API requests per key per minute; 0 turns the limit off. */
  rateLimit: number;
  /** Hosts whose links are resolved one hop before they are stored (abuse/shorteners.ts); null: KNOWN_SHORTENERS. */
  knownShorteners: string[] | null;
  /** Google Safe Browsing v4: the API key (null: not checked) and the threatMatches:find endpoint. */
  safeBrowsingKey: string | null;
  safeBrowsingUrl: string;
  timeZone: string;
  /** Fetch destination titles; `allowPrivateTitles` lets that reach private addresses. */
  fetchTitles: boolean;
  allowPrivateTitles: boolean;
  /** Visit active links' destinations in the background (the title fetcher's address rules); how often per link. */
  healthChecks: boolean;
  healthIntervalHours: number;
  /** Links re-checked against the blocklists and threat lists a minute, with the health checks (issue 44). */
  abuseRecheckPerMinute: number;
  /** Links one user may create a minute and a day unless an admin set their own (issue 44; bulk and import count each). */
  linksPerMinute: number;
  linksPerDay: number;
  /** Raw clicks older than this many days are pruned (daily rollups stay); null keeps them forever. */
  clickRetentionDays: number | null;
  /** Audit log entries older than this many days are pruned. */
  auditDays: number;
  /** Webhooks one user may have. */
  webhooksPerUser: number;
  /** Deliveries started per second to any one receiving host (the rest wait their turn, none is dropped). */
  webhookHostRate: number;
  /** Live statistics streams (GET /stats/live) one key, one user and the whole node may hold open. */
  liveStreamsPerKey: number;
  liveStreamsPerUser: number;
  liveStreamsMax: number;
  /** Ask visitors before a link's pixels run (phpShort's consent page); off for consent collected elsewhere. */
  pixelConsent: boolean;
  /** Addresses/CIDRs besides loopback and the trusted proxies that may ask tls-allowed (Caddy elsewhere). */
  tlsAskFrom: string[];
  /** Where branded domains should point: A/AAAA addresses and/or a CNAME target (the DNS status compares). */
  publicAddresses: string[];
  publicCname: string | null;
  /** DNS servers for the DNS status (`host[:port]`); empty: the system's. */
  dnsServers: string[];
  /** DNS status lookups one user may start per minute (answers from the minute's cache are free). */
  dnsChecksPerUser: number;
  /** The port the DNS status's HTTPS check connects to (443; tests use Caddy's). */
  httpsCheckPort: number;
  /**
   * phpShort's generation for link requests that carry no field only one generation has (`password` is then the
   * redirect's in `seed`, the statistics page's in `current`), and for what `password` means in answers.
   */
  apiGeneration: ApiGeneration;
  /** The visitor pages' language for visitors whose Accept-Language names none Linkdesk speaks (`--language`). */
  language: Locale;
  /** The operator's messages for the visitor pages (`--messages FILE`, i18n/catalogs.ts); null: the catalogs as shipped. */
  messages: string | null;
}

/** A setting out of range; its message starts with the command-line flag it came from. */
export class ConfigError extends Error {}

export const APP_NAME = 'Linkdesk';

/**
 * The one data folder of this computer's instance, shared by the desktop app
 * (its Electron userData) and the command line: LINKDESK_DATA_DIR when set,
 * else the app's folder under the OS's per-user application data, as
 * Electron places it ($XDG_CONFIG_HOME or ~/.config on Linux).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.LINKDESK_DATA_DIR) return path.resolve(env.LINKDESK_DATA_DIR);
  const home = homedir();
  const appData = platform === 'win32' ? (env.APPDATA || path.join(home, 'AppData', 'Roaming'))
    : platform === 'darwin' ? path.join(home, 'Library', 'Application Support')
      : (env.XDG_CONFIG_HOME || path.join(home, '.config'));
  return path.join(appData, APP_NAME);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HELP = 'expects a number of proxy hops or a comma-separated list of proxy addresses/CIDRs (e.g. 1 or 127.0.0.1,10.0.0.0/8)';

/** An address, a CIDR range, an IPv4 address/netmask, or one of proxy-addr's names. */
function isProxyAddress(s: string): boolean {
  if (PROXY_NAMES.has(s)) return true;
  const slash = s.indexOf('/');
  if (slash < 0) return ipaddr.isValid(s);
  const [ip, range] = [s.slice(0, slash), s.slice(slash + 1)];
  if (/^\d+$/.test(range)) return ipaddr.isValidCIDR(s);
  return ipaddr.IPv4.isValidFourPartDecimal(ip) && ipaddr.IPv4.isValidFourPartDecimal(range);
}

/** `--trust-proxy VALUE`: `2` (hops) or `127.0.0.1,10.0.0.0/8`. */
export function parseTrustProxy(value: string): Exclude<TrustProxy, false> {
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find((s) => !isProxyAddress(s));
  if (bad !== undefined) throw new ConfigError(`--trust-proxy: ${TRUST_PROXY_HELP}; "${bad || value}" is neither`);
  return list;
}

function checkTrustProxy(tp: unknown): TrustProxy {
  if (tp === false) return false;
  if (typeof tp === 'number' && Number.isInteger(tp) && tp >= 0) return tp;
  if (Array.isArray(tp) && tp.length && tp.every((s) => typeof s === 'string' && isProxyAddress(s))) return tp as string[];
  throw new ConfigError(`--trust-proxy: ${TRUST_PROXY_HELP}`);
}

/**
 * Fastify's form of a TrustProxy. Fastify no longer takes a bare hop count
 * (it ignores X-Forwarded-For then), so hops become a function trusting that
 * many addresses counted from the connection's end.
 */
export function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  return tp > 0 ? (_address, hop) => hop < tp : false;
}

export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const c: ServerConfig = {
    host: '127.0.0.1',
    port: 8080,
    dataDir: defaultDataDir(),
    baseUrl: undefined,
    trustProxy: false,
    redirectStatus: 302,
    rateLimit: 600,
    knownShorteners: null,
    safeBrowsingKey: null,
    safeBrowsingUrl: 'https://safebrowsing.googleapis.com/v4/threatMatches:find',
    timeZone: 'UTC',
    fetchTitles: true,
    allowPrivateTitles: false,
    healthChecks: true,
    healthIntervalHours: 24,
    abuseRecheckPerMinute: 120,
    linksPerMinute: 60,
    linksPerDay: 5000,
    clickRetentionDays: null,
    auditDays: 180,
    webhooksPerUser: 20,
    webhookHostRate: 10,
    liveStreamsPerKey: 20,
    liveStreamsPerUser: 40,
    liveStreamsMax: 1000,
    pixelConsent: true,
    tlsAskFrom: [],
    publicAddresses: [],
    publicCname: null,
    dnsServers: [],
    dnsChecksPerUser: 60,
    httpsCheckPort: 443,
    apiGeneration: 'seed',
    language: 'en',
    messages: null,
    ...Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)),
  };
  c.dataDir = path.resolve(c.dataDir);
  if (!Number.isInteger(c.port) || c.port < 0 || c.port > 65535) throw new ConfigError('--port: must be 0-65535');
  if (!REDIRECT_STATUSES.includes(c.redirectStatus)) throw new ConfigError(`--redirect-status: must be one of ${REDIRECT_STATUSES.join(', ')}`);
  if (!Number.isInteger(c.rateLimit) || c.rateLimit < 0) throw new ConfigError('--rate-limit: must be a whole number >= 0');
  if (!isValidTimeZone(c.timeZone)) throw new ConfigError(`--timezone: unknown time zone "${c.timeZone}"`);
  c.trustProxy = checkTrustProxy(c.trustProxy);
  if (!Number.isInteger(c.healthIntervalHours) || c.healthIntervalHours < 1) throw new ConfigError('--health-interval: must be a whole number of hours, 1 or more');
  for (const [k, flag] of [['abuseRecheckPerMinute', 'abuse-recheck-per-minute'], ['linksPerMinute', 'links-per-minute'], ['linksPerDay', 'links-per-day']] as const) {
    if (!Number.isInteger(c[k]) || c[k] < 1) throw new ConfigError(`--${flag}: must be a whole number, 1 or more`);
  }
  if (c.clickRetentionDays !== null && (!Number.isInteger(c.clickRetentionDays) || c.clickRetentionDays < 1)) {
    throw new ConfigError('--click-retention-days: must be a whole number of days, 1 or more');
  }
  if (!/^https?:\/\/[^/]/i.test(c.safeBrowsingUrl)) throw new ConfigError('--safe-browsing-url: must be an http(s) URL');
  if (c.safeBrowsingKey !== null && !c.safeBrowsingKey.trim()) c.safeBrowsingKey = null;
  if (c.knownShorteners) {
    const hosts = c.knownShorteners.map((h) => canonicalHostEntry(h));
    const bad = c.knownShorteners.find((_h, i) => hosts[i] === null || hosts[i]!.startsWith('*.'));
    if (bad !== undefined) throw new ConfigError(`--known-shorteners: "${bad}" is not a host name`);
    c.knownShorteners = hosts as string[];
  }
  if (!Number.isInteger(c.auditDays) || c.auditDays < 1) throw new ConfigError('--audit-days: must be a whole number of days, 1 or more');
  if (!Number.isInteger(c.webhooksPerUser) || c.webhooksPerUser < 1) throw new ConfigError('--webhooks-per-user: must be a whole number, 1 or more');
  if (!Number.isInteger(c.webhookHostRate) || c.webhookHostRate < 1) throw new ConfigError('--webhook-host-rate: must be a whole number of deliveries per second, 1 or more');
  for (const [k, flag] of [['liveStreamsPerKey', 'per-key'], ['liveStreamsPerUser', 'per-user'], ['liveStreamsMax', 'max']] as const) {
    if (!Number.isInteger(c[k]) || c[k] < 1) throw new ConfigError(`--live-streams-${flag}: must be a whole number of streams, 1 or more`);
  }
  if (typeof c.pixelConsent !== 'boolean') throw new ConfigError('--pixel-consent: must be on or off');
  const language = LOCALES.find((l) => l.toLowerCase() === String(c.language).trim().toLowerCase());
  if (!language) throw new ConfigError(`--language: must be one of ${LOCALES.join(', ')}, not "${String(c.language)}"`);
  c.language = language;
  if (!API_GENERATIONS.includes(c.apiGeneration)) throw new ConfigError(`--api-generation: must be seed or current, not "${String(c.apiGeneration)}"`);
  checkDomainSettings(c);
  if (c.baseUrl !== undefined) {
    if (!URL.canParse(c.baseUrl)) throw new ConfigError('--base-url: not a URL');
    const u = new URL(c.baseUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError('--base-url: must be http or https');
    c.baseUrl = u.origin;
  }
  return c;
}

const isCidrOrAddress = (s: string) => (s.includes('/') ? ipaddr.isValidCIDR(s) : ipaddr.isValid(s));
/** `1.2.3.4`, `1.2.3.4:5353`, `::1` or `[::1]:5353`: what node:dns setServers takes. */
function isDnsServer(s: string): boolean {
  const m = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(s) ?? /^([\d.]+)(?::(\d{1,5}))?$/.exec(s);
  if (m) return ipaddr.isValid(m[1]!) && (m[2] === undefined || Number(m[2]) <= 65535);
  return ipaddr.IPv6.isValid(s);
}

/** Issue 35's settings: who may ask for certificates, and where domains should point. */
function checkDomainSettings(c: ServerConfig): void {
  const bad = (list: string[], ok: (s: string) => boolean) => list.find((s) => !ok(s));
  let b = bad(c.tlsAskFrom, isCidrOrAddress);
  if (b !== undefined) throw new ConfigError(`--tls-ask-from: "${b}" is not an address or CIDR range (e.g. 10.0.0.5 or 10.0.0.0/8)`);
  b = bad(c.publicAddresses, (s) => ipaddr.isValid(s));
  if (b !== undefined) throw new ConfigError(`--public-address: "${b}" is not an IP address`);
  c.publicAddresses = c.publicAddresses.map((s) => ipaddr.parse(s).toString());
  if (c.publicCname !== null) {
    c.publicCname = c.publicCname.trim().toLowerCase().replace(/\.$/, '');
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(c.publicCname)) throw new ConfigError(`--public-cname: "${c.publicCname}" is not a host name`);
  }
  b = bad(c.dnsServers, isDnsServer);
  if (b !== undefined) throw new ConfigError(`--dns-servers: "${b}" is not an IP address with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53)`);
  if (!Number.isInteger(c.dnsChecksPerUser) || c.dnsChecksPerUser < 1) throw new ConfigError('--dns-checks-per-user: must be a whole number of checks a minute, 1 or more');
  if (!Number.isInteger(c.httpsCheckPort) || c.httpsCheckPort < 1 || c.httpsCheckPort > 65535) throw new ConfigError('--https-check-port: must be 1-65535');
}
