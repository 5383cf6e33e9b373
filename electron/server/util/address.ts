import type { AddressInfo } from 'node:net';

/** `http://host:port` of a listening socket, IPv6 hosts in brackets. */
export function httpUrlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** A URL's host with its port, lower case; a string that is no URL as it is. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
