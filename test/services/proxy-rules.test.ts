// How "System" reads the environment and the OS's PAC answers: the rules curl
// and undici's EnvHttpProxyAgent follow, and Chromium's answer strings.
import { expect, it } from 'vitest';
import { envProxyFor, noProxyMatches, parsePacResult, routeFor } from '../../electron/services/net/proxy.ts';

it('HTTPS_PROXY for https, HTTP_PROXY for http, either case; a scheme-less value is http', () => {
  expect(envProxyFor(new URL('https://a.example'), { HTTPS_PROXY: 'http://p:3128', HTTP_PROXY: 'http://q:8080' })).toBe('http://p:3128');
  expect(envProxyFor(new URL('http://a.example'), { HTTPS_PROXY: 'http://p:3128', http_proxy: 'q:8080' })).toBe('http://q:8080');
  expect(envProxyFor(new URL('https://a.example'), { http_proxy: 'http://q:8080' })).toBe('http://q:8080');
  expect(envProxyFor(new URL('http://a.example'), { HTTPS_PROXY: 'http://p:3128' })).toBeNull();
});

it('NO_PROXY: *, suffixes with or without a dot, exact IPs, host:port, [v6]', () => {
  const cases: [string, string, string, boolean][] = [
    ['*', 'any.example', '443', true],
    ['example.com', 'links.example.com', '443', true],
    ['example.com', 'example.com', '443', true],
    ['.example.com', 'example.com', '443', true],
    ['example.com', 'notexample.com', '443', false],
    ['10.0.0.1, localhost', '10.0.0.1', '80', true],
    ['10.0.0.1', '10.0.0.10', '80', false],
    ['links.internal:8443', 'links.internal', '8443', true],
    ['links.internal:8443', 'links.internal', '443', false],
    ['[::1]:8080', '[::1]', '8080', true],
  ];
  for (const [list, host, port, expected] of cases) expect(noProxyMatches(list, host, port), `${list} vs ${host}:${port}`).toBe(expected);
});

it("PAC answers: the first usable entry; SOCKS4 alone is said to be unusable", () => {
  expect(parsePacResult('DIRECT')).toEqual({ type: 'direct' });
  expect(parsePacResult('PROXY proxy.corp:3128; DIRECT')).toEqual({ type: 'proxy', url: 'http://proxy.corp:3128', via: 'system' });
  expect(parsePacResult('HTTPS secure.corp:443')).toEqual({ type: 'proxy', url: 'https://secure.corp:443', via: 'system' });
  expect(parsePacResult('SOCKS4 s:1080')).toEqual({ type: 'unsupported', detail: 'SOCKS4 s:1080' });
  expect(parsePacResult('SOCKS4 s:1080; PROXY p:1')).toMatchObject({ type: 'proxy', url: 'http://p:1' });
});

it('System asks Electron (resolveProxy) when it is there, for the instance\'s address; None and a URL do not ask', async () => {
  const asked: string[] = [];
  const resolveSystemProxy = async (url: string) => { asked.push(url); return 'PROXY pac.corp:8080'; };
  const target = new URL('https://links.corp/api');
  expect(await routeFor({ mode: 'system', url: null }, target, { resolveSystemProxy, env: { HTTPS_PROXY: 'http://ignored:1' } }))
    .toEqual({ type: 'proxy', url: 'http://pac.corp:8080', via: 'system' });
  expect(asked).toEqual(['https://links.corp/api']);
  expect(await routeFor({ mode: 'none', url: null }, target, { resolveSystemProxy })).toEqual({ type: 'direct' });
  expect(await routeFor({ mode: 'url', url: 'http://mine:3128' }, target, { resolveSystemProxy })).toEqual({ type: 'proxy', url: 'http://mine:3128', via: 'manual' });
  expect(asked).toHaveLength(1);
});
