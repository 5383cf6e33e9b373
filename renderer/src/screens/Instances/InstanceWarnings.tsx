// What an instance's row must say before anything else: that its key would
// cross the network unencrypted, or was given for another address, or must be
// entered again (the keychain take-over could not read it), and how it
// is reached (a proxy, extra trust) when that is not the default.
import { Badge, Group, Tooltip } from '@mantine/core';
import type { InstanceView } from '../../../../shared/contract.ts';

export function InstanceWarnings({ instance: i }: { instance: InstanceView }) {
  const badges: { label: string; color: string; tip: string; id: string; focusable?: boolean }[] = [];
  if (i.plainHttp === 'unconfirmed') {
    badges.push({ id: 'plain-http', label: 'Plain http: key not sent', color: 'orange', tip: 'The key would travel unencrypted to another computer. It is not sent until you agree in Edit, or use an https:// address.' });
  } else if (i.plainHttp === 'confirmed') {
    badges.push({ id: 'plain-http', label: 'Key sent unencrypted', color: 'red', tip: 'You agreed to send the key to this plain http:// address. Anyone on the network between can read it.' });
  }
  if (i.keyForOtherAddress) {
    badges.push({ id: 'key-origin', label: 'Key for another address', color: 'orange', tip: 'The stored key was given for another address and is not sent here until you agree in Edit or enter a new key.' });
  }
  if (i.keyProblem?.reason === 'unreadable') {
    badges.push({ id: 'key-problem', label: 'Enter key again', color: 'red', tip: i.keyProblem.message, focusable: true });
  } else if (i.keyProblem) {
    badges.push({ id: 'key-problem', label: 'Key not in keychain', color: 'yellow', tip: i.keyProblem.message, focusable: true });
  }
  if (i.proxy.mode === 'url' && i.proxy.url) badges.push({ id: 'proxy', label: `Proxy ${new URL(i.proxy.url).host}`, color: 'gray', tip: 'Requests go through this proxy.' });
  if (i.proxy.mode === 'none' && i.kind === 'remote') badges.push({ id: 'proxy', label: 'No proxy', color: 'gray', tip: 'Connects directly, whatever the system\'s proxy settings say.' });
  if (i.caCertificates.length) badges.push({ id: 'ca', label: `${i.caCertificates.length} own CA`, color: 'gray', tip: i.caCertificates.map((c) => c.subject).join('; ') });
  if (i.clientCertificate) badges.push({ id: 'client-cert', label: 'Client certificate', color: 'gray', tip: i.clientCertificate.subject });
  if (!badges.length) return null;
  return (
    <Group gap={4} mt={4} data-testid="instance-warnings">
      {badges.map((b) => (
        // What to do about a key is reachable from the keyboard too: the badge takes focus and names the reason.
        <Tooltip key={b.id} label={b.tip} multiline maw={300} withinPortal events={{ hover: true, focus: Boolean(b.focusable), touch: false }}>
          <Badge size="sm" variant="light" color={b.color} data-warning={b.id} style={{ flexShrink: 0 }}
            {...(b.focusable ? { tabIndex: 0, 'aria-label': `${b.label}: ${b.tip}` } : {})}>{b.label}</Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
