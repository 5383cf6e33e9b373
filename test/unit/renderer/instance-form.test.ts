// The instance form's checks (shared/schemas/instance.ts through zod4Resolver),
// as the form runs them before anything leaves: which field each message lands on.
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { expect, it } from 'vitest';
import { instanceFormSchema, isLoopbackHost, isPlainHttpRemote, type InstanceFormValues } from '../../../shared/schemas/instance.ts';

const base: InstanceFormValues = {
  name: 'Office', baseUrl: 'https://links.example.com', apiKey: '', proxyMode: 'system', proxyUrl: '', proxyUsername: '', proxyPassword: '',
  plainHttpConfirmed: false, local: false, hasProxyCredentials: false,
};
const errors = (patch: Partial<InstanceFormValues>) => zod4Resolver(instanceFormSchema)({ ...base, ...patch });

it('a valid remote instance has no errors; the local one needs no address', () => {
  expect(errors({})).toEqual({});
  expect(errors({ local: true, baseUrl: '' })).toEqual({});
});

it('the address: http(s) only, no credentials in it', () => {
  expect(errors({ baseUrl: 'ftp://x.example' })).toEqual({ baseUrl: 'Enter an http:// or https:// address.' });
  expect(errors({ baseUrl: 'https://me:pw@x.example' })).toEqual({ baseUrl: 'Put the API key in its own field, not in the address.' });
});

it('a proxy address: scheme, host and port only, credentials in their own fields, both or neither', () => {
  expect(errors({ proxyMode: 'url', proxyUrl: '' })).toEqual({ proxyUrl: expect.stringMatching(/^Enter the proxy's address/) });
  expect(errors({ proxyMode: 'url', proxyUrl: 'socks4://p:1080' })).toEqual({ proxyUrl: 'A proxy address starts with http:// or https://.' });
  expect(errors({ proxyMode: 'url', proxyUrl: 'http://u:p@p:3128' })).toEqual({ proxyUrl: expect.stringMatching(/own fields/) });
  expect(errors({ proxyMode: 'url', proxyUrl: 'http://p:3128/path' })).toEqual({ proxyUrl: 'A proxy address is only scheme, host and port.' });
  expect(errors({ proxyMode: 'url', proxyUrl: 'http://p:3128', proxyUsername: 'alice' })).toEqual({ proxyPassword: 'Enter the proxy password.' });
  expect(errors({ proxyMode: 'url', proxyUrl: 'http://p:3128', proxyPassword: 'x' })).toEqual({ proxyUsername: 'Enter the proxy user name.' });
  expect(errors({ proxyMode: 'url', proxyUrl: 'http://p:3128', proxyUsername: 'alice', proxyPassword: 'x' })).toEqual({});
  // Not checked when the proxy is not an address.
  expect(errors({ proxyMode: 'none', proxyUrl: 'nonsense' })).toEqual({});
});

it('plain http counts as "another computer" unless the host is loopback', () => {
  expect(isPlainHttpRemote('http://10.0.0.5:8080')).toBe(true);
  expect(isPlainHttpRemote('http://links.internal')).toBe(true);
  expect(isPlainHttpRemote('https://10.0.0.5')).toBe(false);
  for (const h of ['localhost', 'app.localhost', '127.0.0.1', '127.8.9.10', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(h), h).toBe(true);
  for (const h of ['127.example.com', '10.0.0.1', '::ffff:10.0.0.1', 'localhost.example.com']) expect(isLoopbackHost(h), h).toBe(false);
});
