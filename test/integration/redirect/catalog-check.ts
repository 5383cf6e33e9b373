// Checks a visitor page against the server's catalogs (electron/server/i18n/messages), not by eye: for each message id a
// page uses, the words of the page's language's translation are on the page, and the English words are not (unless the
// translation has the same words: "Spam", "Status:"). Words are the literal runs of the ICU message, cut at its
// arguments, tags and `#`, in the branch of each plural or select that the page's values pick.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { expect } from 'vitest';
import { directionOf, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { cspOf, type Hit } from './helpers.ts';

const DIR = path.resolve(import.meta.dirname, '../../../electron/server/i18n/messages');
export const CATALOGS = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(path.join(DIR, `${l}.json`), 'utf8'))])) as
  Record<Locale, Record<string, string>>;

/** A browser's Accept-Language for each language, with a region where people send one (the region falls back to the language). */
export const BROWSER_TAGS: Record<Locale, string> = {
  en: 'en-US,en;q=0.9', de: 'de-DE,de;q=0.9,en;q=0.5', fr: 'fr-FR,fr;q=0.9,en;q=0.5', es: 'es-ES,es;q=0.9', 'pt-BR': 'pt-BR,pt;q=0.9,en;q=0.5',
  it: 'it-IT,it;q=0.9', nl: 'nl-NL,nl;q=0.9,en;q=0.5', pl: 'pl-PL,pl;q=0.9', tr: 'tr-TR,tr;q=0.9', ja: 'ja-JP,ja;q=0.9', 'zh-Hans': 'zh-CN,zh;q=0.9',
  ar: 'ar-EG,ar;q=0.9,en;q=0.5',
};

/** A message a page shows, with the values that pick its plural and select branches. */
export interface Use { id: string; values?: Record<string, string | number> }

const ENT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENT[c]!);

/** The literal runs of `message` as shown with `values` in `locale`. */
export function wordsOf(message: string, locale: string, values: Record<string, string | number> = {}): string[] {
  const out: string[] = [];
  let run = '';
  const cut = () => {
    if (run.trim()) out.push(run.trim());
    run = '';
  };
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.literal) run += el.value;
      else if (el.type === TYPE.tag) {
        cut();
        walk(el.children);
        cut();
      } else if (el.type === TYPE.plural) {
        cut();
        const n = Number(values[el.value]);
        const key = `=${n}` in el.options ? `=${n}` : new Intl.PluralRules(locale, { type: el.pluralType }).select(n);
        walk((el.options[key] ?? el.options.other!).value);
        cut();
      } else if (el.type === TYPE.select) {
        cut();
        walk((el.options[String(values[el.value])] ?? el.options.other!).value);
        cut();
      } else cut(); // an argument, a number, a date or `#`
    }
  };
  walk(parse(message));
  cut();
  return out;
}

/** Every literal of a message, all branches: what a translation may share with English. */
const allText = (message: string) => JSON.stringify(parse(message));

/** The page is in `locale` for each of `uses`, checked against the catalogs; returns the ids it checked. */
export function expectLanguage(h: Hit, locale: Locale, uses: readonly Use[], what: string): string[] {
  for (const u of uses) {
    const mine = CATALOGS[locale][u.id];
    const en = CATALOGS.en[u.id];
    expect(mine, `${u.id} in ${locale}`).toBeTypeOf('string');
    expect(en, `${u.id} in en`).toBeTypeOf('string');
    for (const w of wordsOf(mine!, locale, u.values)) expect(h.text, `${what} in ${locale}: ${u.id} "${w}"`).toContain(esc(w));
    if (locale === 'en') continue;
    const shared = allText(mine!);
    for (const w of wordsOf(en!, 'en', u.values)) {
      if (w.length < 4 || shared.includes(JSON.stringify(w).slice(1, -1))) continue;
      expect(h.text, `${what} in ${locale}: English "${w}" of ${u.id} left`).not.toContain(esc(w));
    }
  }
  return uses.map((u) => u.id);
}

/** Says its language and keeps its guarantees: lang and dir, Content-Language, Vary, the strict CSP with its style hash. */
export function expectPageHeaders(h: Hit, locale: Locale, what: string): void {
  expect(h.headers['content-type'], what).toBe('text/html; charset=utf-8');
  expect(h.text, what).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`);
  expect(h.headers['content-language'], what).toBe(locale);
  expect(String(h.headers.vary).split(/,\s*/), what).toContain('Accept-Language');
  const csp = cspOf(h);
  expect(csp.get('default-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  const styles = [...h.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  expect(styles, what).toHaveLength(1);
  expect(csp.get('style-src'), what).toEqual(styles);
  for (const [, attrs, body] of h.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/json"/.test(attrs!)) continue;
    expect(csp.get('script-src'), what).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  }
  expect(h.text, what).not.toContain('style="');
}
