import { describe, expect, it } from 'vitest';
import { acceptedLanguages, directionOf, localeFor, pickLocale } from '../../../shared/i18n/locales.ts';

describe('choosing a language', () => {
  it('honours q-values, best first, equal weights in header order', () => {
    expect(acceptedLanguages('fr;q=0.5, de-AT, ja;q=0.8, en;q=0.5')).toEqual(['de-AT', 'ja', 'fr', 'en']);
    expect(pickLocale(acceptedLanguages('sv, fr;q=0.5, ja;q=0.9'))).toBe('ja');
  });
  it('q=0 means not this language, and a malformed part is skipped', () => {
    expect(acceptedLanguages('de;q=0, x y z, fr;q=0.3')).toEqual(['fr']);
    expect(pickLocale(acceptedLanguages('de;q=0'), 'en')).toBe('en');
  });
  it('a region falls back to its language', () => {
    expect(localeFor('de-CH')).toBe('de');
    expect(localeFor('es-419')).toBe('es');
    expect(localeFor('PT')).toBe('pt-BR');
    expect(localeFor('pt-PT')).toBe('pt-BR');
    expect(localeFor('zh-CN')).toBe('zh-Hans');
    expect(localeFor('zh-Hans-SG')).toBe('zh-Hans');
    expect(localeFor('ar-EG')).toBe('ar');
  });
  it('Traditional Chinese is not answered in Simplified', () => {
    expect(localeFor('zh-TW')).toBeNull();
    expect(localeFor('zh-Hant-HK')).toBeNull();
    expect(pickLocale(['zh-TW', 'ja'])).toBe('ja');
  });
  it('an unknown language or none gives the default', () => {
    expect(pickLocale(acceptedLanguages('sv, fi'), 'de')).toBe('de');
    expect(pickLocale(acceptedLanguages(undefined), 'fr')).toBe('fr');
    expect(pickLocale(acceptedLanguages('*'), 'it')).toBe('it');
  });
  it('Arabic is written right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});
