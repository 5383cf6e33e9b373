// Raw clicks on their way from the request thread to the click writer,
// packed: each click's numbers in one typed array, its header values as
// indexes into the batch's list of distinct strings. Visitors repeat a few
// User-Agents and languages, so a batch of thousands of clicks carries a few
// dozen strings: the request thread keeps no object per click between
// hand-offs (nothing for its garbage collector to copy), handing a batch over
// copies two buffers and a short list instead of thousands of objects, and
// the writer works out each distinct value's browser, language or country
// once per batch rather than once per click.
import type { ClickRecord } from '../db/repositories/click-rollup.ts';
import { agentOf, languagesOf, referrerOf, type Agent } from './client.ts';
import type { RawClick } from './enrich.ts';
import { cityKey } from '../db/repositories/click-rollup.ts';
import { asGeoLookup, type CountryLookup, type Place } from './geoip.ts';
import { utmOf, type Utm } from './utm.ts';
import { continentOf } from './continents.ts';

/** Numbers per click: link_id, user_id, created_at, QR marker (1) or not (0). */
const NUMS = 4;
/** String references per click: ip, ua, ch, lang, referer, destination with the visitor's query, destination as configured (-1: absent). */
const REFS = 7;
const NONE = -1;
/** What a packed click holds in memory (numbers and references); its strings are counted once each. */
const CLICK_BYTES = NUMS * 8 + REFS * 4;
/** A distinct string in a batch: its characters (two bytes each, to stay on the safe side) and the list and map entries. */
const stringBytes = (s: string) => 64 + 2 * s.length;

export interface PackedClicks {
  length: number;
  nums: Float64Array;
  refs: Int32Array;
  strings: string[];
}

/** Gathers raw clicks into a packed batch until `take()` hands it over. */
export class ClickPacker {
  #nums: Float64Array;
  #refs: Int32Array;
  #strings: string[] = [];
  #index = new Map<string, number>();
  /** Clicks gathered. */
  length = 0;
  /** About what the gathered clicks hold in memory. */
  bytes = 0;

  constructor(capacity = 1024) {
    this.#nums = new Float64Array(capacity * NUMS);
    this.#refs = new Int32Array(capacity * REFS);
  }

