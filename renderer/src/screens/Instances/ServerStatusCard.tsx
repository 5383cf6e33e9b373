// The embedded local server: its state and address, read once and then
// pushed by main whenever it changes (api/pushes.ts), and its port and phpShort
// API generation, which can be changed (the server restarts on them).
import { Alert, Badge, Button, Card, Code, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallArgs, ServerStatus } from '../../../../shared/contract.ts';
import { api, toIpcError } from '../../api/api.ts';
import { SERVER_STATUS_KEY, storeServerStatus } from '../../api/pushes.ts';
import { useInstances } from '../../state/instances-store.ts';
import { notify } from '../../notify.ts';
import { ApiGenerationControl } from './ApiGenerationControl.tsx';

const SERVER_SETTINGS_KEY = ['app', 'server-settings'] as const;

/** The local server's status as main last pushed it. */
export function useServerStatus() {
  return useQuery({ queryKey: SERVER_STATUS_KEY, queryFn: api.serverStatus, staleTime: Infinity, refetchOnWindowFocus: false });
}

const LOOK: Record<ServerStatus['state'], { label: string; color: string }> = {
  starting: { label: 'Starting', color: 'yellow' },
  running: { label: 'Running', color: 'teal' },
  stopped: { label: 'Stopped', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

export function ServerStatusCard() {
  const status = useServerStatus();
  const settings = useQuery({ queryKey: SERVER_SETTINGS_KEY, queryFn: api.serverSettings, refetchOnWindowFocus: false });
  const [port, setPort] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const s = status.data;

  const restart = async (change?: CallArgs<'server.restart'>) => {
    setBusy(true);
    try {
      const after = await api.restartServer(change);
      storeServerStatus(after);
      await settings.refetch();
      notify({ color: after.state === 'running' ? 'teal' : 'red', message: after.url ? `The local server listens on ${after.url}.` : after.message ?? 'The local server restarted.' });
      setPort('');
      // The local instance's address follows the port.
      await useInstances.getState().load({ silent: true });
    } catch (e) {
      notify({ color: 'red', title: 'The local server did not restart', message: toIpcError(e).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder mb="lg" data-testid="server-status">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">Local server</Title>
        {s ? <Badge color={LOOK[s.state].color} variant="light" data-testid="server-state">{LOOK[s.state].label}</Badge> : null}
      </Group>
      {status.error && !s ? <Alert color="red" role="alert">{toIpcError(status.error).message}</Alert> : null}
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
            <Button variant="default" loading={busy} disabled={port === ''} onClick={() => void restart({ port: Number(port) })}>Use this port</Button>
            <Button variant="subtle" loading={busy} onClick={() => void restart()}>Restart</Button>
          </Group>
          <ApiGenerationControl value={settings.data?.apiGeneration} disabled={busy}
            onChange={(apiGeneration) => void restart({ apiGeneration })} />
        </Stack>
      ) : null}
    </Card>
  );
}
