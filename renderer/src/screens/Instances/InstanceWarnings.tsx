// What an instance's row must say before anything else: that its key would
// cross the network unencrypted, or was given for another address, or must be
// entered again (the keychain take-over could not read it), and how it
// is reached (a proxy, extra trust) when that is not the default.
import { Badge, Group, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { InstanceView } from '../../../../shared/contract.ts';

export function InstanceWarnings({ instance: i }: { instance: InstanceView }) {
  const intl = useIntl();
  const badges: { label: string; color: string; tip: string; id: string; focusable?: boolean }[] = [];
  if (i.plainHttp === 'unconfirmed') {
    badges.push({ id: 'plain-http', color: 'orange',
      label: intl.formatMessage({ id: 'app.instances.warn.plainUnconfirmed', defaultMessage: 'Plain http: key not sent' }),
      tip: intl.formatMessage({ id: 'app.instances.warn.plainUnconfirmedTip', defaultMessage: 'The key would travel unencrypted to another computer. It is not sent until you agree in Edit, or use an https:// address.' }) });
  } else if (i.plainHttp === 'confirmed') {
    badges.push({ id: 'plain-http', color: 'red',
      label: intl.formatMessage({ id: 'app.instances.warn.plainConfirmed', defaultMessage: 'Key sent unencrypted' }),
      tip: intl.formatMessage({ id: 'app.instances.warn.plainConfirmedTip', defaultMessage: 'You agreed to send the key to this plain http:// address. Anyone on the network between can read it.' }) });
  }
  if (i.keyForOtherAddress) {
    badges.push({ id: 'key-origin', color: 'orange',
      label: intl.formatMessage({ id: 'app.instances.warn.keyOrigin', defaultMessage: 'Key for another address' }),
      tip: intl.formatMessage({ id: 'app.instances.warn.keyOriginTip', defaultMessage: 'The stored key was given for another address and is not sent here until you agree in Edit or enter a new key.' }) });
  }
  if (i.keyProblem?.reason === 'unreadable') {
    badges.push({ id: 'key-problem', label: intl.formatMessage({ id: 'app.instances.warn.keyUnreadable', defaultMessage: 'Enter key again' }), color: 'red', tip: i.keyProblem.message, focusable: true });
  } else if (i.keyProblem) {
    badges.push({ id: 'key-problem', label: intl.formatMessage({ id: 'app.instances.warn.keyNotInKeychain', defaultMessage: 'Key not in keychain' }), color: 'yellow', tip: i.keyProblem.message, focusable: true });
  }
  if (i.proxy.mode === 'url' && i.proxy.url) badges.push({
    id: 'proxy', color: 'gray',
    label: intl.formatMessage({ id: 'app.instances.warn.proxy', defaultMessage: 'Proxy {host}' }, { host: new URL(i.proxy.url).host }),
    tip: intl.formatMessage({ id: 'app.instances.warn.proxyTip', defaultMessage: 'Requests go through this proxy.' }),
  });
  if (i.proxy.mode === 'none' && i.kind === 'remote') badges.push({
    id: 'proxy', color: 'gray',
    label: intl.formatMessage({ id: 'app.instances.warn.noProxy', defaultMessage: 'No proxy' }),
    tip: intl.formatMessage({ id: 'app.instances.warn.noProxyTip', defaultMessage: 'Connects directly, whatever the system\'s proxy settings say.' }),
  });
  if (i.caCertificates.length) badges.push({
    id: 'ca', color: 'gray',
    label: intl.formatMessage({ id: 'app.instances.warn.ownCa', defaultMessage: '{count, plural, one {# own CA} other {# own CAs}}' }, { count: i.caCertificates.length }), tip: i.caCertificates.map((c) => c.subject).join('; ') });
  if (i.clientCertificate) badges.push({ id: 'client-cert', label: intl.formatMessage({ id: 'app.instances.cert.client', defaultMessage: 'Client certificate' }), color: 'gray', tip: i.clientCertificate.subject });
  if (!badges.length) return null;
  return (
    <Group gap={4} mt={4} data-testid="instance-warnings">
      {badges.map((b) => (
        // What to do about a key is reachable from the keyboard too: the badge takes focus and names the reason.
        <Tooltip key={b.id} label={b.tip} multiline maw={300} withinPortal events={{ hover: true, focus: Boolean(b.focusable), touch: false }}>
          <Badge size="sm" variant="light" color={b.color} data-warning={b.id} style={{ flexShrink: 0 }}
            {...(b.focusable ? { tabIndex: 0, 'aria-label': intl.formatMessage({ id: 'app.instances.warn.label', defaultMessage: '{label}: {tip}' }, { label: b.label, tip: b.tip }) } : {})}>{b.label}</Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