  #ref(s: string | undefined): number {
    if (s === undefined) return NONE;
    let i = this.#index.get(s);
    if (i === undefined) {
      i = this.#strings.length;
      this.#strings.push(s);
      this.#index.set(s, i);
      this.bytes += stringBytes(s);
    }
    return i;
  }

  /** Adds a click; returns the bytes it added. */
  add(c: RawClick): number {
    const before = this.bytes;
    if (this.length * NUMS === this.#nums.length) {
      const nums = new Float64Array(this.#nums.length * 2);
      nums.set(this.#nums);
      this.#nums = nums;
      const refs = new Int32Array(this.#refs.length * 2);
      refs.set(this.#refs);
      this.#refs = refs;
    }
    const n = this.length * NUMS;
    this.#nums[n] = c.link_id;
    this.#nums[n + 1] = c.user_id;
    this.#nums[n + 2] = c.created_at;
    this.#nums[n + 3] = c.qr ? 1 : 0;
    const r = this.length * REFS;
    this.#refs[r] = this.#ref(c.ip);
    this.#refs[r + 1] = this.#ref(c.ua);
    this.#refs[r + 2] = this.#ref(c.ch);
    this.#refs[r + 3] = this.#ref(c.lang);
    this.#refs[r + 4] = this.#ref(c.referer);
    this.#refs[r + 5] = this.#ref(c.dest);
    this.#refs[r + 6] = this.#ref(c.to);
    this.length += 1;
    this.bytes += CLICK_BYTES;
    return this.bytes - before;
  }

  /** Whether a gathered click is on this link. */
  has(linkId: number): boolean {
    for (let i = 0; i < this.length; i++) if (this.#nums[i * NUMS] === linkId) return true;
    return false;
  }

  /** The batch gathered (exactly sized), and a fresh start. */
  take(): PackedClicks {
    const out: PackedClicks = {
      length: this.length,
      nums: this.#nums.slice(0, this.length * NUMS),
      refs: this.#refs.slice(0, this.length * REFS),
      strings: this.#strings,
    };
    this.#strings = [];
    this.#index = new Map();
    this.length = 0;
    this.bytes = 0;
    return out;
  }
}

/** Packs a list of raw clicks in one go (PostgreSQL's recorder, which keeps its clicks as a list; tests and benchmarks). */
export function packClicks(clicks: readonly RawClick[]): PackedClicks {
  const p = new ClickPacker(Math.max(1, clicks.length));
  for (const c of clicks) p.add(c);
  return p.take();
}

/** The links a packed batch has clicks on. */
export function linkIdsOf(p: PackedClicks): Set<number> {
  const ids = new Set<number>();
  for (let i = 0; i < p.length; i++) ids.add(p.nums[i * NUMS]!);
  return ids;
}

/**
 * The stored form of a packed batch's clicks, bots left out: as enrich()
 * gives each (enrich.ts), with each distinct User-Agent (and platform hint),
 * address, language header and referrer worked out once.
 */
export function enrichPacked(p: PackedClicks, lookup: CountryLookup): ClickRecord[] {
  const geo = asGeoLookup(lookup);
  const { strings, nums, refs } = p;
  const str = (i: number) => (i === NONE ? undefined : strings[i]);
  const countries: (string | null | undefined)[] = new Array(strings.length);
  // By address: its city (key) and continent, found with its country.
  const cities: (string | null | undefined)[] = new Array(strings.length);
  const continents: (string | null | undefined)[] = new Array(strings.length);
  const utms: (Utm | undefined)[] = new Array(strings.length);
  const languages: (string | null | undefined)[] = new Array(strings.length);
  const referrers: (string | null | undefined)[] = new Array(strings.length);
  // By User-Agent and platform hint together (the hint may change the platform).
  const agents = new Map<number, Agent>();
  const out: ClickRecord[] = [];
  for (let i = 0; i < p.length; i++) {
    const r = i * REFS;
    const ua = refs[r + 1]!;
    const ch = refs[r + 2]!;
    const key = (ua + 1) * (strings.length + 1) + (ch + 1);
    let agent = agents.get(key);
    if (agent === undefined) agents.set(key, (agent = agentOf(str(ua), str(ch))));
    if (agent.bot) continue;
    const ip = refs[r]!;
    let country = ip === NONE ? null : countries[ip];
    if (country === undefined) {
      country = countries[ip] = geo.country(strings[ip]!);
      const place: Place | null = geo.place(strings[ip]!);
      cities[ip] = place ? cityKey(place) : null;
      continents[ip] = place?.continent ?? continentOf(country);
    }
    const lang = refs[r + 3]!;
    let language = lang === NONE ? null : languages[lang];
    if (language === undefined) language = languages[lang] = languagesOf(strings[lang]!)[0] ?? null;
    const ref = refs[r + 4]!;
    let referrer = ref === NONE ? null : referrers[ref];
    if (referrer === undefined) referrer = referrers[ref] = referrerOf(strings[ref]);
    const dest = refs[r + 5]!;
    let utm = dest === NONE ? utmOf(undefined) : utms[dest];
    if (utm === undefined) utm = utms[dest] = utmOf(strings[dest]);
    const n = i * NUMS;
    out.push({
      link_id: nums[n]!, user_id: nums[n + 1]!, created_at: nums[n + 2]!,
      country, platform: agent.os, browser: agent.browser, language, referrer,
      city: ip === NONE ? null : cities[ip]!, continent: ip === NONE ? null : continents[ip]!, device: agent.device,
      source: nums[n + 3] ? 'qr' : 'link', utm_source: utm.utm_source, utm_medium: utm.utm_medium, utm_campaign: utm.utm_campaign,
      destination: str(refs[r + 6]!) ?? null,
    });
  }
  return out;
}
