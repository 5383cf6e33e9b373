// Issue 45: which language a visitor page speaks. Accept-Language with q-values, a region falling back to its
// language, unknown languages falling back to the instance's default (--language, English unless set); the answer says
// it (Content-Language, <html lang dir>) and varies on it. The operator's own wording (--messages) wins for its locale
// only, and a wrong file stops the start.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.ts';
import { CATALOGS } from './catalog-check.ts';
import { createLink, startRedirectServer, type RedirectServer } from './helpers.ts';

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const NOT_FOUND = (l: keyof typeof CATALOGS) => `<h1>${CATALOGS[l]['page.notFound.title']}</h1>`;
const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-messages-'));
const file = (name: string, content: unknown) => {
  const f = path.join(dir, name);
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
};

let s: RedirectServer;
let fr: RedirectServer;
beforeAll(async () => {
  s = await startRedirectServer();
  const overrides = file('lawyers.json', {
    de: {
      'page.consent.heading': 'Dürfen wir Ihren Besuch messen?',
      'page.notFound.body': 'Hier ist nichts. Prüfen Sie die Adresse von diesem Link.',
    },
  });
  fr = await startRedirectServer({ language: 'fr', messages: overrides });
});
afterAll(async () => { await s?.close(); await fr?.close(); });

const lang = async (server: RedirectServer, header?: string) => {
  const h = await server.hit('/lx-nowhere', header === undefined ? {} : { headers: { 'accept-language': header } });
  return { h, locale: h.headers['content-language'], html: /<html lang="([^"]+)" dir="(ltr|rtl)">/.exec(h.text)?.slice(1) };
};

describe('Accept-Language', () => {
  it.each([
    ['de', 'de'], ['fr-CA,fr;q=0.9', 'fr'], ['de-AT', 'de'], ['pt-PT,pt;q=0.8', 'pt-BR'], ['zh-CN', 'zh-Hans'], ['zh-Hans-SG', 'zh-Hans'],
    ['NL-be', 'nl'], ['ja-JP;q=0.9, ar;q=0.95', 'ar'], ['fr;q=0.5, de;q=0.9', 'de'], ['es;q=0.8, it;q=0.8', 'es'],
    ['sw, de;q=0.3', 'de'], ['de;q=0, tr', 'tr'],
  ])('%s reads %s', async (header, want) => {
    const { h, locale, html } = await lang(s, header);
    expect(h.status).toBe(404);
    expect(locale).toBe(want);
    expect(html?.[0]).toBe(want);
    expect(h.text).toContain(NOT_FOUND(want as keyof typeof CATALOGS));
  });

  it.each([[undefined], [''], ['*'], ['sw-KE, xx;q=0.5'], ['zh-TW, zh-Hant;q=0.9'], ['de;q=0'], ['en-GB'], ['not a tag!!, ;q=x']])(
    '%s reads the instance default: English, or --language fr', async (header) => {
      expect((await lang(s, header)).locale).toBe('en');
      const other = await lang(fr, header);
      expect(other.locale).toBe(header === 'en-GB' ? 'en' : 'fr');
      expect(other.h.text).toContain(NOT_FOUND(header === 'en-GB' ? 'en' : 'fr'));
    });

  it('says the language in Content-Language and <html lang dir>, and varies on Accept-Language (merged with the card\'s User-Agent)', async () => {
    const plain = await s.hit('/lx-nowhere', { headers: { 'accept-language': 'ja' } });
    expect(plain.headers['content-language']).toBe('ja');
    expect(plain.headers.vary).toBe('Accept-Language');
    expect(plain.text).toMatch(/^<!doctype html>\n<html lang="ja" dir="ltr">/);
    await createLink(s, { url: 'https://example.com/card', alias: 'lx-card', preview_title: 'A card' });
    const card = await s.hit('/lx-card', { headers: { 'user-agent': SLACK, 'accept-language': 'it' } });
    expect(card.status).toBe(200);
    expect(card.headers.vary).toBe('User-Agent, Accept-Language');
    expect(card.headers['content-language']).toBe('it');
    expect(card.text).toContain(CATALOGS.it['page.report.summary']);
    // A redirect is the same in every language: no Vary, no Content-Language.
    await createLink(s, { url: 'https://example.com/plain', alias: 'lx-plain' });
    const r = await s.hit('/lx-plain', { headers: { 'accept-language': 'de' } });
    expect(r.status).toBe(302);
    expect(r.headers['content-language']).toBeUndefined();
  });

  it('Arabic pages are right to left, with a stylesheet of logical sides', async () => {
    await createLink(s, { url: 'https://example.com/ar', alias: 'lx-ar' });
    for (const p of ['/', '/lx-nowhere', '/lx-ar+', '/lx-ar/report']) {
      const h = await s.hit(p, { headers: { 'accept-language': 'ar-SA' } });
      expect(h.text, p).toContain('<html lang="ar" dir="rtl">');
      expect(h.headers['content-language'], p).toBe('ar');
    }
    const stats = await s.hit('/lx-ar+', { headers: { 'accept-language': 'ar' } });
    expect(stats.text).toContain('td.n{text-align:end');
    expect(stats.text).not.toMatch(/text-align:(left|right)/);
    expect((await s.hit('/lx-ar+', { headers: { 'accept-language': 'de' } })).text).toContain('<html lang="de" dir="ltr">');
  });
});

