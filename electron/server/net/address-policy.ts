// Which addresses the server may connect to on a user's behalf (titles of
// destinations; later webhooks and health checks): public unicast only. The
// ranges come from ipaddr.js; an IPv6 address that carries an IPv4 one
// (IPv4-mapped, IPv4-translated, well-known NAT64, 6to4) is judged by the
// address it carries.
import ipaddr from 'ipaddr.js';

// 2000::/3 is the only IPv6 space assigned as global unicast; ipaddr.js calls
// everything it has no name for "unicast", the IPv4-compatible ::a.b.c.d among them.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
// RFC 8215 local-use NAT64: private to one network by definition, and where the
// IPv4 address sits depends on the prefix length that network chose.
const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

function embeddedIPv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = a.toByteArray();
  const range = a.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return new ipaddr.IPv4(b.slice(12, 16));
  if (a.match(WELL_KNOWN_NAT64)) return new ipaddr.IPv4(b.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  return null;
}

function parse(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.parse(ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return null;
  }
}

/** True for a public unicast address; false for loopback, private, link-local, CGNAT, unique-local, multicast, unspecified, reserved, and anything unparsable. */
export function isPublicAddress(ip: string): boolean {
  const addr = parse(ip);
  if (!addr) return false;
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  if (v6.match(LOCAL_USE_NAT64)) return false;
  const inner = embeddedIPv4(v6);
  if (inner) return inner.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

export const isPrivateAddress = (ip: string) => !isPublicAddress(ip);

/** Decides one connection: the address and port actually connected to. */
export type AddressPolicy = (address: string, port: number) => boolean;
export const publicOnly: AddressPolicy = (address) => isPublicAddress(address);
export const anyAddress: AddressPolicy = () => true;
