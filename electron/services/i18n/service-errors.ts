// The refusals and failures the services answer a screen with, in the user's
// language (read at the moment of the error, like every desktop message).
// Whatever the server or the operating system wrote (`{reason}`, `{message}`)
// stays as it was written: API and system messages are English.
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { t } from './current.ts';

export const se = defineMessages({
  instanceGone: { id: 'desktop.instance.gone', defaultMessage: 'That instance no longer exists.' },
  localNoProxy: { id: 'desktop.instance.localNoProxy', defaultMessage: 'The local instance is reached directly on this computer: it has no proxy or certificates.' },
  localNotRemovable: { id: 'desktop.instance.localNotRemovable', defaultMessage: 'The local instance cannot be removed.' },
  localAddress: { id: 'desktop.instance.localAddress', defaultMessage: 'The local instance\'s address comes from its server; change the port in the server settings.' },
  keyOtherAddress: {
    id: 'desktop.instance.keyOtherAddress',
    defaultMessage: 'The stored API key was given for {from}. Agree to send it to {to}, or enter the key for the new address.',
    description: 'from, to: origins such as https://links.example.com',
  },
  keyOtherAddressField: { id: 'desktop.instance.keyOtherAddressField', defaultMessage: 'Enter the key for the new address, or agree to send the stored one there.' },
  httpsOnlyTrust: { id: 'desktop.instance.httpsOnlyTrust', defaultMessage: 'Only an https:// remote instance has certificates to trust.' },
  certUnreadable: { id: 'desktop.instance.certUnreadable', defaultMessage: 'The certificate of {host} could not be read again; test the connection and try once more.' },
  certChanged: { id: 'desktop.instance.certChanged', defaultMessage: 'The server now presents a different certificate than the one shown. Test the connection again and compare the fingerprint.' },
  caFull: { id: 'desktop.instance.caFull', defaultMessage: 'This instance already trusts {max, number} CA certificates; remove one first.' },
  caGone: { id: 'desktop.instance.caGone', defaultMessage: 'A CA certificate to keep is no longer in this instance\'s list; reopen its settings.' },
  notCa: { id: 'desktop.instance.notCa', defaultMessage: '"{subject}" is not a certificate authority; choose the CA certificate that signed the server\'s certificate.' },
  caMax: { id: 'desktop.instance.caMax', defaultMessage: 'At most {max, number} CA certificates per instance.' },
  clientKeyUnreadable: { id: 'desktop.instance.clientKeyUnreadable', defaultMessage: 'The key could not be read; choose an unencrypted PEM private key.' },
  clientKeyMismatch: { id: 'desktop.instance.clientKeyMismatch', defaultMessage: 'This key does not belong to the chosen certificate.' },
  addressScheme: { id: 'desktop.instance.addressScheme', defaultMessage: 'Enter an http:// or https:// address.' },
  addressCredentials: { id: 'desktop.instance.addressCredentials', defaultMessage: 'Put the API key in its own field, not in the address.' },
  settingsNotSaved: {
    id: 'desktop.instance.settingsNotSaved',
    defaultMessage: 'The instance\'s settings could not be saved ({reason}); nothing was changed.',
    description: 'reason: the system\'s error, in English',
  },
  rotateNoKey: { id: 'desktop.keys.rotateNoKey', defaultMessage: 'No API key is stored for this instance, so there is none to rotate. Add one in its settings.' },
  rotateNoAnswer: { id: 'desktop.keys.rotateNoAnswer', defaultMessage: 'The server made a key but did not answer it.' },
  rotateNotStored: { id: 'desktop.keys.rotateNotStored', defaultMessage: 'The new key could not be stored ({reason}); the old key is kept and still works.' },
  rotateStuck: {
    id: 'desktop.keys.rotateStuck',
    defaultMessage: 'The new key ({prefix}) is stored but did not answer ({reason}), and the old key could not be put back ({restoreReason}). Both keys are still valid; check the connection, then rotate again or revoke key {keyId}.',
    description: 'prefix: the start of the new key; keyId: its number',
  },
  rotateFailed: { id: 'desktop.keys.rotateFailed', defaultMessage: 'The new key did not answer ({reason}); the old key is kept and still works.' },
  resourceNotFound: { id: 'desktop.api.resourceNotFound', defaultMessage: 'Resource not found.' },
  unsupported: { id: 'desktop.api.unsupported', defaultMessage: 'This server does not offer {what}.', description: 'what: the feature, in English (e.g. "webhooks")' },
  clipboardDesktopOnly: { id: 'desktop.clipboard.desktopOnly', defaultMessage: 'The clipboard can be written in the desktop app only.' },
  tooLarge: { id: 'desktop.api.tooLarge', defaultMessage: 'The answer was larger than {mb, number} MB; this does not look like a Linkdesk server.' },
  notCsv: { id: 'desktop.api.notCsv', defaultMessage: '{host} answered, but not with a CSV file.' },
  notEventStream: { id: 'desktop.api.notEventStream', defaultMessage: '{host} answered, but not with an event stream.' },
  redirected: { id: 'desktop.api.redirected', defaultMessage: '{host} redirected the request; enter the address it redirects to.' },
  redirectedTo: { id: 'desktop.api.redirectedTo', defaultMessage: '{host} redirected the request to {location}; enter the address it redirects to.' },
  noLinkdeskAnswer: { id: 'desktop.api.noLinkdeskAnswer', defaultMessage: '{host} answered {status} without a Linkdesk response.' },
  notApi: {
    id: 'desktop.api.notApi',
    defaultMessage: '{host} answered, but not with the Linkdesk/phpShort API (HTTP {status}, {contentType}). Check the address.',
    description: 'contentType: e.g. text/html, or the English words "no content type"',
  },
  notApiJson: { id: 'desktop.api.notApiJson', defaultMessage: '{host} answered JSON that is not the Linkdesk/phpShort API. Check the address.' },
  importStaleFile: { id: 'desktop.import.staleFile', defaultMessage: 'The chosen file is no longer staged; choose it again.' },
  importStateGone: { id: 'desktop.import.stateGone', defaultMessage: 'This import\'s saved state is gone.' },
  importEmpty: { id: 'desktop.import.empty', defaultMessage: 'The chosen file is empty.' },
  importRunning: { id: 'desktop.import.running', defaultMessage: 'This file is being imported already.' },
  importNotKept: { id: 'desktop.import.notKept', defaultMessage: 'This import is no longer kept; its report was offered when it ended.' },
  backupMissing: { id: 'desktop.backup.missing', defaultMessage: 'There is no backup named {name} in {dir}.' },
});

/** A service message in the current language. */
export const say = (d: MessageDescriptor, values?: Record<string, string | number>): string => t().formatMessage(d, values);
