// The user's word before a key or a trust decision leaves the app's hands:
// the stored key sent to a new address, a key sent over plain http where it
// can be read on the way, a certificate authority trusted for an instance.
// Main asks itself (a native dialog in the app, a stand-in in tests): a flag
// from the renderer only says the user wants to be asked, so script in the
// page cannot send a key anywhere on its own.
import { ServiceError } from './errors.ts';

export type ConsentKind = 'key-new-address' | 'plain-http' | 'trust-ca';

export interface ConsentDetails {
  /** The instance's name. */
  instance: string;
  /** Where the key would go (an origin), or whose server presents the CA. */
  address: string;
  /** key-new-address: the origin the key was given for. */
  from?: string | null;
  /** trust-ca: the CA certificate's SHA-256 fingerprint and subject. */
  fingerprint?: string;
  subject?: string;
  /** The manual proxy the request goes through (its origin), if any. */
  proxy?: string | null;
  /** The window that asked; the dialog belongs to it. */
  windowId: number;
}

export type Confirm = (kind: ConsentKind, details: ConsentDetails) => Promise<boolean>;

/** Without a way to ask (no dialog in this session), nothing is agreed to. */
export const askNobody: Confirm = async () => false;

/** The words of the native dialog: what would happen, to where, and the two answers (`no` first, the default). */
export function consentDialog(kind: ConsentKind, d: ConsentDetails): { title: string; message: string; detail: string; yes: string; no: string } {
  const via = d.proxy ? ` It goes through the proxy ${d.proxy}.` : '';
  switch (kind) {
    case 'key-new-address':
      return {
        title: 'Send the stored key to a new address?',
        message: `Send ${d.instance}'s stored API key to ${d.address}?`,
        detail: `The key was given for ${d.from ?? 'another address'}. Whoever runs ${d.address} would receive it and could use it. Agree only if it is the same server under a new address.${via}`,
        yes: 'Send the key there', no: 'Cancel',
      };
    case 'plain-http':
      return {
        title: 'Send the key unencrypted?',
        message: `Send ${d.instance}'s API key to ${d.address} unencrypted?`,
        detail: `${d.address} is a plain http:// address${d.proxy ? ' reached through a proxy' : ' on another computer'}: anyone on the way can read the key and use it.${via}`,
        yes: 'Send it unencrypted', no: 'Cancel',
      };
    case 'trust-ca':
      return {
        title: 'Trust this certificate authority?',
        message: `Trust "${d.subject ?? 'this certificate authority'}" for ${d.instance}?`,
        detail: `SHA-256 fingerprint:\n${d.fingerprint ?? ''}\n\nTrust it only if this fingerprint is the one your administrator gave you: anyone between you and ${d.address} could present a certificate of their own.`,
        yes: 'Trust it', no: 'Cancel',
      };
  }
}

const DECLINED: Record<ConsentKind, (d: ConsentDetails) => string> = {
  'key-new-address': (d) => `Not sent: you declined to send the stored API key to ${d.address}. Nothing was changed.`,
  'plain-http': (d) => `Not sent: you declined to send the API key to ${d.address} unencrypted. Nothing was changed.`,
  'trust-ca': (d) => `Not trusted: you declined to trust "${d.subject ?? 'the certificate authority'}" (${d.fingerprint ?? ''}). Nothing was changed.`,
};

/** Asks; a no (or a dialog that fails) is the typed 'declined' error, before anything is stored. */
export async function requireConsent(confirm: Confirm, kind: ConsentKind, details: ConsentDetails): Promise<void> {
  const yes = await confirm(kind, details).catch(() => false);
  if (!yes) throw new ServiceError('declined', DECLINED[kind](details));
}
