// The languages Linkdesk speaks, one list for the server's visitor pages, the
// desktop's main process and the screens, and how a list of wanted languages
// (Accept-Language, the operating system's preferences) picks one of them.

/** The twelve languages, as the BCP 47 tags the catalogs are named by. English is the source. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'tr', 'ja', 'zh-Hans', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/** Accented and 40% longer English, for screenshot tests: text that escaped translation shows plainly. */
export const PSEUDO_LOCALE = 'en-XA';
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's own name for itself, for a language picker. */
export const ENDONYMS: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  ja: '日本語',
  'zh-Hans': '简体中文',
  ar: 'العربية',
};

const RTL = new Set<string>(['ar']);
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL.has(locale) ? 'rtl' : 'ltr');
export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

const BY_LOWER = new Map<string, Locale>(LOCALES.map((l) => [l.toLowerCase(), l]));
/** Chinese written in Traditional characters: not served Simplified Chinese in their place. */
const TRADITIONAL = /^zh-(hant|tw|hk|mo)(-|$)/;

/**
 * The catalog locale for one wanted tag, or null. Exact tags first
 * (case-insensitive), then the language without its region or script:
 * `de-AT` reads German, `pt` and `pt-PT` read Brazilian Portuguese, `zh`,
 * `zh-CN`, `zh-SG` and `zh-Hans-*` read Simplified Chinese, and `zh-TW`,
 * `zh-HK` and `zh-Hant` read none of them.
 */
export function localeFor(tag: string): Locale | null {
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (!t || t === '*') return null;
  const exact = BY_LOWER.get(t);
  if (exact) return exact;
  const lang = t.split('-')[0]!;
  if (lang === 'zh') return TRADITIONAL.test(t) ? null : 'zh-Hans';
  if (lang === 'pt') return 'pt-BR';
  return BY_LOWER.get(lang) ?? null;
}

/** The first of the wanted tags (best first) Linkdesk speaks, else the fallback. */
export function pickLocale(wanted: readonly string[], fallback: Locale = SOURCE_LOCALE): Locale {
  for (const tag of wanted) {
    const l = localeFor(tag);
    if (l) return l;
  }
  return fallback;
}

/**
 * An Accept-Language header's tags, best first: q-values honoured (q=0 means
 * "not this one"), equal weights kept in the header's order, malformed parts
 * skipped.
 */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  const parts: { tag: string; q: number; i: number }[] = [];
  header.split(',').forEach((part, i) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/i.test(tag)) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Math.min(1, Number(m[1]));
    }
    if (q > 0) parts.push({ tag, q, i });
  });
  return parts.sort((a, b) => b.q - a.q || a.i - b.i).map((p) => p.tag);
}
