// The visitor pages' catalogs (messages/<locale>.json, one flat object of
// ICU messages by id; en.json is extracted from the source) and the
// operator's overrides (`--messages FILE`), checked before the server starts:
// a wrong file is refused with its name, the locale and the message id.
// The catalogs are imported, not read from disk, so that every build carries them: the desktop's bundle
// (electron-vite), the server package and `npm run serve` (tsc emits imported JSON beside the code).
import { readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isLocale, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { ConfigError } from '../config.ts';
import ar from './messages/ar.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import ja from './messages/ja.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import ptBR from './messages/pt-BR.json' with { type: 'json' };
import tr from './messages/tr.json' with { type: 'json' };
import zhHans from './messages/zh-Hans.json' with { type: 'json' };

export type Catalog = Record<string, string>;
export type Overrides = Partial<Record<Locale, Catalog>>;

const CATALOGS: Record<Locale, Catalog> = { en, de, fr, es, 'pt-BR': ptBR, it, nl, pl, tr, ja, 'zh-Hans': zhHans, ar };

/** One language's catalog as shipped. */
export const catalogOf = (locale: Locale): Catalog => CATALOGS[locale];

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
