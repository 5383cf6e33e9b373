import { Alert, Button } from '@mantine/core';
import type { InstanceView, Reachability } from '../../../../shared/contract.ts';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '../../api/api.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { ErrorState, LoadingState } from '../../components/DataStates/DataStates.tsx';
import { IconPlus } from '../../components/Icons/Icons.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { useInstances } from '../../state/instances-store.ts';
import { AboutCard } from './AboutCard.tsx';
import { CertificateDialog, type CertificateSubject } from './CertificateDialog.tsx';
import { InstanceModal } from './InstanceModal.tsx';
import { InstancesTable } from './InstancesTable.tsx';
import { RotateKeyDialog } from './RotateKeyDialog.tsx';
import { ServerStatusCard } from './ServerStatusCard.tsx';

export default function InstancesScreen() {
  const intl = useIntl();
  const { status, error, load, remove } = useInstances();
  // What the app is does not change while it runs.
  const info = useQuery({ queryKey: ['app', 'info'], queryFn: api.appInfo, staleTime: Infinity });
  const editing = useDialog<InstanceView | 'new'>();
  const removing = useDialog<InstanceView>();
  const certificate = useDialog<CertificateSubject>();
  const rotating = useDialog<InstanceView>();
  const showCertificate = (instance: InstanceView, r: Extract<Reachability, { state: 'error' }>) =>
    r.certificate && certificate.open({ instance, message: r.message, problem: r.certificate });

  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.instances.title', defaultMessage: 'Instances' })}
        description={intl.formatMessage({ id: 'app.instances.description', defaultMessage: 'The servers this app manages: this computer\'s own, and remote ones that speak the same API.' })}>
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}><FormattedMessage id="app.instances.addButton" defaultMessage="Add instance" /></Button>
      </ScreenHeader>
      {info.data?.keychain === 'unavailable' ? (
        <Alert color="orange" title={intl.formatMessage({ id: 'app.instances.noKeychain', defaultMessage: 'The system keychain is not available' })} mb="md" role="alert">
          {info.data.keychainMessage ?? intl.formatMessage({ id: 'app.instances.noKeychainHint', defaultMessage: 'API keys cannot be stored until it is.' })}
        </Alert>
      ) : null}
      <ServerStatusCard />
      {status === 'loading' ? <LoadingState label={intl.formatMessage({ id: 'app.instances.loading', defaultMessage: 'Loading instances…' })} /> : null}
      {status === 'error' && error ? <ErrorState error={error} onRetry={() => void load()} /> : null}
      {status === 'ready' ? <InstancesTable onEdit={editing.open} onRemove={removing.open} onRotate={rotating.open} onCertificate={showCertificate} /> : null}
      {info.data ? <AboutCard info={info.data} /> : null}
      {editing.subject ? (
        <InstanceModal instance={editing.subject === 'new' ? null : editing.subject} onClose={() => editing.close()}
          onCertificate={(i, r) => { editing.close(); showCertificate(i, r); }} />
      ) : null}
      {rotating.subject ? <RotateKeyDialog instance={rotating.subject} onClose={() => rotating.close()} /> : null}
      {certificate.subject ? (
        <CertificateDialog subject={certificate.subject} onClose={() => certificate.close()} onEdit={(i) => editing.open(i)} />
      ) : null}
      <ConfirmDelete opened={removing.subject !== null} title={intl.formatMessage({ id: 'app.instances.removeTitle', defaultMessage: 'Remove instance' })}
        confirmLabel={intl.formatMessage({ id: 'app.instances.remove', defaultMessage: 'Remove' })} onClose={removing.close}
        onConfirm={() => remove(removing.subject!.id)}>
        <FormattedMessage id="app.instances.removeQuestion"
          defaultMessage="Remove <b>{name}</b> from this app? Its API key is deleted from the keychain; the server and its data are not touched."
          values={{ name: removing.last?.name, b: (c) => <strong>{c}</strong> }} />
      </ConfirmDelete>
    </>
  );
}
