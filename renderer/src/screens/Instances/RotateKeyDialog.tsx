// Rotate key: one action in main (instances.rotateKey) that makes a new key
// with the same access, stores it, checks it and only then revokes the old
// one. The dialog says what will happen, then what did: rotated; rotated but
// the old key still valid (with what to do); or not rotated, the old key kept.
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { InstanceView, IpcError, KeyRotation } from '../../../../shared/contract.ts';
import { call, toIpcError } from '../../api/api.ts';
import { invalidateResource } from '../../api/query.ts';
import { useInstances } from '../../state/instances-store.ts';
import { KEYS_RESOURCE } from '../../state/key-access.ts';

type Outcome = { done: KeyRotation } | { failed: IpcError };

export function RotateKeyDialog({ instance, onClose }: { instance: InstanceView; onClose(): void }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const upsert = useInstances((s) => s.upsert);

  const rotate = async () => {
    setBusy(true);
    try {
      const done = await call('instances.rotateKey', { id: instance.id });
      setOutcome({ done });
      upsert(done.instance);
    } catch (e) {
      setOutcome({ failed: toIpcError(e) });
    } finally {
      setBusy(false);
      // Whatever happened, the instance's keys may have changed.
      void invalidateResource(instance.id, KEYS_RESOURCE);
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose()} title={intl.formatMessage({ id: 'app.instances.rotateNamed', defaultMessage: 'Rotate the key of {name}' }, { name: instance.name })} centered size="lg" closeOnClickOutside={!busy}>
      <Stack>
        {!outcome ? (
          <>
            <Text size="sm"><FormattedMessage id="app.rotate.intro" defaultMessage="Linkdesk replaces this instance's API key in one step:" /></Text>
            <List size="sm" type="ordered" spacing={4}>
              <List.Item><FormattedMessage id="app.rotate.step1" defaultMessage="makes a new key with the same access through the API," /></List.Item>
              <List.Item><FormattedMessage id="app.rotate.step2" defaultMessage="stores it in the keychain," /></List.Item>
              <List.Item><FormattedMessage id="app.rotate.step3" defaultMessage="checks that the server accepts it," /></List.Item>
              <List.Item><FormattedMessage id="app.rotate.step4" defaultMessage="and only then revokes the old key." /></List.Item>
            </List>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="app.rotate.safe" defaultMessage="If a step fails, the instance keeps a key that works: the old one until the new one has answered, the new one after." />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={busy} data-autofocus><FormattedMessage id="app.common.cancel" defaultMessage="Cancel" /></Button>
              <Button onClick={() => void rotate()} loading={busy}><FormattedMessage id="app.instances.rotate" defaultMessage="Rotate key" /></Button>
            </Group>
          </>
        ) : (
          <>
            {'done' in outcome ? (
              outcome.done.oldKeyRevoked ? (
                <Alert color="teal" title={intl.formatMessage({ id: 'app.rotate.done', defaultMessage: 'Key rotated' })} data-testid="rotation-outcome" data-outcome="rotated">{outcome.done.message}</Alert>
              ) : (
                <Alert color="orange" title={intl.formatMessage({ id: 'app.rotate.oldKept', defaultMessage: 'New key in use; the old key is still valid' })} role="alert" data-testid="rotation-outcome" data-outcome="old-kept">
                  {outcome.done.message}
                </Alert>
              )
            ) : (
              <Alert color="red" title={outcome.failed.kind === 'unsupported'
                ? intl.formatMessage({ id: 'app.notOffered.title', defaultMessage: 'Not offered by this server' })
                : intl.formatMessage({ id: 'app.rotate.failed', defaultMessage: 'Key not rotated' })} role="alert"
                data-testid="rotation-outcome" data-outcome="failed">
                {outcome.failed.message}
              </Alert>
            )}
            <Group justify="flex-end">
              {'failed' in outcome && outcome.failed.kind !== 'unsupported' ? (
                <Button variant="default" loading={busy} onClick={() => void rotate()}><FormattedMessage id="app.errors.retry" defaultMessage="Try again" /></Button>
              ) : null}
              <Button onClick={onClose} data-autofocus><FormattedMessage id="app.common.done" defaultMessage="Done" /></Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
