// The user's word before a key or a trust decision leaves the app's hands:
// the stored key sent to a new address, a key sent over plain http where it
// can be read on the way, a certificate authority trusted for an instance,
// a new update feed, an update installed.
// Main asks itself (a native dialog in the app, a stand-in in tests): a flag
// from the renderer only says the user wants to be asked, so script in the
// page cannot send a key anywhere on its own.
import { defineMessages, type IntlShape } from '@formatjs/intl';
import { ServiceError } from './errors.ts';
import { t } from './i18n/current.ts';

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

type V = Record<string, string>;
const m = defineMessages<{
  cancel: {}; viaProxy: V;
  keyTitle: {}; keyMessage: V; keyDetail: V; keyDetailUnknown: V; keyYes: {};
  plainTitle: {}; plainMessage: V; plainDetailProxy: V; plainDetailRemote: V; plainYes: {};
  caTitle: {}; caMessage: V; caMessageUnnamed: V; caFingerprint: {}; caDetail: V; caYes: {};
  feedTitle: {}; feedMessage: V; feedFrom: V; feedDetail: V; feedYes: {};
  installTitle: {}; installMessage: V; installDetail: V; installYes: {};
  keyDeclined: V; plainDeclined: V; caDeclined: V; feedDeclined: V; installDeclined: V;
}>({
  cancel: { id: 'desktop.consent.cancel', defaultMessage: 'Cancel' },
  viaProxy: { id: 'desktop.consent.viaProxy', defaultMessage: 'It goes through the proxy {proxy}.', description: 'Added to a dialog\'s detail; proxy: the proxy\'s address' },
  keyTitle: { id: 'desktop.consent.keyNewAddress.title', defaultMessage: 'Send the stored key to a new address?' },
  keyMessage: { id: 'desktop.consent.keyNewAddress.message', defaultMessage: 'Send {instance}’s stored API key to {address}?', description: 'instance: the instance\'s name; address: an origin like https://example.com' },
  keyDetail: { id: 'desktop.consent.keyNewAddress.detail', defaultMessage: 'The key was given for {from}. Whoever runs {address} would receive it and could use it. Agree only if it is the same server under a new address.' },
  keyDetailUnknown: { id: 'desktop.consent.keyNewAddress.detailUnknown', defaultMessage: 'The key was given for another address. Whoever runs {address} would receive it and could use it. Agree only if it is the same server under a new address.' },
  keyYes: { id: 'desktop.consent.keyNewAddress.yes', defaultMessage: 'Send the key there' },
  plainTitle: { id: 'desktop.consent.plainHttp.title', defaultMessage: 'Send the key unencrypted?' },
  plainMessage: { id: 'desktop.consent.plainHttp.message', defaultMessage: 'Send {instance}’s API key to {address} unencrypted?' },
  plainDetailProxy: { id: 'desktop.consent.plainHttp.detailProxy', defaultMessage: '{address} is a plain http:// address reached through a proxy: anyone on the way can read the key and use it.' },
  plainDetailRemote: { id: 'desktop.consent.plainHttp.detailRemote', defaultMessage: '{address} is a plain http:// address on another computer: anyone on the way can read the key and use it.' },
  plainYes: { id: 'desktop.consent.plainHttp.yes', defaultMessage: 'Send it unencrypted' },
  caTitle: { id: 'desktop.consent.trustCa.title', defaultMessage: 'Trust this certificate authority?' },
  caMessage: { id: 'desktop.consent.trustCa.message', defaultMessage: 'Trust "{subject}" for {instance}?', description: 'subject: the certificate authority\'s name' },
  caMessageUnnamed: { id: 'desktop.consent.trustCa.messageUnnamed', defaultMessage: 'Trust this certificate authority for {instance}?' },
  caFingerprint: { id: 'desktop.consent.trustCa.fingerprint', defaultMessage: 'SHA-256 fingerprint:', description: 'Label; the fingerprint follows on the next line' },
  caDetail: { id: 'desktop.consent.trustCa.detail', defaultMessage: 'Trust it only if this fingerprint is the one your administrator gave you: anyone between you and {address} could present a certificate of their own.' },
  caYes: { id: 'desktop.consent.trustCa.yes', defaultMessage: 'Trust it' },
  feedTitle: { id: 'desktop.consent.updateFeed.title', defaultMessage: 'Take updates from a new feed?' },
  feedMessage: { id: 'desktop.consent.updateFeed.message', defaultMessage: '{version, select, none {Let Linkdesk look for updates at {address}?} other {Let Linkdesk {version} look for updates at {address}?}}', description: 'version: the installed version, or none' },
  feedFrom: { id: 'desktop.consent.updateFeed.from', defaultMessage: 'Updates came from {from} until now.' },
  feedDetail: { id: 'desktop.consent.updateFeed.detail', defaultMessage: 'Linkdesk installs only updates signed by its publisher’s key, but {address} learns when this computer checks, and an update already downloaded from another feed is discarded. Agree only if your organisation publishes Linkdesk at {address}.' },
  feedYes: { id: 'desktop.consent.updateFeed.yes', defaultMessage: 'Use this feed' },
  installTitle: { id: 'desktop.consent.updateInstall.title', defaultMessage: 'Install the update?' },
  installMessage: { id: 'desktop.consent.updateInstall.message', defaultMessage: '{version, select, none {Install the Linkdesk update from {address} and restart?} other {Install Linkdesk {version} from {address} and restart?}}' },
  installDetail: { id: 'desktop.consent.updateInstall.detail', defaultMessage: '{version, select, none {Linkdesk quits, installs the update} other {Linkdesk quits, installs {version}}} (downloaded from {address}, signed by its publisher, its sha512 checked) and starts again. Linkdesk’s windows close; what is not saved in them is lost.' },
  installYes: { id: 'desktop.consent.updateInstall.yes', defaultMessage: 'Restart and install' },
  keyDeclined: { id: 'desktop.consent.keyNewAddress.declined', defaultMessage: 'Not sent: you declined to send the stored API key to {address}. Nothing was changed.' },
  plainDeclined: { id: 'desktop.consent.plainHttp.declined', defaultMessage: 'Not sent: you declined to send the API key to {address} unencrypted. Nothing was changed.' },
  caDeclined: { id: 'desktop.consent.trustCa.declined', defaultMessage: 'Not trusted: you declined to trust "{subject}" ({fingerprint}). Nothing was changed.' },
  feedDeclined: { id: 'desktop.consent.updateFeed.declined', defaultMessage: 'Not changed: you declined to take updates from {address}. The update feed is as it was.' },
  installDeclined: { id: 'desktop.consent.updateInstall.declined', defaultMessage: '{version, select, none {Not installed: you declined to install the Linkdesk update.} other {Not installed: you declined to install Linkdesk {version}.}} It stays downloaded; Restart to update asks again.' },
});

