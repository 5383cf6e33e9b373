// A branded domain's DNS status: its A, AAAA and CNAME records as resolved
// now, held against where the operator said domains should point
// (--public-address, --public-cname), and the certificate it presents. The
// resolver is c-ares (node:dns Resolver) with bounded timeouts, on
// --dns-servers or the system's servers, so a check never hangs a request.
// Only public answers are told (dns-privacy.ts); a private or reserved one is
// counted in records.not_public, unless --allow-private-addresses.
import { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { DomainDns } from '../../../shared/schemas/domain-dns.ts';
import { publicAnswers } from './dns-privacy.ts';
import { probeHttps, type HttpsStatus } from './tls-probe.ts';

export interface DnsCheckOptions {
  publicAddresses: string[];
  publicCname: string | null;
  dnsServers: string[];
  allowPrivate: boolean;
  httpsPort: number;
  now(): number;
}

export type DnsChecker = (domain: string) => Promise<DomainDns>;

// c-ares doubles the timeout on its second try: a DNS server that never answers
// costs 3 s; the handshakes share 2 s. A check answers within about 5 s.
const DNS_TIMEOUT_MS = 1000;
const DNS_TRIES = 2;
const TLS_BUDGET_MS = 2000;
/** Answers meaning "no such record", as opposed to a lookup that failed. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);
const UNKNOWN_MESSAGE = 'Set --public-address or --public-cname (LINKDESK_PUBLIC_ADDRESS / LINKDESK_PUBLIC_CNAME) so Linkdesk knows where domains should point.';

const host = (name: string) => name.toLowerCase().replace(/\.$/, '');
const address = (ip: string) => (ipaddr.isValid(ip) ? ipaddr.parse(ip).toString() : ip);
const or = (list: string[]) => (list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`);

type Lookup = { records: string[]; failure: string | null };

async function lookup(query: () => Promise<string[]>): Promise<Lookup> {
  try {
    return { records: await query(), failure: null };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    return NO_RECORD.has(code) ? { records: [], failure: null } : { records: [], failure: code };
  }
}

export function createDnsChecker(o: DnsCheckOptions): DnsChecker {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
  if (o.dnsServers.length) resolver.setServers(o.dnsServers);
  const expectedCname = o.publicCname ? host(o.publicCname) : null;
  const expected = new Set(o.publicAddresses.map(address));

  return async (domain) => {
    const [a, aaaa, cname] = await Promise.all([
      lookup(() => resolver.resolve4(domain)), lookup(() => resolver.resolve6(domain)), lookup(() => resolver.resolveCname(domain)),
    ]);
    const all = { a: a.records.map(address), aaaa: aaaa.records.map(address), cname: cname.records.map(host) };
    const shown = publicAnswers(all, { expected, expectedCname, allowPrivate: o.allowPrivate });
    const records = { ...shown.records, not_public: shown.notPublic };
    const addresses = [...all.a, ...all.aaaa];
    const failure = a.failure ?? aaaa.failure ?? cname.failure;
    const target = [...(expectedCname ? [expectedCname] : []), ...expected];

    let status: DomainDns['status'];
    let message: string;
    if (!target.length) {
      status = 'unknown';
      message = UNKNOWN_MESSAGE;
    } else if (expectedCname && all.cname.includes(expectedCname)) {
      status = 'ok';
      message = `${domain} points here (CNAME ${expectedCname}).`;
    } else if (addresses.length && addresses.every((x) => expected.has(x))) {
      status = 'ok';
      message = `${domain} points here (${addresses.join(', ')}).`;
    } else if (!addresses.length && !all.cname.length) {
      status = 'pending';
      message = failure
        ? `The DNS lookup of ${domain} failed (${failure}); this answer is kept for a minute, check again after it.`
        : `No A, AAAA or CNAME record yet. Create ${expectedCname ? `a CNAME record to ${expectedCname}` : `an A record for ${or([...expected])}`}.`;
    } else {
      status = 'wrong';
      const elsewhere = [...shown.records.a, ...shown.records.aaaa].filter((x) => !expected.has(x));
      const named = (elsewhere.length ? elsewhere : shown.records.cname).join(', ');
      const n = shown.notPublic;
      const hidden = n ? `${n === 1 ? 'an answer that is' : `${n} answers that are`} not public (private or reserved; not shown)` : '';
      message = `${domain} points at ${[named, hidden].filter(Boolean).join(' and ')}, not ${or(target)}.`;
    }
    const visible = [...shown.records.a, ...shown.records.aaaa];
    const https: HttpsStatus = addresses.length && !visible.length
      ? { status: 'none', issuer: null, valid_until: null, names: [], error: `${domain} resolves only to addresses that are not public, which this instance does not connect to without --allow-private-addresses.` }
      : await probeHttps(domain, visible, { port: o.httpsPort, allowPrivate: o.allowPrivate, budgetMs: TLS_BUDGET_MS });
    return {
      domain, records, expected: { addresses: [...expected], cname: expectedCname }, status, message, https, checked_at: new Date(o.now()).toISOString(),
    };
  };
}
