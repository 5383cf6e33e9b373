// Enumerations of the interface document and DESIGN.md, shared by the server,
// the desktop services and the screens.

export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;

/** The seed's seven platforms, spelled exactly as it spells them. */
export const PLATFORMS = ['iOS', 'Android', 'Windows', 'OS X', 'Linux', 'Ubuntu', 'Chrome OS'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PIXEL_TYPES = [
  'google-analytics',
  'google-tag-manager',
  'facebook',
  'bing',
  'x',
  'pinterest',
  'linkedin',
  'quora',
  'adroll',
  'tiktok',
] as const;
export type PixelType = (typeof PIXEL_TYPES)[number];

export const TARGET_TYPE = { none: 0, country: 1, platform: 2, language: 3, rotation: 4 } as const;
export type TargetType = (typeof TARGET_TYPE)[keyof typeof TARGET_TYPE];
export const TARGET_TYPES = [0, 1, 2, 3, 4] as const;
/** The list field that each target type reads. */
export const TARGET_FIELD = { 1: 'country', 2: 'platform', 3: 'language', 4: 'rotation' } as const;
export type TargetField = (typeof TARGET_FIELD)[keyof typeof TARGET_FIELD];

export type LinkStatus = 1 | 2 | 3;


/**
 * `all` (Linkdesk's, not the seed's) matches the alias, the destination or the
 * title; the seed's default stays `title`, so a phpShort client sees no change.
 */
export const LINK_SEARCH_BY = ['title', 'alias', 'url', 'all'] as const;
export const LINK_SORT_BY = ['id', 'clicks', 'title', 'alias', 'url'] as const;
/** A destination as the health checker last found it; unknown: not checked since it was set. */
export const LINK_HEALTH = ['ok', 'broken', 'unknown'] as const;
export type LinkHealth = (typeof LINK_HEALTH)[number];
export const DOMAIN_SEARCH_BY = ['name'] as const;
export const DOMAIN_SORT_BY = ['id', 'name'] as const;
export const SPACE_SORT_BY = ['id', 'name'] as const;
export const PIXEL_SORT_BY = ['id', 'name'] as const;

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

export const LIMITS = {
  urlLength: 2048,
  /** Characters (code points), as phpShort's max:255 counts them. */
  aliasLength: 255,
  targetEntries: 100,
  pixelsPerLink: 50,
  nameLength: 255,
  passwordLength: 128,
  searchLength: 255,
} as const;

/** Paths on a short domain that can never be aliases. */
export const RESERVED_ALIASES = ['api', 'favicon.ico', 'robots.txt', 'healthz'] as const;
