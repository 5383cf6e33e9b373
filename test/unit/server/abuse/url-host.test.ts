// hostOf: the host a browser would contact, whatever spelling tricks the URL
// uses, so a blocklisted host is not slipped past by writing it differently.
import { describe, expect, it } from 'vitest';
import { canonicalHostEntry, hostOf, parsedHostOf } from '../../../../electron/server/abuse/url-host.ts';
import { destinationsOf } from '../../../../electron/server/abuse/link-destinations.ts';

describe('hostOf', () => {
  it.each([
    ['percent-encoding in the host', 'https://%65vil.com/x', 'evil.com'],
    ['percent-encoded dot', 'https://evil%2Ecom/', 'evil.com'],
    ['mixed case', 'https://EvIl.CoM/Path', 'evil.com'],
    ['full-width letters', 'https://ＥＶＩＬ.com/', 'evil.com'],
    ['ideographic full stop', 'https://evil。com/', 'evil.com'],
    ['a trailing dot', 'https://evil.com./', 'evil.com'],
    ['trailing dots', 'https://evil.com../', 'evil.com'],
    ['a percent-encoded trailing dot', 'https://evil.com%2e/', 'evil.com'],
    ['an IPv4 address with a trailing dot', 'http://127.0.0.1./', '127.0.0.1'],
    ['user-info', 'https://good.com@evil.com/', 'evil.com'],
    ['user-info with a password', 'https://good.com:x@evil.com/', 'evil.com'],
    ['user-info that looks like a URL', 'https://https%3A%2F%2Fgood.com@evil.com', 'evil.com'],
    ['decimal IPv4', 'http://2130706433/', '127.0.0.1'],
    ['hex IPv4', 'http://0x7f.0.0.1/', '127.0.0.1'],
    ['hex IPv4 in one number', 'http://0x7f000001/', '127.0.0.1'],
    ['octal IPv4', 'http://0177.0.0.1/', '127.0.0.1'],
    ['short IPv4', 'http://127.1/', '127.0.0.1'],
    ['IPv6', 'http://[2001:DB8:0:0::1]/', '2001:db8::1'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/', '127.0.0.1'],
    ['IPv4-mapped IPv6 in hex, long form', 'http://[0:0:0:0:0:FFFF:7f00:1]/', '127.0.0.1'],
    ['IDN', 'https://bücher.example/', 'xn--bcher-kva.example'],
    ['punycode', 'https://XN--BCHER-KVA.example/', 'xn--bcher-kva.example'],
    ['backslashes', 'https:\\\\evil.com\\path', 'evil.com'],
    ['a tab inside', 'https://ev\til.com/', 'evil.com'],
    ['a newline inside', 'https://ev\nil.com/', 'evil.com'],
    ['a port', 'https://evil.com:8443/', 'evil.com'],
    ['spaces around', '  https://evil.com/  ', 'evil.com'],
  ])('%s', (_what, url, host) => {
    expect(hostOf(url)).toBe(host);
  });

  it.each(['ftp://evil.com/', 'javascript:alert(1)', 'evil.com', 'mailto:a@evil.com', 'http://', ''])('no host for %j', (url) => {
    expect(hostOf(url)).toBeNull();
  });
});

describe('canonicalHostEntry (what an admin types)', () => {
  it.each([
    ['Evil.COM.', 'evil.com'],
    ['*.Evil.com', '*.evil.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['*.bücher.example', '*.xn--bcher-kva.example'],
    ['https://user@evil.com/path', 'evil.com'],
    ['0x7f.1', '127.0.0.1'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['evil.com:8080', 'evil.com'],
  ])('%j is %j', (entry, host) => {
    expect(canonicalHostEntry(entry)).toBe(host);
  });
  it.each(['', '*.', '   ', 'http://'])('%j names no host', (entry) => {
    expect(canonicalHostEntry(entry)).toBeNull();
  });
});

describe('destinationsOf', () => {
  it('a body in current phpShort spelling: url, expiration_url, targets, rules', () => {
    expect(destinationsOf({
      url: 'https://a.example/', expiration_url: 'https://b.example/',
      targets: [{ key: 'US', value: 'https://c.example/' }, { key: 'DE', value: 'https://d.example/' }],
      rules: [{ if: { countries: ['US'] }, url: 'https://e.example/' }, { if: { devices: ['mobile'] }, url: 'https://f.example/' }],
    })).toEqual([
      { field: 'url', url: 'https://a.example/' },
      { field: 'expiration_url', url: 'https://b.example/' },
      { field: 'targets.0.value', url: 'https://c.example/' },
      { field: 'targets.1.value', url: 'https://d.example/' },
      { field: 'rules.0.url', url: 'https://e.example/' },
      { field: 'rules.1.url', url: 'https://f.example/' },
    ]);
  });

  it("a body in the seed's spelling names its lists", () => {
    expect(destinationsOf({ country: [{ key: 'US', value: 'https://c.example/' }], rotation: [{ value: 'https://r.example/' }] })).toEqual([
      { field: 'country.0.value', url: 'https://c.example/' },
      { field: 'rotation.0.value', url: 'https://r.example/' },
    ]);
  });

  it('a stored link: every list of its targets JSON (selected or not) and its rules JSON', () => {
    expect(destinationsOf({
      url: 'https://a.example/', expiration_url: null,
      targets: JSON.stringify({ country: [{ key: 'US', value: 'https://c.example/' }], rotation: [{ value: 'https://r.example/' }] }),
      rules: JSON.stringify([{ if: { countries: ['US'] }, url: 'https://e.example/' }]),
    })).toEqual([
      { field: 'url', url: 'https://a.example/' },
      { field: 'country.0.value', url: 'https://c.example/' },
      { field: 'rotation.0.value', url: 'https://r.example/' },
      { field: 'rules.0.url', url: 'https://e.example/' },
    ]);
  });

  it('nothing for an update that sends no address', () => {
    expect(destinationsOf({ targets: null, rules: null, expiration_url: null })).toEqual([]);
  });
});

describe('hostOf without parsing (the common case) answers as WHATWG parsing does', () => {
  it('on generated URLs made of the pieces that matter (digits, hex, dots, dashes, ports, case, escapes)', async () => {
    const fc = (await import('fast-check')).default;
    const piece = fc.constantFrom('a', 'b', '0', '1', '9', 'x', '0x', 'ff', '-', '.', '..', 'xn--', 'A', '%41', '@', ':', ':80', ':65536', '/', '\\', '?', '#', ' ', '\t', 'ü');
    await fc.assert(fc.property(fc.constantFrom('http://', 'https://', 'HTTP://'), fc.array(piece, { maxLength: 12 }), (scheme, parts) => {
      const url = scheme + parts.join('');
      expect(hostOf(url)).toBe(parsedHostOf(url));
    }), { numRuns: 20_000 });
  });
});
