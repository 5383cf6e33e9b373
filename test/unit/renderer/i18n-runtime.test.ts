// The renderer's language runtime outside React: switching the locale changes
// what getIntl(), the formats and the country/language/continent names give,
// at once, with only that locale's catalog loaded.
import { afterEach, describe, expect, it } from 'vitest';
import { getIntl, getLocale, setLocale } from '../../../renderer/src/i18n/current.ts';
import { continentName, languageName, regionName } from '../../../renderer/src/i18n/names.ts';
import { fmt } from '../../../renderer/src/format.ts';

afterEach(async () => { await setLocale('en'); });

describe('the app language runtime', () => {
  it('starts in English from the source, without a catalog', () => {
    expect(getLocale()).toBe('en');
    expect(continentName('EU')).toBe('Europe');
    expect(regionName('DE')).toBe('Germany');
    expect(fmt.count(1234567)).toBe('1,234,567');
  });

  it('formats numbers and dates and names countries and languages in the locale switched to', async () => {
    await setLocale('de');
    expect(getLocale()).toBe('de');
    expect(getIntl().locale).toBe('de');
    expect(fmt.count(1234567)).toBe('1.234.567');
    expect(fmt.day('2026-03-05')).toBe('05.03.2026');
    expect(regionName('DE')).toBe('Deutschland');
    expect(languageName('fr')).toBe('Französisch');
    await setLocale('ja');
    expect(regionName('US')).toBe('アメリカ合衆国');
    expect(fmt.day('2026-03-05')).toBe('2026/03/05');
  });

  it('the pseudo-locale accents every message, continents included', async () => {
    await setLocale('en-XA');
    expect(continentName('EU')).toBe('[ÉÉûûŕööþé]');
  });

  it('an unknown code shows as it came', () => {
    expect(regionName('XX')).toBe('XX');
    expect(regionName('not a code')).toBe('not a code');
    expect(continentName('XX')).toBe('XX');
  });

  it('the later of two quick switches wins', async () => {
    const a = setLocale('fr');
    const b = setLocale('es');
    await Promise.all([a, b]);
    expect(getLocale()).toBe('es');
  });
});
