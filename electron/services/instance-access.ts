// When an instance's key may leave this computer, and the key store's other
// entries for an instance. A key goes only to the address it was given for,
// and over plain http to another computer only after the user agreed for that
// address: both are checked at the moment a request would carry it.
import { isPlainHttpRemote, keyTravelsPlain, originOf } from '../../shared/schemas/instance.ts';
import type { ProxyCredentials } from './api-client.ts';
import type { ServiceError } from './errors.ts';
import type { InstanceProfile } from './instance-profiles.ts';
import { connectionError } from './net/failures.ts';

/** Key store accounts beside the API key (account = instance id). */
export const proxyAccount = (id: string) => `${id}#proxy`;
export const clientKeyAccount = (id: string) => `${id}#client-key`;
export const instanceAccounts = (id: string) => [id, proxyAccount(id), clientKeyAccount(id)];

/** Why the stored key must not be sent to this instance's address now, or null. */
export function keyRefusal(p: InstanceProfile): ServiceError | null {
  if (p.kind === 'local') return null;
  const origin = originOf(p.baseUrl);
  if (p.keyOrigin && origin !== p.keyOrigin) {
    return connectionError('no-key', 'key-other-address',
      `The stored API key was given for ${p.keyOrigin}, not for ${origin}, so it has not been sent there.`,
      'Open this instance\'s settings and either agree to send the key to the new address or enter the key for it.');
  }
  if (keyTravelsPlain(p.baseUrl, p.proxy) && p.plainHttpOrigin !== origin) {
    // Through a manual proxy even this computer's own address leaves it: the proxy reads the request.
    const where = isPlainHttpRemote(p.baseUrl) ? 'on another computer' : `reached through the proxy ${p.proxy.url}`;
    return connectionError('no-key', 'plain-http',
      `${origin} is a plain http:// address ${where}: the API key would cross the network unencrypted, so it has not been sent.`,
      'Use the server\'s https:// address if it has one; otherwise confirm in this instance\'s settings that the key may be sent unencrypted.');
  }
  return null;
}

export function parseProxyCredentials(stored: string | null): ProxyCredentials | null {
  if (!stored) return null;
  try {
    const v = JSON.parse(stored) as Partial<ProxyCredentials>;
    return typeof v.username === 'string' && typeof v.password === 'string' ? { username: v.username, password: v.password } : null;
  } catch {
    return null;
  }
}
