// The last "Test connection" of an instance, when it failed: what happened and
// what to do, as main worded them; for a certificate this computer does not
// trust, a way to look at it.
import { Alert, Button, Group, Text } from '@mantine/core';
import type { Reachability } from '../../../../shared/contract.ts';
import type { ReachState } from '../../state/instances-store.ts';

const TITLES: Record<string, string> = {
  dns: 'Name not found', refused: 'Connection refused', timeout: 'No answer', reset: 'Connection closed', network: 'Network unreachable',
  'proxy-refused': 'Proxy unreachable', 'proxy-dns': 'Proxy not found', 'proxy-auth': 'Proxy needs a user name and password',
  'proxy-denied': 'Refused by the proxy', 'proxy-upstream': 'The proxy could not reach the server', 'proxy-unsupported': 'Proxy not supported', 'proxy-cert': 'Proxy certificate not trusted',
  'cert-untrusted': 'Certificate not trusted', 'cert-expired': 'Certificate expired', 'cert-not-yet-valid': 'Certificate not valid yet',
  'cert-wrong-host': 'Certificate for another name', 'cert-revoked': 'Certificate revoked', 'tls-version': 'Old TLS version',
  'client-cert': 'Client certificate needed', 'tls-other': 'Secure connection failed', 'html-login': 'A web page instead of the API',
  'key-refused': 'Key refused', 'key-forbidden': 'Not allowed with this key', 'rate-limited': 'Too many requests',
  'plain-http': 'Key not sent over plain http', 'key-other-address': 'Key not sent to the new address',
};

export function ConnectionProblem({ reach, onCertificate }: { reach: ReachState; onCertificate(r: Extract<Reachability, { state: 'error' }>): void }) {
  if (reach.state === 'connected' || reach.state === 'checking' || reach.state === 'unknown') return null;
  const reason = 'reason' in reach ? reach.reason : undefined;
  const title = (reason && TITLES[reason]) ?? (reach.state === 'no-key' ? 'No API key' : reach.state === 'invalid-key' ? 'Key refused' : 'Cannot connect');
  const cert = reach.state === 'error' && reach.certificate ? reach : null;
  return (
    <Alert color={reach.state === 'no-key' ? 'gray' : 'red'} title={`Last test: ${title}`} data-testid="connection-problem" data-reason={reason ?? reach.state}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{reach.message}</Text>
      {cert ? (
        <Group mt="xs"><Button size="xs" variant="default" onClick={() => onCertificate(cert)}>View certificate…</Button></Group>
      ) : null}
    </Alert>
  );
}
