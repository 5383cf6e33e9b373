// The last "Test connection" of an instance, when it failed: what happened and
// what to do, as main worded them; for a certificate this computer does not
// trust, a way to look at it.
import { Alert, Button, Group, Text } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { Reachability } from '../../../../shared/contract.ts';
import type { ReachState } from '../../state/instances-store.ts';

const TITLES: Record<string, MessageDescriptor> = defineMessages({
  dns: { id: 'app.connection.problem.dns', defaultMessage: 'Name not found' },
  refused: { id: 'app.connection.problem.refused', defaultMessage: 'Connection refused' },
  timeout: { id: 'app.connection.problem.timeout', defaultMessage: 'No answer' },
  reset: { id: 'app.connection.problem.reset', defaultMessage: 'Connection closed' },
  network: { id: 'app.connection.problem.network', defaultMessage: 'Network unreachable' },
  'proxy-refused': { id: 'app.connection.problem.proxyRefused', defaultMessage: 'Proxy unreachable' },
  'proxy-dns': { id: 'app.connection.problem.proxyDns', defaultMessage: 'Proxy not found' },
  'proxy-auth': { id: 'app.connection.problem.proxyAuth', defaultMessage: 'Proxy needs a user name and password' },
  'proxy-denied': { id: 'app.connection.problem.proxyDenied', defaultMessage: 'Refused by the proxy' },
  'proxy-upstream': { id: 'app.connection.problem.proxyUpstream', defaultMessage: 'The proxy could not reach the server' },
  'proxy-unsupported': { id: 'app.connection.problem.proxyUnsupported', defaultMessage: 'Proxy not supported' },
  'proxy-cert': { id: 'app.connection.problem.proxyCert', defaultMessage: 'Proxy certificate not trusted' },
  'cert-untrusted': { id: 'app.connection.problem.certUntrusted', defaultMessage: 'Certificate not trusted' },
  'cert-expired': { id: 'app.connection.problem.certExpired', defaultMessage: 'Certificate expired' },
  'cert-not-yet-valid': { id: 'app.connection.problem.certNotYetValid', defaultMessage: 'Certificate not valid yet' },
  'cert-wrong-host': { id: 'app.connection.problem.certWrongHost', defaultMessage: 'Certificate for another name' },
  'cert-revoked': { id: 'app.connection.problem.certRevoked', defaultMessage: 'Certificate revoked' },
  'tls-version': { id: 'app.connection.problem.tlsVersion', defaultMessage: 'Old TLS version' },
  'client-cert': { id: 'app.connection.problem.clientCert', defaultMessage: 'Client certificate needed' },
  'tls-other': { id: 'app.connection.problem.tlsOther', defaultMessage: 'Secure connection failed' },
  'html-login': { id: 'app.connection.problem.htmlLogin', defaultMessage: 'A web page instead of the API' },
  'key-refused': { id: 'app.connection.problem.keyRefused', defaultMessage: 'Key refused' },
  'key-forbidden': { id: 'app.connection.problem.keyForbidden', defaultMessage: 'Not allowed with this key' },
  'rate-limited': { id: 'app.connection.problem.rateLimited', defaultMessage: 'Too many requests' },
  'plain-http': { id: 'app.connection.problem.plainHttp', defaultMessage: 'Key not sent over plain http' },
  'key-other-address': { id: 'app.connection.problem.keyOtherAddress', defaultMessage: 'Key not sent to the new address' },
});

export function ConnectionProblem({ reach, onCertificate }: { reach: ReachState; onCertificate(r: Extract<Reachability, { state: 'error' }>): void }) {
  const intl = useIntl();
  if (reach.state === 'connected' || reach.state === 'checking' || reach.state === 'unknown') return null;
  const reason = 'reason' in reach ? reach.reason : undefined;
  const known = reason ? TITLES[reason] : undefined;
  const title = known ? intl.formatMessage(known) : intl.formatMessage({
    id: 'app.connection.problem.state', defaultMessage: '{state, select, noKey {No API key} invalidKey {Key refused} other {Cannot connect}}',
  }, { state: reach.state === 'no-key' ? 'noKey' : reach.state === 'invalid-key' ? 'invalidKey' : 'other' });
  const cert = reach.state === 'error' && reach.certificate ? reach : null;
  return (
    <Alert color={reach.state === 'no-key' ? 'gray' : 'red'} title={intl.formatMessage({ id: 'app.connection.lastTest', defaultMessage: 'Last test: {problem}' }, { problem: title })} data-testid="connection-problem" data-reason={reason ?? reach.state}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{reach.message}</Text>
      {cert ? (
        <Group mt="xs"><Button size="xs" variant="default" onClick={() => onCertificate(cert)}><FormattedMessage id="app.connection.viewCertificate" defaultMessage="View certificate…" /></Button></Group>
      ) : null}
    </Alert>
  );
}
