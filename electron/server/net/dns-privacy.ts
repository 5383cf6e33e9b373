// What the DNS status may tell: the server's own resolver also knows names
// and addresses of the network it runs in (db.internal.corp → 10.1.2.3), and
// any member may ask about any name by adding it as a domain. So an answer
// that is a private or reserved address (address-policy.ts's rule), or a
// CNAME to an internal-looking name or on the way to such an address, is
// counted as "not public" and not shown; the addresses and name the operator
// set (--public-address, --public-cname) are always shown, since the answer
// names them anyway. --allow-private-addresses shows everything, for an
// instance on a private network whose domains point at private addresses.
import { isPublicAddress } from './address-policy.ts';

export interface DnsRecords { a: string[]; aaaa: string[]; cname: string[] }

export interface Shown {
  records: DnsRecords;
  /** How many answers were left out as not public. */
  notPublic: number;
}

// RFC 6761/6762/8375, ICANN's .internal, and the names private networks commonly use.
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'lan', 'corp', 'home', 'intranet', 'private', 'localdomain'];

/** A host name that only a private network's resolver would know: one label, or under a private-use suffix. */
export function isInternalName(name: string): boolean {
  const n = name.toLowerCase().replace(/\.$/, '');
  if (!n.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((s) => n === s || n.endsWith(`.${s}`));
}

export function publicAnswers(records: DnsRecords, o: { expected: ReadonlySet<string>; expectedCname: string | null; allowPrivate: boolean }): Shown {
  if (o.allowPrivate) return { records, notPublic: 0 };
  const shownAddress = (ip: string) => o.expected.has(ip) || isPublicAddress(ip);
  const a = records.a.filter(shownAddress);
  const aaaa = records.aaaa.filter(shownAddress);
  const hiddenAddresses = records.a.length - a.length + records.aaaa.length - aaaa.length;
  // A CNAME chain that ends at a private address is the private network's own name.
  const cname = records.cname.filter((c) => c === o.expectedCname || (!hiddenAddresses && !isInternalName(c)));
  return { records: { a, aaaa, cname }, notPublic: hiddenAddresses + records.cname.length - cname.length };
}
