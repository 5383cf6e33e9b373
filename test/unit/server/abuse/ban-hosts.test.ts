// What a host ban reaches (abuse/ban-hosts.ts, until part A's url-host.ts
// replaces hostOf): the host a browser would contact, whatever the spelling,
// and every address a stored link can send a visitor to.
import { describe, expect, it } from 'vitest';
import { bannableHost, destinationUrls, hostOf, linkOnHost } from '../../../../electron/server/abuse/ban-hosts.ts';

describe('ban hosts', () => {
  it('reads the host as a browser does: case, trailing dot, user-info, percent-encoding, IPv4 forms, IDN', () => {
    expect(hostOf('https://EVIL.test./x')).toBe('evil.test');
    expect(hostOf('https://good.com@evil.test/')).toBe('evil.test');
    expect(hostOf('https://ev%69l.test/')).toBe('evil.test');
    expect(hostOf('http://2130706433/')).toBe('127.0.0.1');
    expect(hostOf('http://0x7f.1/')).toBe('127.0.0.1');
    expect(hostOf('https://bücher.example/')).toBe('xn--bcher-kva.example');
    expect(hostOf('javascript:alert(1)')).toBeNull();
    expect(bannableHost('*.Evil.Test')).toBe('evil.test');
    expect(bannableHost('https://evil.test/path?q')).toBe('evil.test');
  });

  it('matches the host and its subdomains in every destination, not look-alikes', () => {
    const link = {
      url: 'https://ok.example/?next=evil.test', expiration_url: null, targets: JSON.stringify({ platform: [{ key: 'iOS', value: 'https://a.evil.test/' }] }),
      rules: JSON.stringify([{ if: {}, rotation: [{ url: 'https://r.example/', weight: 1 }] }]),
    };
    expect(destinationUrls(link)).toEqual(['https://ok.example/?next=evil.test', 'https://a.evil.test/', 'https://r.example/']);
    expect(linkOnHost(link, 'evil.test')).toBe(true);
    expect(linkOnHost({ ...link, targets: '{}' }, 'evil.test')).toBe(false);
    expect(linkOnHost({ url: 'https://notevil.test/', expiration_url: null, targets: '{}', rules: null }, 'evil.test')).toBe(false);
    expect(linkOnHost({ url: 'https://x.example/', expiration_url: null, targets: '{}', rules: JSON.stringify([{ if: {}, url: 'https://EVIL.test/' }]) }, 'evil.test')).toBe(true);
  });
});
