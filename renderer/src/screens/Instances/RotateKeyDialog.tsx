// Rotate key: one action in main (instances.rotateKey) that makes a new key
// with the same access, stores it, checks it and only then revokes the old
// one. The dialog says what will happen, then what did: rotated; rotated but
// the old key still valid (with what to do); or not rotated, the old key kept.
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { InstanceView, IpcError, KeyRotation } from '../../../../shared/contract.ts';
import { call, toIpcError } from '../../api/api.ts';
import { invalidateResource } from '../../api/query.ts';
import { useInstances } from '../../state/instances-store.ts';
import { KEYS_RESOURCE } from '../../state/key-access.ts';

type Outcome = { done: KeyRotation } | { failed: IpcError };

export function RotateKeyDialog({ instance, onClose }: { instance: InstanceView; onClose(): void }) {
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
    <Modal opened onClose={() => !busy && onClose()} title={`Rotate the key of ${instance.name}`} centered size="lg" closeOnClickOutside={!busy}>
      <Stack>
        {!outcome ? (
          <>
            <Text size="sm">Linkdesk replaces this instance's API key in one step:</Text>
            <List size="sm" type="ordered" spacing={4}>
              <List.Item>makes a new key with the same access through the API,</List.Item>
              <List.Item>stores it in the keychain,</List.Item>
              <List.Item>checks that the server accepts it,</List.Item>
              <List.Item>and only then revokes the old key.</List.Item>
            </List>
            <Text size="sm" c="dimmed">If a step fails, the instance keeps a key that works: the old one until the new one has answered, the new one after.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>Cancel</Button>
              <Button onClick={() => void rotate()} loading={busy}>Rotate key</Button>
            </Group>
          </>
        ) : (
          <>
            {'done' in outcome ? (
              outcome.done.oldKeyRevoked ? (
                <Alert color="teal" title="Key rotated" data-testid="rotation-outcome" data-outcome="rotated">{outcome.done.message}</Alert>
              ) : (
                <Alert color="orange" title="New key in use; the old key is still valid" role="alert" data-testid="rotation-outcome" data-outcome="old-kept">
                  {outcome.done.message}
                </Alert>
              )
            ) : (
              <Alert color="red" title={outcome.failed.kind === 'unsupported' ? 'Not offered by this server' : 'Key not rotated'} role="alert"
                data-testid="rotation-outcome" data-outcome="failed">
                {outcome.failed.message}
              </Alert>
            )}
            <Group justify="flex-end">
              {'failed' in outcome && outcome.failed.kind !== 'unsupported' ? (
                <Button variant="default" loading={busy} onClick={() => void rotate()}>Try again</Button>
              ) : null}
              <Button onClick={onClose} data-autofocus>Done</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
