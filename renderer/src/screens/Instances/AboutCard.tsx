// About this app: its version, where it keeps its data, and where the local
// server writes its warnings and errors, with a button that shows that folder
// (what to attach to a bug report when something went wrong).
import { Anchor, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AppInfo } from '../../../../shared/contract.ts';
import { call, toIpcError } from '../../api/api.ts';
import { IconFolder } from '../../components/Icons/Icons.tsx';
import { notify } from '../../notify.ts';

export function AboutCard({ info }: { info: AppInfo }) {
  const [busy, setBusy] = useState(false);
  const openLogs = async () => {
    setBusy(true);
    try {
      await call('app.openLogs');
    } catch (e) {
      notify({ color: 'red', title: 'The logs folder did not open', message: toIpcError(e).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder mb="lg" data-testid="about">
      <Title order={2} size="h4" mb="xs">About Linkdesk</Title>
      <Stack gap={6}>
        <Text size="sm">Version <Code>{info.version}</Code></Text>
        <Text size="sm">Data folder: <Code data-testid="data-dir">{info.dataDir}</Code></Text>
        <Text size="sm">Server log: <Code data-testid="log-file">{info.logFile}</Code></Text>
        <Text size="sm" data-testid="key-store" data-store={info.keyStore}>
          API keys: {info.keyStore === 'keychain' ? 'in the system keychain'
            : info.keyStore === 'encrypted-file' ? <>encrypted with the system's protection in <Code>{info.keyStoreFile}</Code> (no keychain is available; the first one that appears takes them over)</>
              : 'in memory only, until Linkdesk quits (no keychain, and no safe way to encrypt them on this system)'}
        </Text>
        <Text size="sm" c="dimmed">
          The local server's warnings and errors, one line each, never with a key or password. Attach it to a bug report if something went wrong.
        </Text>
        <Text size="sm" data-testid="geo-attribution">
          {/* DB-IP's licence (CC BY 4.0) asks for this credit wherever its data is shown. */}
          <Anchor inherit href="https://db-ip.com" target="_blank" rel="noreferrer">IP geolocation by DB-IP</Anchor>, CC BY 4.0
        </Text>
        <Group mt={4}>
          <Button variant="default" leftSection={<IconFolder />} loading={busy} onClick={() => void openLogs()}>Open logs folder</Button>
        </Group>
      </Stack>
    </Card>
  );
}
