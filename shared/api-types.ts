// Response shapes of /api/v1, as DESIGN.md gives them.
import type { ApiGeneration } from './api-generation.ts';
import type { LinkHealth, LinkStatus, PixelType, TargetType } from './constants.ts';
import type { LinkRule } from './schemas/link-rules.ts';
import type { TargetsType } from './targeting-keys.ts';

export interface KeyValue { key: string; value: string }
export interface ValueOnly { value: string }
export interface LinkTarget { key: string | null; value: string; weight?: number }

export interface Domain {
  id: number;
  name: string;
  url: string;
  index_page: string | null;
  not_found_page: string | null;
  links_count: number;
  created_at: string;
  updated_at: string;
}

export interface Space { id: number; name: string; color: string; links_count: number; created_at: string; updated_at: string }

export interface Pixel { id: number; name: string; type: PixelType; pixel_id: string; links_count: number; created_at: string; updated_at: string }

/** Who a related record belongs to and when it was written, as phpShort's models answer. */
export interface OwnedRecord { user_id: number; created_at: string; updated_at: string }

export interface Link {
  id: number;
  alias: string;
  url: string;
  short_url: string;
  title: string | null;
  /** With the columns phpShort's LinkResource gives its related records (its whole models). */
  domain: ({ id: number; name: string; index_page: string | null; not_found_page: string | null } & OwnedRecord) | null;
  space: ({ id: number; name: string; color: string } & OwnedRecord) | null;
  /** `value` is the tracking id (the pixel resource's `pixel_id`); `pivot` as phpShort's belongsToMany gives it. */
  pixels: ({ id: number; name: string; type: PixelType; value: string; pivot: { link_id: number; pixel_id: number } } & OwnedRecord)[];
  disabled: 0 | 1;
  privacy: 0 | 1 | 2;
  /** Seed generation (`--api-generation seed`, the default): the redirect asks for a password; current: the statistics page does. */
  password: boolean;
  privacy_password: boolean;
  expiration_url: string | null;
  expiration_date: string | null;
  expiration_time: string | null;
  ends_at: string | null;
  expiration_clicks: number | null;
  target_type: TargetType;
  country: KeyValue[];
  platform: KeyValue[];
  language: KeyValue[];
  rotation: ValueOnly[];
  /** Current phpShort's generation of the targeting above (one model): null when none. */
  targets_type: TargetsType | null;
  /** The selected type's entries; a rotation's have no key and a weight (default 1). */
  targets: LinkTarget[];
  /** Whether the redirect asks for a password, in either generation. */
  redirect_password: boolean;
  /** Instants as Eloquent writes them (ISO 8601 in UTC, microseconds: `2025-01-08T04:53:32.000000Z`); null: no start / no end. */
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  /** The instant the link ends, as active_period_end_at (phpShort 4.6 on answers null: it has no such column). */
  expires_at: string | null;
  /** The rotation's position (phpShort's counter of the entry the next visit gets). */
  last_rotation: number;
  /** Same as `expiration_clicks`. */
  clicks_limit: number | null;
  /** 1: visitors see a warning before the redirect. */
  sensitive_content: 0 | 1;
  /** Destinations by conditions, tried in order before the targets ([] when none). */
  rules: LinkRule[];
  /** What link-preview crawlers are shown; null when not set. */
  preview_title: string | null;
  preview_description: string | null;
  preview_image: string | null;
  clicks: number;
  status: LinkStatus;
  /** The destination and its targets as last checked; `health_detail` says why a link is broken. */
  health: LinkHealth;
  health_detail: string | null;
  health_checked_at: string | null;
  /** Null unless the link is banned: then it never redirects (issue 44); only an admin lifts a ban. */
  banned: LinkBan | null;
  created_at: string;
  updated_at: string;
}

export type BanSource = 'blocklist' | 'threat' | 'report' | 'admin' | 'host';
export interface LinkBan {
  /** When the link was banned (ISO 8601 UTC). */
  at: string;
  /** Why, as the admin or the check wrote it. */
  reason: string;
  /** True: a legal block (visitors get HTTP 451). */
  legal: boolean;
  source: BanSource;
}

export interface Account {
  id: number; name: string; created_at: string;
  /** How the server reads a link request that says neither phpShort generation; absent from Linkdesk servers before it was added. */
  api_generation?: ApiGeneration;
}

export interface CountRow { value: string; count: number }
/** A city's clicks; `(other)` (the values past a link-day's cap) has no region or country. */
export interface CityRow { value: string; region: string | null; country: string | null; count: number }
export type StatsInterval = 'day' | 'week' | 'month';
/** Clicks in a date range (inclusive, `YYYY-MM-DD` in the instance's time zone), or all time. */
export interface RangeStats {
  /** The range answered; without `from`/`to` in the request, the first and last day with clicks (null when none). */
  from: string | null;
  to: string | null;
  interval: StatsInterval;
  /** Clicks in the range. */
  total: number;
  /** Days with clicks in the range, oldest first (kept for clients of the first release). */
  days: { date: string; count: number }[];
  /** Every bucket of the interval from `from` to `to`, zeros included; `date` is the bucket's first day (weeks start on Monday). */
  series: { date: string; count: number }[];
  countries: CountRow[];
  platforms: CountRow[];
  browsers: CountRow[];
  languages: CountRow[];
  referrers: CountRow[];
  /** Cities (with region and country code), from the city database; [] without one. */
  cities: CityRow[];
  /** Continent codes AF AN AS EU NA OC SA. */
  continents: CountRow[];
  /** desktop, mobile, tablet, watch, television, console. */
  devices: CountRow[];
  /** 24 entries, the hour of day in the instance's time zone. */
  hours: { hour: number; count: number }[];
  /** 7 entries, 1 = Monday. */
  weekdays: { weekday: number; count: number }[];
  /** Clicks by weekday (1 = Monday) and hour; only cells with clicks. */
  hour_weekday: { weekday: number; hour: number; count: number }[];
  /** link or qr. */
  sources: CountRow[];
  /** UTM parameters of the address each visitor was sent to (after targeting); empty values left out. */
  utm_sources: CountRow[];
  utm_mediums: CountRow[];
  utm_campaigns: CountRow[];
  /** Where visitors were sent, as configured (the rule's, target's or link's URL, without the visitor's query). */
  destinations: CountRow[];
  /** The range of the same length ending the day before `from`; null when the request named no `from` (all time). */
  previous: { from: string; to: string; total: number } | null;
  /** Whether the instance has a city database (without one, `cities` is []). */
  city_database: boolean;
}
export interface LinkStats extends RangeStats {
  link_id: number;
  /** All-time clicks (the link's counter). */
  clicks: number;
}
export interface TopLink { id: number; alias: string; short_url: string; url: string; title: string | null; clicks: number }
export interface AccountStats extends RangeStats {
  /** The account's links with the most clicks in the range, most first (at most 10). */
  top_links: TopLink[];
}

export interface Page<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; from: number | null; last_page: number; path: string; per_page: number; to: number | null; total: number };
  status: 200;
}
export interface Deleted { id: number; object: 'link' | 'domain' | 'space' | 'pixel' | 'webhook' | 'user' | 'key'; deleted: true; status: 200 }
export interface ApiErrorBody { message: string; errors?: Record<string, string[]>; status: number }
/** A 422: `message` is the field map, as phpShort's API answers it; `errors` the same map. */
export interface ValidationErrorBody { message: Record<string, string[]>; errors: Record<string, string[]>; status: 422 }
