// Shown above every screen once an update is downloaded and verified: the
// restart that installs it happens only when the person presses the button.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { call, toIpcError } from '../../api/api.ts';
import { useUpdates } from './updates-query.ts';

export function UpdateBanner() {
  const intl = useIntl();
  const { data } = useUpdates();
  const [later, setLater] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const s = data?.status;
  if (s?.state !== 'ready' || later === s.version) return null;
  const restart = async () => {
    setError(null);
    try {
      const { ok } = await call('updates.install');
      if (!ok) setError(intl.formatMessage({ id: 'app.update.notReady', defaultMessage: 'The update is no longer ready to install; check for updates again.' }));
    } catch (e) {
      setError(toIpcError(e).message);
    }
  };
  return (
    <Alert color="blue" mb="md" title={intl.formatMessage({ id: 'app.update.ready', defaultMessage: 'Linkdesk {version} is ready' }, { version: s.version })} data-testid="update-banner">
      <Text size="sm" mb="xs">{s.message}</Text>
      {error ? <Text size="sm" c="red" mb="xs" role="alert">{error}</Text> : null}
      <Group gap="sm">
        <Button size="xs" onClick={() => void restart()}><FormattedMessage id="app.update.restart" defaultMessage="Restart to update" /></Button>
        <Button size="xs" variant="subtle" onClick={() => setLater(s.version)}><FormattedMessage id="app.update.later" defaultMessage="Later" description="Dismisses the update banner until the next version" /></Button>
      </Group>
    </Alert>
  );
}
