// What a host ban reaches (abuse/ban-hosts.ts): the host as an admin types it,
// and every address a stored link can send a visitor to, read as a browser reads it.
import { describe, expect, it } from 'vitest';
import { bannableHost, linkOnHost } from '../../../../electron/server/abuse/ban-hosts.ts';

describe('ban hosts', () => {
  it('takes the host an admin types: a name, a wildcard or a URL, in any case', () => {
    expect(bannableHost('*.Evil.Test')).toBe('evil.test');
    expect(bannableHost('https://evil.test/path?q')).toBe('evil.test');
    expect(bannableHost('EVIL.test.')).toBe('evil.test');
    expect(bannableHost('  ')).toBeNull();
  });

  it('matches the host and its subdomains in every destination, not look-alikes', () => {
    const link = {
      url: 'https://ok.example/?next=evil.test', expiration_url: null, targets: JSON.stringify({ platform: [{ key: 'iOS', value: 'https://a.evil.test/' }] }),
      rules: null,
    };
    expect(linkOnHost(link, 'evil.test')).toBe(true);
    expect(linkOnHost({ ...link, targets: '{}' }, 'evil.test')).toBe(false);
    expect(linkOnHost({ url: 'https://notevil.test/', expiration_url: null, targets: '{}', rules: null }, 'evil.test')).toBe(false);
    expect(linkOnHost({ url: 'https://x.example/', expiration_url: null, targets: '{}', rules: JSON.stringify([{ if: {}, url: 'https://good.com@EVIL.test./' }]) }, 'evil.test')).toBe(true);
    expect(linkOnHost({ url: 'https://x.example/', expiration_url: 'https://ev%69l.test/gone', targets: '{}', rules: null }, 'evil.test')).toBe(true);
  });
});
