// The user's word before a key or a trust decision leaves the app's hands:
// the stored key sent to a new address, a key sent over plain http where it
// can be read on the way, a certificate authority trusted for an instance,
// a new update feed, an update installed.
// Main asks itself (a native dialog in the app, a stand-in in tests): a flag
// from the renderer only says the user wants to be asked, so script in the
// page cannot send a key anywhere on its own.
import { ServiceError } from './errors.ts';

export type ConsentKind = 'key-new-address' | 'plain-http' | 'trust-ca' | 'update-feed' | 'update-install';

export interface ConsentDetails {
  /** The instance's name ('Linkdesk' for the update questions). */
  instance: string;
  /** Where the key would go (an origin), or whose server presents the CA; the update feed's host. */
  address: string;
  /** update-feed: the Linkdesk installed; update-install: the version to install. */
  version?: string;
  /** key-new-address: the origin the key was given for; update-feed: the old feed's host. */
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
    case 'update-feed':
      return {
        title: 'Take updates from a new feed?',
        message: `Let Linkdesk${d.version ? ` ${d.version}` : ''} look for updates at ${d.address}?`,
        detail: `${d.from ? `Updates came from ${d.from} until now. ` : ''}Linkdesk installs only updates signed by its publisher's key, but ${d.address} learns when this computer checks, and an update already downloaded from another feed is discarded. Agree only if your organisation publishes Linkdesk at ${d.address}.`,
        yes: 'Use this feed', no: 'Cancel',
      };
    case 'update-install':
      return {
        title: 'Install the update?',
        message: `Install Linkdesk${d.version ? ` ${d.version}` : ''} from ${d.address} and restart?`,
        detail: `Linkdesk quits, installs ${d.version ?? 'the update'} (downloaded from ${d.address}, signed by its publisher, its sha512 checked) and starts again. Linkdesk's windows close; what is not saved in them is lost.`,
        yes: 'Restart and install', no: 'Cancel',
      };
  }
}

const DECLINED: Record<ConsentKind, (d: ConsentDetails) => string> = {
  'key-new-address': (d) => `Not sent: you declined to send the stored API key to ${d.address}. Nothing was changed.`,
  'plain-http': (d) => `Not sent: you declined to send the API key to ${d.address} unencrypted. Nothing was changed.`,
  'trust-ca': (d) => `Not trusted: you declined to trust "${d.subject ?? 'the certificate authority'}" (${d.fingerprint ?? ''}). Nothing was changed.`,
  'update-feed': (d) => `Not changed: you declined to take updates from ${d.address}. The update feed is as it was.`,
  'update-install': (d) => `Not installed: you declined to install Linkdesk ${d.version ?? 'the update'}. It stays downloaded; Restart to update asks again.`,
};

/** Asks; a no (or a dialog that fails) is the typed 'declined' error, before anything is stored. */
export async function requireConsent(confirm: Confirm, kind: ConsentKind, details: ConsentDetails): Promise<void> {
  const yes = await confirm(kind, details).catch(() => false);
  if (!yes) throw new ServiceError('declined', DECLINED[kind](details));
}
