// About this app: its version, where it keeps its data, and where the local
// server writes its warnings and errors, with a button that shows that folder
// (what to attach to a bug report when something went wrong).
import { Anchor, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AppInfo } from '../../../../shared/contract.ts';
import { call, toIpcError } from '../../api/api.ts';
import { IconFolder } from '../../components/Icons/Icons.tsx';
import { notify } from '../../notify.ts';

export function AboutCard({ info }: { info: AppInfo }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const openLogs = async () => {
    setBusy(true);
    try {
      await call('app.openLogs');
    } catch (e) {
      notify({ color: 'red', title: intl.formatMessage({ id: 'app.about.logsFailed', defaultMessage: 'The logs folder did not open' }), message: toIpcError(e).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder mb="lg" data-testid="about">
      <Title order={2} size="h4" mb="xs"><FormattedMessage id="app.about.title" defaultMessage="About Linkdesk" /></Title>
      <Stack gap={6}>
        <Text size="sm"><FormattedMessage id="app.about.version" defaultMessage="Version {version}" values={{ version: <Code>{info.version}</Code> }} /></Text>
        <Text size="sm"><FormattedMessage id="app.about.dataDir" defaultMessage="Data folder: {path}" values={{ path: <Code data-testid="data-dir">{info.dataDir}</Code> }} /></Text>
        <Text size="sm"><FormattedMessage id="app.about.logFile" defaultMessage="Server log: {path}" values={{ path: <Code data-testid="log-file">{info.logFile}</Code> }} /></Text>
        <Text size="sm" data-testid="key-store" data-store={info.keyStore}>
          {info.keyStore === 'keychain'
            ? <FormattedMessage id="app.about.keysKeychain" defaultMessage="API keys: in the system keychain" />
            : info.keyStore === 'encrypted-file'
              ? <FormattedMessage id="app.about.keysFile"
                defaultMessage="API keys: encrypted with the system's protection in {file} (no keychain is available; the first one that appears takes them over)"
                values={{ file: <Code>{info.keyStoreFile}</Code> }} />
              : <FormattedMessage id="app.about.keysMemory" defaultMessage="API keys: in memory only, until Linkdesk quits (no keychain, and no safe way to encrypt them on this system)" />}
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="app.about.logAbout" defaultMessage="The local server's warnings and errors, one line each, never with a key or password. Attach it to a bug report if something went wrong." />
        </Text>
        <Text size="sm" data-testid="geo-attribution">
          {/* DB-IP's licence (CC BY 4.0) asks for this credit wherever its data is shown. */}
          <FormattedMessage id="app.about.geo" defaultMessage="<a>IP geolocation by DB-IP</a>, CC BY 4.0"
            description="A licence credit: keep DB-IP and CC BY 4.0"
            values={{ a: (c) => <Anchor inherit href="https://db-ip.com" target="_blank" rel="noreferrer">{c}</Anchor> }} />
        </Text>
        <Group mt={4}>
          <Button variant="default" leftSection={<IconFolder />} loading={busy} onClick={() => void openLogs()}><FormattedMessage id="app.about.openLogs" defaultMessage="Open logs folder" /></Button>
        </Group>
      </Stack>
    </Card>
  );
}
