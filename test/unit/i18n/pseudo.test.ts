// The pseudo-locale: every letter of literal text accented, 40% longer, in
// visible brackets, with arguments, plural/select keys, `#` and tags intact, so
// each message still formats with English's values.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { pseudoMessage, pseudoMessages, pseudoText } from '../../../shared/i18n/pseudo.ts';

const fmt = (m: string, values?: Record<string, unknown>) => String(new IntlMessageFormat(m, 'en').format(values as never));

describe('pseudoMessages (en-XA)', () => {
  it('accents literal text, keeps it readable and wraps it in brackets', () => {
    const out = pseudoMessage('Save link');
    expect(out.startsWith('[') && out.endsWith(']')).toBe(true);
    expect(out).not.toMatch(/[a-zA-Z]/); // no plain ASCII letter is left: untranslated text stands out
    expect(out).toContain('Š');
  });

  it('is at least 40% longer than the English text', () => {
    for (const text of ['Links', 'Save link', 'The short domain is not reachable from this computer.']) {
      const pseudo = pseudoText(text);
      expect(pseudo.replace(/\s/g, '').length).toBeGreaterThanOrEqual(Math.ceil(text.replace(/\s/g, '').length * 1.4));
    }
  });

  it('leaves arguments, plural keys, # and tag names as they are', () => {
    const en = '{count, plural, one {# link in <b>{space}</b>} other {# links in <b>{space}</b>}}';
    const out = pseudoMessage(en);
    expect(out).toContain('{space}');
    expect(out).toMatch(/one ?\{/);
    expect(out).toMatch(/other ?\{/);
    const formatted = String(new IntlMessageFormat(out, 'en').format({ count: 3, space: 'Marketing', b: (c: unknown) => `*${c}*` } as never));
    expect(formatted).toContain('3 ');
    expect(formatted).toContain('*Marketing*');
    expect(formatted).toMatch(/ļî+ñ/); // "links", accented
  });

  it('keeps select keys and dates/numbers formatting', () => {
    const out = pseudoMessage('{state, select, open {Open since {at, time, short}} other {Closed}}');
    expect(out).toMatch(/open ?\{/);
    expect(fmt(out, { state: 'open', at: new Date(Date.UTC(2026, 0, 1, 9, 30)) })).toMatch(/Ö/);
    expect(fmt(out, { state: 'x' })).toMatch(/Çļ/);
  });

  it('maps a whole catalog id by id', () => {
    expect(Object.keys(pseudoMessages({ 'app.a': 'A', 'app.b': 'B {n}' }))).toEqual(['app.a', 'app.b']);
    expect(pseudoMessages({ 'app.b': 'B {n}' })['app.b']).toContain('{n}');
  });

  it('keeps apostrophes and braces in literal text literal', () => {
    const out = pseudoMessage("Don't use '{'braces'}'");
    expect(fmt(out)).toContain('{');
    expect(fmt(out)).toMatch(/ð.*ñ/i);
  });
});
