// "Test connection" met a certificate this computer does not trust: show what
// the server presented, and, when it sends its certificate authority, let the
// user trust that CA for this instance only, after they say they compared the
// fingerprint. Main trusts only what the server presents at that moment.
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CertificateProblem, InstanceView } from '../../../../shared/contract.ts';
import { call, toIpcError } from '../../api/api.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { CertificateView } from './CertificateView.tsx';

export interface CertificateSubject { instance: InstanceView; message: string; problem: CertificateProblem }

export function CertificateDialog({ subject, onClose, onEdit }: { subject: CertificateSubject; onClose(): void; onEdit(i: InstanceView): void }) {
  const intl = useIntl();
  const { instance, message, problem } = subject;
  const upsert = useInstances((s) => s.upsert);
  const [compared, setCompared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ca = problem.trustable ? problem.chain.find((c) => c.fingerprint256 === problem.trustable) ?? null : null;

  const trust = async () => {
    setBusy(true);
    setError(null);
    try {
      const view = await call('instances.trustCertificate', { id: instance.id, fingerprint256: problem.trustable! });
      upsert(view);
      notify({
        color: 'teal',
        title: intl.formatMessage({ id: 'app.certDialog.trustedTitle', defaultMessage: 'Certificate authority trusted' }),
        message: ca
          ? intl.formatMessage({ id: 'app.certDialog.trusted', defaultMessage: '{name} now trusts {subject}.' }, { name: instance.name, subject: ca.subject })
          : intl.formatMessage({ id: 'app.certDialog.trustedThis', defaultMessage: '{name} now trusts this CA.' }, { name: instance.name }),
      });
      onClose();
    } catch (e) {
      setError(toIpcError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'app.certDialog.title', defaultMessage: '{name}: certificate not trusted' }, { name: instance.name })} centered size="lg">
      <Stack>
        <Alert color="orange" role="alert" style={{ overflowWrap: 'anywhere' }}>{message}</Alert>
        <Text size="sm" fw={600}><FormattedMessage id="app.certDialog.presented" defaultMessage="What the server presented" /></Text>
        {problem.chain.map((c, i) => (
          <CertificateView key={c.fingerprint256} cert={c} label={i === 0
            ? intl.formatMessage({ id: 'app.certDialog.server', defaultMessage: 'Server certificate' })
            : intl.formatMessage({ id: 'app.certDialog.signedBy', defaultMessage: 'Signed by' })} />
        ))}
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        {ca ? (
          <>
            <Text size="sm">
              <FormattedMessage id="app.certDialog.question"
                defaultMessage="Trust <b>{subject}</b> for <b>{name}</b> only? Do so only if its SHA-256 fingerprint above is the one your administrator gave you: anyone between you and the server could present a certificate of their own."
                values={{ subject: ca.subject, name: instance.name, b: (c) => <strong>{c}</strong> }} />
            </Text>
            <Checkbox checked={compared} onChange={(e) => setCompared(e.currentTarget.checked)}
              label={intl.formatMessage({ id: 'app.certDialog.compared', defaultMessage: 'I compared the fingerprint with the one I was given, and they are the same' })} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}><FormattedMessage id="app.common.cancel" defaultMessage="Cancel" /></Button>
              <Button disabled={!compared} loading={busy} onClick={() => void trust()}><FormattedMessage id="app.certDialog.trust" defaultMessage="Trust this CA for {name}" values={{ name: instance.name }} /></Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              <FormattedMessage id="app.certDialog.noCa"
                defaultMessage="The server does not send the certificate authority that signed its certificate. Ask its administrator for the CA certificate (a PEM file) and add it under <em>Certificates</em> in this instance's settings."
                values={{ em: (c) => <em>{c}</em> }} />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}><FormattedMessage id="app.common.close" defaultMessage="Close" /></Button>
              <Button onClick={() => { onClose(); onEdit(instance); }}><FormattedMessage id="app.certDialog.openSettings" defaultMessage="Open settings" /></Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