/** The words of the native dialog: what would happen, to where, and the two answers (`no` first, the default). */
export function consentDialog(kind: ConsentKind, d: ConsentDetails, intl: IntlShape = t()): { title: string; message: string; detail: string; yes: string; no: string } {
  const f = intl.formatMessage;
  const via = (detail: string) => (d.proxy ? `${detail} ${f(m.viaProxy, { proxy: d.proxy })}` : detail);
  const no = f(m.cancel);
  const { instance, address } = d;
  const version = d.version || 'none';
  switch (kind) {
    case 'key-new-address':
      return {
        title: f(m.keyTitle), message: f(m.keyMessage, { instance, address }),
        detail: via(d.from ? f(m.keyDetail, { from: d.from, address }) : f(m.keyDetailUnknown, { address })),
        yes: f(m.keyYes), no,
      };
    case 'plain-http':
      return {
        title: f(m.plainTitle), message: f(m.plainMessage, { instance, address }),
        detail: via(d.proxy ? f(m.plainDetailProxy, { address }) : f(m.plainDetailRemote, { address })),
        yes: f(m.plainYes), no,
      };
    case 'trust-ca':
      return {
        title: f(m.caTitle),
        message: d.subject ? f(m.caMessage, { subject: d.subject, instance }) : f(m.caMessageUnnamed, { instance }),
        // Messages keep to one line each (extraction folds whitespace); the layout's line breaks are here.
        detail: `${f(m.caFingerprint)}\n${d.fingerprint ?? ''}\n\n${f(m.caDetail, { address })}`,
        yes: f(m.caYes), no,
      };
    case 'update-feed':
      return {
        title: f(m.feedTitle), message: f(m.feedMessage, { version, address }),
        detail: [...(d.from ? [f(m.feedFrom, { from: d.from })] : []), f(m.feedDetail, { address })].join(' '),
        yes: f(m.feedYes), no,
      };
    case 'update-install':
      return {
        title: f(m.installTitle), message: f(m.installMessage, { version, address }),
        detail: f(m.installDetail, { version, address }),
        yes: f(m.installYes), no,
      };
  }
}

/** The typed 'declined' error's words, in the current language. */
function declined(kind: ConsentKind, d: ConsentDetails, intl: IntlShape = t()): string {
  const f = intl.formatMessage;
  switch (kind) {
    case 'key-new-address': return f(m.keyDeclined, { address: d.address });
    case 'plain-http': return f(m.plainDeclined, { address: d.address });
    case 'trust-ca': return f(m.caDeclined, { subject: d.subject ?? '', fingerprint: d.fingerprint ?? '' });
    case 'update-feed': return f(m.feedDeclined, { address: d.address });
    case 'update-install': return f(m.installDeclined, { version: d.version || 'none' });
  }
}

/** Asks; a no (or a dialog that fails) is the typed 'declined' error, before anything is stored. */
export async function requireConsent(confirm: Confirm, kind: ConsentKind, details: ConsentDetails): Promise<void> {
  const yes = await confirm(kind, details).catch(() => false);
  if (!yes) throw new ServiceError('declined', declined(kind, details));
}
