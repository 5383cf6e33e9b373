// The visitor pages' catalogs (messages/<locale>.json, one flat object of
// ICU messages by id; en.json is extracted from the source) and the
// operator's overrides (`--messages FILE`), checked before the server starts:
// a wrong file is refused with its name, the locale and the message id.
import { readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isLocale, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { ConfigError } from '../config.ts';

export type Catalog = Record<string, string>;
export type Overrides = Partial<Record<Locale, Catalog>>;

const cache = new Map<Locale, Catalog>();

/** One language's catalog as shipped (read once, on the first page in that language). */
export function catalogOf(locale: Locale): Catalog {
  let c = cache.get(locale);
  if (!c) cache.set(locale, (c = JSON.parse(readFileSync(new URL(`./messages/${locale}.json`, import.meta.url), 'utf8')) as Catalog));
  return c;
}

/** A message's arguments as `name:kind` (kind: the argument's type, and a plural's or select's options), sorted; tags count too. */
export function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if (el.type === TYPE.tag) {
        found.add(`<${el.value}>`);
        walk(el.children);
        continue;
      }
      const kind = el.type === TYPE.plural ? `plural${el.pluralType === 'ordinal' ? 'ordinal' : ''}`
        : el.type === TYPE.select ? 'select' : el.type === TYPE.number ? 'number' : el.type === TYPE.date ? 'date' : el.type === TYPE.time ? 'time' : 'text';
      found.add(`${el.value}:${kind}`);
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) walk(o.value);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/**
 * The overrides file, checked against the English catalog: each top-level key
 * a locale Linkdesk speaks, each id one of the pages', each message valid ICU
 * with the same arguments as English. Any problem throws a ConfigError.
 */
export function loadOverrides(file: string, english: Catalog = catalogOf('en')): Overrides {
  const fail = (what: string): never => {
    throw new ConfigError(`--messages: ${file}: ${what}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return fail((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not JSON (${(err as Error).message})`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail('must be an object of locales: { "de": { "<message id>": "<ICU message>" } }');
  const out: Overrides = {};
  for (const [locale, messages] of Object.entries(raw)) {
    if (!isLocale(locale)) fail(`unknown locale "${locale}" (accepted: ${LOCALES.join(', ')})`);
    const l = locale as Locale;
    if (!messages || typeof messages !== 'object' || Array.isArray(messages)) fail(`locale "${l}": must be an object of message ids`);
    const catalog: Catalog = {};
    for (const [id, message] of Object.entries(messages as Record<string, unknown>)) {
      if (!Object.hasOwn(english, id)) fail(`locale "${l}", id "${id}": no page uses this message id (see the README for the list)`);
      if (typeof message !== 'string') fail(`locale "${l}", id "${id}": the message must be a string`);
      let args: string[] = [];
      try {
        args = argumentsOf(message as string);
      } catch (err) {
        fail(`locale "${l}", id "${id}": ICU syntax error (${(err as Error).message})`);
      }
      const want = argumentsOf(english[id]!);
      if (args.join(',') !== want.join(',')) {
        fail(`locale "${l}", id "${id}": the message must use the arguments of the English one (${want.join(', ') || 'none'}), not ${args.join(', ') || 'none'}`);
      }
      catalog[id] = message as string;
    }
    out[l] = catalog;
  }
  return out;
}
