// What the visitor pages write with: the negotiated locale, its direction and
// its messages, through FormatJS (`createIntl`, one per locale, made on the
// first page in that language). `text` gives plain text (for <title> and
// attributes, escaped by whoever prints it); `html` gives HTML: the message's
// words and its values escaped, its ICU tags (`<b>…</b>`) turned into the
// markup the page says.
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl';
import { acceptedLanguages, directionOf, pickLocale, SOURCE_LOCALE, type Locale } from '../../../shared/i18n/locales.ts';
import { esc } from '../redirect/html.ts';
import { catalogOf, type Overrides } from './catalogs.ts';

type Value = string | number | Date;
export type Values = Record<string, Value>;
export type Tags = Record<string, (inner: string) => string>;

export interface PageText {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  text(m: MessageDescriptor, values?: Values): string;
  html(m: MessageDescriptor, values?: Values, tags?: Tags): string;
  number(n: number): string;
  /** A wait in words, in seconds, minutes or hours as it is long ("24 hours", "24 Stunden"), rounded up. */
  wait(seconds: number): string;
  /** A calendar day (`2026-11-28`, UTC) as the locale writes it. */
  day(isoDate: string): string;
  /** A country's name from its ISO code, null when Intl has none. */
  region(code: string): string | null;
  /** A language's name from its code, null when Intl has none. */
  language(code: string): string | null;
}

class Markup {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
}
const piece = (c: unknown): string => (c instanceof Markup ? c.html : esc(c));

function pageText(intl: IntlShape<string>, locale: Locale): PageText {
  let names: Record<'region' | 'language', Intl.DisplayNames> | undefined;
  const named = (type: 'region' | 'language', code: string) => {
    names ??= { region: new Intl.DisplayNames([locale], { type: 'region' }), language: new Intl.DisplayNames([locale], { type: 'language' }) };
    try {
      const n = names[type].of(code);
      return n && n !== code ? n : null;
    } catch {
      return null; // not a code
    }
  };
  return {
    locale,
    dir: directionOf(locale),
    text: (m, values) => intl.formatMessage(m, values),
    html(m, values = {}, tags = {}) {
      const rich: Record<string, unknown> = { ...values };
      for (const [tag, wrap] of Object.entries(tags)) rich[tag] = (chunks: unknown[]) => new Markup(wrap(chunks.map(piece).join('')));
      const out = intl.formatMessage(m, rich as Record<string, never>) as unknown;
      return Array.isArray(out) ? out.map(piece).join('') : piece(out);
    },
    number: (n) => intl.formatNumber(n),
    wait(seconds) {
      const [n, unit] = seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
      return intl.formatNumber(n as number, { style: 'unit', unit: unit as string, unitDisplay: 'long' });
    },
    day: (iso) => intl.formatDate(new Date(`${iso.slice(0, 10)}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' }),
    region: (code) => named('region', code),
    language: (code) => named('language', code),
  };
}

export interface PageTexts {
  /** The instance's default language (`--language`). */
  readonly fallback: Locale;
  /** The visitor's language from an Accept-Language header. */
  forHeader(acceptLanguage: string | undefined): PageText;
  of(locale: Locale): PageText;
}

/** `fallback`: the language of visitors who ask for none Linkdesk speaks; `overrides`: the operator's messages (catalogs.ts). */
export function createPageTexts(fallback: Locale = SOURCE_LOCALE, overrides: Overrides = {}): PageTexts {
  const cache = createIntlCache();
  const made = new Map<Locale, PageText>();
  const of = (locale: Locale): PageText => {
    let t = made.get(locale);
    if (!t) {
      const messages = { ...catalogOf(locale), ...overrides[locale] };
      const intl = createIntl({ locale, defaultLocale: SOURCE_LOCALE, messages, onError: () => {} }, cache);
      made.set(locale, (t = pageText(intl, locale)));
    }
    return t;
  };
  // One answer per header value seen lately: browsers send a handful of distinct ones.
  const byHeader = new Map<string, Locale>();
  return {
    fallback,
    of,
    forHeader(header) {
      if (!header) return of(fallback);
      let l = byHeader.get(header);
      if (!l) {
        l = pickLocale(acceptedLanguages(header), fallback);
        if (byHeader.size >= 256) byHeader.clear();
        byHeader.set(header, l);
      }
      return of(l);
    },
  };
}

let english: PageTexts | undefined;
/** English with no overrides: for pages sent by a server that set no languages up (tests building pieces alone). */
export const defaultPageTexts = (): PageTexts => (english ??= createPageTexts());
