// Best-effort <title> of a link's destination, fetched after the create has
// answered. Bounded in time and size, and it refuses private, loopback and
// link-local addresses (checked at connect time, so a DNS answer that changes
// between check and connect cannot slip through) unless the instance allows them.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { decodeHTML } from 'entities';
import { Agent, interceptors, request } from 'undici';

export interface TitleFetcher {
  fetchTitle(url: string): Promise<string | null>;
  close(): Promise<void>;
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}
export function isPrivateAddress(ip: string): boolean {
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1]
    ?? /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip)?.slice(1).map((h) => parseInt(h, 16)).flatMap((n) => [n >> 8, n & 255]).join('.');
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

export function extractTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!m?.[1]) return null;
  const text = decodeHTML(m[1])
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 255) : null;
}

export interface TitleFetcherOptions { allowPrivate?: boolean; timeoutMs?: number; maxBytes?: number }

export function createTitleFetcher(opts: TitleFetcherOptions = {}): TitleFetcher {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxBytes = opts.maxBytes ?? 256 * 1024;
  const guardedLookup = (hostname: string, options: object, cb: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, []);
      const list = addresses as LookupAddress[];
      if (!opts.allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return cb(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), []);
      }
      const wantsAll = (options as { all?: boolean }).all;
      if (wantsAll) return cb(null, list);
      const first = list[0];
      return first ? cb(null, first.address, first.family) : cb(new Error('no address'), []);
    });
  };
  const agent = new Agent({ connect: { lookup: guardedLookup as never, timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs })
    .compose(interceptors.redirect({ maxRedirections: 3 }));

  return {
    async fetchTitle(url) {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) return null;
      try {
        const res = await request(url, {
          dispatcher: agent,
          signal: AbortSignal.timeout(timeoutMs),
          headers: { 'user-agent': 'LinkdeskTitleFetcher/1.0', accept: 'text/html' },
        });
        const type = String(res.headers['content-type'] ?? '');
        if (res.statusCode >= 400 || !type.includes('html')) {
          await res.body.dump();
          return null;
        }
        let html = '';
        let size = 0;
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          html += (chunk as Buffer).toString('utf8');
          if (size >= maxBytes || /<\/title>/i.test(html)) break;
        }
        res.body.destroy();
        return extractTitle(html);
      } catch {
        return null;
      }
    },
    async close() {
      await agent.close();
    },
  };
}
