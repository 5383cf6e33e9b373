// The embedded local server: its state and address, read once and then
// pushed by main whenever it changes (api/pushes.ts), and its port and phpShort
// API generation, which can be changed (the server restarts on them).
import { Alert, Badge, Button, Card, Code, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
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

const COLOR: Record<ServerStatus['state'], string> = { starting: 'yellow', running: 'teal', stopped: 'gray', error: 'red' };
const LABEL: Record<ServerStatus['state'], MessageDescriptor> = defineMessages({
  starting: { id: 'app.server.state.starting', defaultMessage: 'Starting', description: 'The local server\'s state' },
  running: { id: 'app.server.state.running', defaultMessage: 'Running', description: 'The local server\'s state' },
  stopped: { id: 'app.server.state.stopped', defaultMessage: 'Stopped', description: 'The local server\'s state' },
  error: { id: 'app.server.state.error', defaultMessage: 'Error', description: 'The local server\'s state' },
});

export function ServerStatusCard() {
  const intl = useIntl();
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
      notify({ color: after.state === 'running' ? 'teal' : 'red', message: after.url
          ? intl.formatMessage({ id: 'app.server.listens', defaultMessage: 'The local server listens on {url}.' }, { url: after.url })
          : after.message ?? intl.formatMessage({ id: 'app.server.restarted', defaultMessage: 'The local server restarted.' }) });
      setPort('');
      // The local instance's address follows the port.
      await useInstances.getState().load({ silent: true });
    } catch (e) {
      notify({ color: 'red', title: intl.formatMessage({ id: 'app.server.restartFailed', defaultMessage: 'The local server did not restart' }), message: toIpcError(e).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder mb="lg" data-testid="server-status">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4"><FormattedMessage id="app.server.title" defaultMessage="Local server" /></Title>
        {s ? <Badge color={COLOR[s.state]} variant="light" data-testid="server-state">{intl.formatMessage(LABEL[s.state])}</Badge> : null}
      </Group>
      {status.error && !s ? <Alert color="red" role="alert">{toIpcError(status.error).message}</Alert> : null}
      {!s && !status.error ? <Text size="sm" c="dimmed"><FormattedMessage id="app.server.reading" defaultMessage="Reading the local server's status…" /></Text> : null}
      {s ? (
        <Stack gap={6}>
          <Text size="sm">
            {s.url
              ? <FormattedMessage id="app.server.address" defaultMessage="Address: {url}" values={{ url: <Code data-testid="server-url">{s.url}</Code> }} />
              : <FormattedMessage id="app.server.notListening" defaultMessage="Address: <dim>not listening</dim>" values={{ dim: (c) => <Text span c="dimmed">{c}</Text> }} />}
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="app.server.about" defaultMessage="This computer's own short-link server. It keeps serving redirects from the tray when windows are closed." />
          </Text>
          {s.message ? <Alert color={s.state === 'error' ? 'red' : 'yellow'}>{s.message}</Alert> : null}
          <Group align="flex-end" gap="sm" mt={4}>
             <NumberInput label={intl.formatMessage({ id: 'app.server.port', defaultMessage: 'Port' })} placeholder={s.port ? String(s.port) : '8080'} min={1} max={65535} allowDecimal={false}
              allowNegative={false} value={port} onChange={setPort} w={140} />
            <Button variant="default" loading={busy} disabled={port === ''} onClick={() => void restart({ port: Number(port) })}><FormattedMessage id="app.server.usePort" defaultMessage="Use this port" /></Button>
            <Button variant="subtle" loading={busy} onClick={() => void restart()}><FormattedMessage id="app.server.restart" defaultMessage="Restart" /></Button>
          </Group>
          <ApiGenerationControl value={settings.data?.apiGeneration} disabled={busy}
            onChange={(apiGeneration) => void restart({ apiGeneration })} />
        </Stack>
      ) : null}
    </Card>
  );
}
