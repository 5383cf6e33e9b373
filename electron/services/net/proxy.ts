// Which proxy, if any, a request to an instance goes through. "System" is what
// the operating system says for that address: Electron's session.resolveProxy
// in the app (PAC scripts and the desktop's settings included), passed in as a
// function, and the standard HTTPS_PROXY / HTTP_PROXY / NO_PROXY variables in
// plain Node, read as curl reads them.
import type { ProxyMode } from '../../../shared/schemas/instance.ts';

export interface ProxySetting { mode: ProxyMode; url: string | null }
export type ProxyRoute =
  | { type: 'direct' }
  | { type: 'proxy'; url: string; via: 'system' | 'manual' }
  /** The system names a proxy this app cannot use (SOCKS4, QUIC): the reason, said once. */
  | { type: 'unsupported'; detail: string };

/** Electron's session.resolveProxy: a PAC answer such as "PROXY host:3128; DIRECT". */
export type ResolveSystemProxy = (url: string) => Promise<string>;

const env = (e: NodeJS.ProcessEnv, name: string) => e[name.toLowerCase()] ?? e[name.toUpperCase()];

/** Whether NO_PROXY exempts this host and port: `*`, host names (with or without a leading dot) as suffixes, IPs, host:port. */
export function noProxyMatches(noProxy: string | undefined, hostname: string, port: string): boolean {
  if (!noProxy) return false;
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let name = entry;
    let entryPort: string | null = null;
    const v6 = /^\[(.+)\](?::(\d+))?$/.exec(entry);
    const hostPort = /^([^:]+):(\d+)$/.exec(entry);
    if (v6) [name, entryPort] = [v6[1]!, v6[2] ?? null];
    else if (hostPort) [name, entryPort] = [hostPort[1]!, hostPort[2]!];
    if (entryPort && entryPort !== port) continue;
    name = name.replace(/^\*?\./, '.');
    if (name.startsWith('.') ? host.endsWith(name) || host === name.slice(1) : host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** The proxy the environment names for this address, as curl and undici's EnvHttpProxyAgent read it. */
export function envProxyFor(target: URL, e: NodeJS.ProcessEnv = process.env): string | null {
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  if (noProxyMatches(env(e, 'no_proxy'), target.hostname, port)) return null;
  const url = target.protocol === 'https:' ? env(e, 'https_proxy') ?? env(e, 'http_proxy') : env(e, 'http_proxy');
  if (!url) return null;
  // "proxy:3128" without a scheme is common in these variables.
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

/** The first usable entry of a PAC answer ("PROXY a:1; HTTPS b:2; DIRECT"). */
export function parsePacResult(pac: string): ProxyRoute {
  const skipped: string[] = [];
  for (const part of pac.split(';')) {
    const [type = '', where = ''] = part.trim().split(/\s+/);
    const t = type.toUpperCase();
    if (t === 'DIRECT') return { type: 'direct' };
    if ((t === 'PROXY' || t === 'HTTP') && where) return { type: 'proxy', url: `http://${where}`, via: 'system' };
    if (t === 'HTTPS' && where) return { type: 'proxy', url: `https://${where}`, via: 'system' };
    if (t === 'SOCKS5' && where) return { type: 'proxy', url: `socks5://${where}`, via: 'system' };
    if (t) skipped.push(part.trim());
  }
  return skipped.length ? { type: 'unsupported', detail: skipped.join('; ') } : { type: 'direct' };
}

export interface RouteOptions {
  /** Electron's session.resolveProxy; without it, "System" reads the environment. */
  resolveSystemProxy?: ResolveSystemProxy;
  env?: NodeJS.ProcessEnv;
}

export async function routeFor(setting: ProxySetting, target: URL, opts: RouteOptions = {}): Promise<ProxyRoute> {
  if (setting.mode === 'none') return { type: 'direct' };
  if (setting.mode === 'url') {
    if (!setting.url) return { type: 'direct' };
    return { type: 'proxy', url: setting.url, via: 'manual' };
  }
  if (opts.resolveSystemProxy) return parsePacResult(await opts.resolveSystemProxy(target.href));
  const url = envProxyFor(target, opts.env ?? process.env);
  return url ? { type: 'proxy', url, via: 'system' } : { type: 'direct' };
}

/** A proxy address for messages: scheme, host and port, never credentials. */
export function proxyLabel(url: string): string {
  try {
    const u = new URL(url);
    return u.host;
  } catch {
    return 'the proxy';
  }
}

/** Credentials in a proxy URL from the environment (http://user:pass@proxy:3128), split off for the Proxy-Authorization header. */
export function splitCredentials(url: string): { url: string; username: string | null; password: string | null } {
  const u = new URL(url);
  const username = u.username ? decodeURIComponent(u.username) : null;
  const password = u.password ? decodeURIComponent(u.password) : null;
  u.username = '';
  u.password = '';
  return { url: u.origin, username, password };
}
