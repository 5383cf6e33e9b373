// The embedded local server: its state and address, refreshed while shown,
// and its port, which can be changed (the server restarts on it).
import { Alert, Badge, Button, Card, Code, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import type { ServerStatus } from '../../../../shared/contract.ts';
import { api, toIpcError } from '../../api/api.ts';
import { useRemote } from '../../api/use-remote.ts';
import { useInstances } from '../../state/instances-store.ts';
import { notify } from '../../notify.ts';

const LOOK: Record<ServerStatus['state'], { label: string; color: string }> = {
  starting: { label: 'Starting', color: 'yellow' },
  running: { label: 'Running', color: 'teal' },
  stopped: { label: 'Stopped', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

export function ServerStatusCard() {
  const status = useRemote(() => api.serverStatus(), []);
  useInterval(() => status.reload(), 4000, { autoInvoke: true });
  const [port, setPort] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const s = status.data;

  const restart = async (p: number | null | undefined) => {
    setBusy(true);
    try {
      const after = await api.restartServer(p);
      notify({ color: after.state === 'running' ? 'teal' : 'red', message: after.url ? `The local server listens on ${after.url}.` : after.message ?? 'The local server restarted.' });
      setPort('');
      // The local instance's address follows the port.
      await useInstances.getState().load({ silent: true });
    } catch (e) {
      notify({ color: 'red', title: 'The local server did not restart', message: toIpcError(e).message });
    } finally {
      setBusy(false);
      status.reload();
    }
  };

  return (
    <Card withBorder mb="lg" data-testid="server-status">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">Local server</Title>
        {s ? <Badge color={LOOK[s.state].color} variant="light">{LOOK[s.state].label}</Badge> : null}
      </Group>
      {status.error && !s ? <Alert color="red" role="alert">{status.error.message}</Alert> : null}
      {!s && !status.error ? <Text size="sm" c="dimmed">Reading the local server's status…</Text> : null}
      {s ? (
        <Stack gap={6}>
          <Text size="sm">
            Address: {s.url ? <Code data-testid="server-url">{s.url}</Code> : <Text span c="dimmed">not listening</Text>}
          </Text>
          <Text size="sm" c="dimmed">
            This computer's own short-link server. It keeps serving redirects from the tray when windows are closed.
          </Text>
          {s.message ? <Alert color={s.state === 'error' ? 'red' : 'yellow'}>{s.message}</Alert> : null}
          <Group align="flex-end" gap="sm" mt={4}>
            <NumberInput label="Port" placeholder={s.port ? String(s.port) : '8080'} min={1} max={65535} allowDecimal={false}
              allowNegative={false} value={port} onChange={setPort} w={140} />
            <Button variant="default" loading={busy} disabled={port === ''} onClick={() => void restart(Number(port))}>Use this port</Button>
            <Button variant="subtle" loading={busy} onClick={() => void restart(undefined)}>Restart</Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}
