// Which addresses the server may connect to on a user's behalf (titles of
// destinations; later webhooks and health checks): public unicast only. The
// ranges come from ipaddr.js; an IPv6 address that carries an IPv4 one
// (IPv4-mapped, NAT64, 6to4) is judged by the address it carries.
import ipaddr from 'ipaddr.js';

function embeddedIPv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = a.range();
  const b = a.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return new ipaddr.IPv4(b.slice(12, 16));
  if (range === 'rfc6052') return new ipaddr.IPv4(b.slice(12, 16)); // NAT64 64:ff9b::/96
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  // Local-use NAT64 (64:ff9b:1::/48) carries the IPv4 address in its last four bytes too.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b[4] === 0x00 && b[5] === 0x01) return new ipaddr.IPv4(b.slice(12, 16));
  return null;
}

/** True for a public unicast address; false for loopback, private, link-local, CGNAT, unique-local, multicast, unspecified, reserved, and anything unparsable. */
export function isPublicAddress(ip: string): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return false;
  }
  if (addr.kind() === 'ipv6') {
    const inner = embeddedIPv4(addr as ipaddr.IPv6);
    if (inner) return inner.range() === 'unicast';
  }
  return addr.range() === 'unicast';
}

export const isPrivateAddress = (ip: string) => !isPublicAddress(ip);

/** Decides one connection: the address and port actually connected to. */
export type AddressPolicy = (address: string, port: number) => boolean;
export const publicOnly: AddressPolicy = (address) => isPublicAddress(address);
export const anyAddress: AddressPolicy = () => true;
