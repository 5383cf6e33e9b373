import type { AddressInfo } from 'node:net';

/** `http://host:port` of a listening socket, IPv6 hosts in brackets. */
export function httpUrlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