describe('--messages', () => {
  it('shows the operator\'s wording for its locale only; other messages and locales keep the catalog', async () => {
    const form = new URLSearchParams({ url: 'https://shop.example.com/x', alias: 'lx-own' });
    form.append('pixel_ids[]', String((await fr.api('POST', '/pixels', { name: 'ga', type: 'google-analytics', pixel_id: 'G-ABCDEF1234' })).body.data.id));
    await createLink(fr, form.toString());
    const de = await fr.hit('/lx-own', { headers: { 'accept-language': 'de' } });
    expect(de.text).toContain('<h1>Dürfen wir Ihren Besuch messen?</h1>');
    expect(de.text).not.toContain(CATALOGS.de['page.consent.heading']);
    expect(de.text).toContain(CATALOGS.de['page.consent.accept']);
    expect((await fr.hit('/lx-nowhere', { headers: { 'accept-language': 'de' } })).text).toContain('Hier ist nichts. Prüfen Sie die Adresse von diesem Link.');
    const en = await fr.hit('/lx-own', { headers: { 'accept-language': 'en' } });
    expect(en.text).toContain(`<h1>${CATALOGS.en['page.consent.heading']}</h1>`);
    expect((await fr.hit('/lx-own')).text).toContain(`<h1>${CATALOGS.fr['page.consent.heading']}</h1>`);
  });

  it.each([
    ['not JSON', '{"de": ', /--messages: .*broken-json\.json: not JSON/],
    ['an unknown locale', { 'de-CH': { 'page.notFound.title': 'Nicht gefunden' } }, /unknown locale "de-CH" \(accepted: en, de, fr, es, pt-BR, it, nl, pl, tr, ja, zh-Hans, ar\)/],
    ['an unknown id', { de: { 'page.notFound.titel': 'Nicht gefunden' } }, /locale "de", id "page\.notFound\.titel": no page uses this message id/],
    ['an ICU syntax error', { fr: { 'page.consent.choice': 'Pendant {days, plural, one {# jour} other {# jours} .' } }, /locale "fr", id "page\.consent\.choice": ICU syntax error/],
    ['arguments unlike English', { ja: { 'page.consent.intro': '{site} へ移動します。' } },
      /locale "ja", id "page\.consent\.intro": the message must use the arguments of the English one \(<strong>, host:text\), not site:text/],
    ['a message that is not text', { ar: { 'page.notFound.title': 7 } }, /locale "ar", id "page\.notFound\.title": the message must be a string/],
  ])('a file with %s stops the start, naming the file, the locale and the id', async (what, content, message) => {
    const name = what === 'not JSON' ? 'broken-json.json' : `${what.replace(/\W+/g, '-')}.json`;
    const f = file(name, content);
    // The check runs before buildApp touches its store: none is needed to see the refusal.
    const started = buildApp({ store: undefined as never, config: { dataDir: dir, messages: f } });
    await expect(started).rejects.toThrow(message);
    await expect(started).rejects.toThrow(f);
  });
});
