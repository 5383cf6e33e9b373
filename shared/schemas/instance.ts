// An instance's settings as the form and main both check them: its address,
// how to reach it (proxy), what to trust (extra CA certificates), and how it
// knows us (API key, optional client certificate). Secrets (the key, proxy
// password, client key) pass through once on the way in and are never sent back.
import { z } from 'zod';

export const PROXY_MODES = ['system', 'none', 'url'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const PEM_KEY = /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

/** The PEM certificate blocks in a text, in order. */
export const pemCertificates = (text: string): string[] => text.match(PEM_CERT) ?? [];

function parsedUrl(s: string): URL | null {
  try {
    return new URL(s.trim());
  } catch {
    return null;
  }
}

const baseUrlField = z.string().trim().min(1, 'Enter the server\'s address.').max(2048, 'The address is longer than 2048 characters.')
  .refine((s) => ['http:', 'https:'].includes(parsedUrl(s)?.protocol ?? ''), 'Enter an http:// or https:// address.')
  .refine((s) => { const u = parsedUrl(s); return !u || (!u.username && !u.password); }, 'Put the API key in its own field, not in the address.');

const proxyUrlField = z.string().trim().min(1, 'Enter the proxy\'s address, such as http://proxy.example.com:3128.').max(2048)
  .refine((s) => ['http:', 'https:'].includes(parsedUrl(s)?.protocol ?? ''), 'A proxy address starts with http:// or https://.')
  .refine((s) => { const u = parsedUrl(s); return !u || (!u.username && !u.password); }, 'Put the proxy\'s user name and password in their own fields, not in the address.')
  .refine((s) => { const u = parsedUrl(s); return !u || ((u.pathname === '/' || u.pathname === '') && !u.search); }, 'A proxy address is only scheme, host and port.');

const pemCertificate = z.string().max(64 * 1024, 'A certificate file is at most 64 KB.')
  .refine((s) => pemCertificates(s).length > 0, 'Choose a PEM file (it starts with -----BEGIN CERTIFICATE-----).');
const pemKey = z.string().max(64 * 1024, 'A key file is at most 64 KB.')
  .refine((s) => PEM_KEY.test(s), 'Choose the certificate\'s private key as an unencrypted PEM file (-----BEGIN PRIVATE KEY-----).');

/** SHA-256 fingerprint as browsers and `certificateInfo` show it. */
export const fingerprintField = z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/, 'Not a SHA-256 fingerprint.');

/** Credentials: undefined keeps the stored ones, null removes them. */
const credentials = z.object({
  username: z.string().trim().min(1, 'Enter the proxy user name.').max(200).refine((s) => !s.includes(':'), 'A proxy user name cannot contain ":".'),
  password: z.string().min(1, 'Enter the proxy password.').max(500),
}).strict();

const proxySettingInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('system') }).strict(),
  z.object({ mode: z.literal('none') }).strict(),
  z.object({ mode: z.literal('url'), url: proxyUrlField, credentials: credentials.nullable().optional() }).strict(),
]);
export type ProxySettingInput = z.infer<typeof proxySettingInput>;

const clientCertificateInput = z.object({ cert: pemCertificate, key: pemKey }).strict();

/** Shared by instances.add and instances.update (where every field is optional). */
export const instanceFields = {
  name: z.string().trim().min(1, 'Enter a name.').max(100, 'A name is at most 100 characters.'),
  baseUrl: baseUrlField,
  apiKey: z.string().trim().min(1).max(500),
  proxy: proxySettingInput,
  /** Extra CA certificates this instance's certificate may chain to; replaces the list. Each is a PEM, or the fingerprint of one the instance already has (the renderer never holds those PEMs). */
  caCertificates: z.array(z.union([fingerprintField, pemCertificate])).max(10, 'At most 10 CA certificates per instance.'),
  /** null removes it. */
  clientCertificate: clientCertificateInput.nullable(),
  /** The user agreed in the form that the key goes to this http:// address unencrypted; main asks again itself. */
  plainHttpConfirmed: z.boolean(),
  /** The address changed and the user agreed in the form that the stored key may go there; main asks again itself. */
  keepKeyForNewAddress: z.boolean(),
};

/** Plain http to a host that is not this computer: the key would cross the network readable. */
export function isPlainHttpRemote(baseUrl: string): boolean {
  const u = parsedUrl(baseUrl);
  if (!u || u.protocol !== 'http:') return false;
  return !isLoopbackHost(u.hostname);
}

/**
 * Whether the key would be readable on its way: plain http to another computer, or plain http
 * through a manual proxy, even to this computer (the proxy reads the request, and sends it on).
 */
export function keyTravelsPlain(baseUrl: string, proxy: { mode: ProxyMode; url?: string | null } | null | undefined): boolean {
  if (isPlainHttpRemote(baseUrl)) return true;
  return parsedUrl(baseUrl)?.protocol === 'http:' && proxy?.mode === 'url' && Boolean(proxy.url?.trim());
}

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(h);
  return mapped ? mapped[1]!.startsWith('127.') : false;
}

export const originOf = (baseUrl: string): string | null => parsedUrl(baseUrl)?.origin ?? null;

// ---- The form (renderer) ---------------------------------------------------

/** What the instance form holds; empty strings mean "not given". */
export const instanceFormSchema = z.object({
  name: instanceFields.name,
  baseUrl: z.string(),
  apiKey: z.string().max(500, 'An API key is at most 500 characters.'),
  proxyMode: z.enum(PROXY_MODES),
  proxyUrl: z.string(),
  proxyUsername: z.string().max(200),
  proxyPassword: z.string().max(500),
  plainHttpConfirmed: z.boolean(),
  local: z.boolean(),
  hasProxyCredentials: z.boolean(),
}).superRefine((v, ctx) => {
  if (!v.local) {
    const r = baseUrlField.safeParse(v.baseUrl);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: r.error.issues[0]!.message });
  }
  if (v.proxyMode === 'url') {
    const r = proxyUrlField.safeParse(v.proxyUrl);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['proxyUrl'], message: r.error.issues[0]!.message });
    // Both or neither: neither keeps what is stored (hasProxyCredentials) or means the proxy needs none.
    const user = v.proxyUsername.trim();
    if (user && !v.proxyPassword) ctx.addIssue({ code: 'custom', path: ['proxyPassword'], message: 'Enter the proxy password.' });
    if (!user && v.proxyPassword) ctx.addIssue({ code: 'custom', path: ['proxyUsername'], message: 'Enter the proxy user name.' });
    if (user.includes(':')) ctx.addIssue({ code: 'custom', path: ['proxyUsername'], message: 'A proxy user name cannot contain ":".' });
  }
});
export type InstanceFormValues = z.infer<typeof instanceFormSchema>;
