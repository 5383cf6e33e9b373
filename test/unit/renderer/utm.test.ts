// The UTM builder's two directions: tags read from a destination URL, and
// written back into it without disturbing anything else the URL says.
import { describe, expect, it } from 'vitest';
import { emptyUtm, readUtm, writeUtm } from '../../../renderer/src/screens/Links/LinkDrawer/utm.ts';

describe('readUtm', () => {
  it('reads the five tags, decoding them, and leaves other parameters out', () => {
    expect(readUtm('https://e.x/p?ref=1&utm_source=news%20letter&utm_medium=email&utm_campaign=spring+sale&utm_term=a%26b&utm_content=%C3%A9#top'))
      .toEqual({ source: 'news letter', medium: 'email', campaign: 'spring sale', term: 'a&b', content: 'é' });
  });

  it('gives empty fields for a URL without tags, and the first of a repeated tag', () => {
    expect(readUtm('https://e.x/')).toEqual(emptyUtm());
    expect(readUtm('https://e.x/?utm_source=a&utm_source=b')?.source).toBe('a');
  });

  it('keeps a malformed escape as it is written', () => {
    expect(readUtm('https://e.x/?utm_source=100%')?.source).toBe('100%');
  });

  it('is null for what is not an absolute http(s) URL', () => {
    for (const url of ['', 'example.com/?utm_source=x', '/path?utm_source=x', 'javascript:alert(1)//?utm_source=x', 'ftp://e.x/?utm_source=x']) {
      expect(readUtm(url), url).toBeNull();
    }
  });
});

describe('writeUtm', () => {
  it('adds tags at the end in a fixed order, encoded', () => {
    expect(writeUtm('https://e.x/p', { ...emptyUtm(), campaign: 'spring sale', source: 'news&letter' }))
      .toBe('https://e.x/p?utm_source=news%26letter&utm_campaign=spring%20sale');
    expect(writeUtm('https://e.x/p', { ...emptyUtm(), content: 'é/#?=' })).toBe('https://e.x/p?utm_content=%C3%A9%2F%23%3F%3D');
  });

  it('keeps the other parameters, their order and spelling, and the fragment', () => {
    expect(writeUtm('https://e.x/p?b=2&a=x+y&flag&c=%2F#section?x=1', { ...emptyUtm(), source: 'ads' }))
      .toBe('https://e.x/p?b=2&a=x+y&flag&c=%2F&utm_source=ads#section?x=1');
  });

  it('replaces a tag where it stands, drops its repeats, and removes an emptied one', () => {
    expect(writeUtm('https://e.x/?utm_source=old&id=7&utm_medium=cpc&utm_source=dup', { ...emptyUtm(), source: 'new' }))
      .toBe('https://e.x/?utm_source=new&id=7');
    expect(writeUtm('https://e.x/?utm_source=a#f', emptyUtm())).toBe('https://e.x/#f');
  });

  it('changes only the tags it is given', () => {
    expect(writeUtm('https://e.x/?utm_source=a&utm_medium=b', { medium: '' })).toBe('https://e.x/?utm_source=a');
  });

  it('reads back what it wrote', () => {
    const fields = { source: 'a b', medium: '100%', campaign: 'x+y', term: 'ü', content: '&=#' };
    expect(readUtm(writeUtm('https://e.x/?k=v#h', fields)!)).toEqual(fields);
  });

  it('leaves an invalid URL alone', () => {
    expect(writeUtm('not a url', { ...emptyUtm(), source: 'x' })).toBeNull();
    expect(writeUtm('mailto:a@e.x', { ...emptyUtm(), source: 'x' })).toBeNull();
  });
});
