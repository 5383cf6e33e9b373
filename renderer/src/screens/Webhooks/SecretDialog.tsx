// The signing secret, once: the server never gives it again, so this dialog
// is the only place a user can copy it from.
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WebhookCreated } from '../../../../shared/schemas/webhooks.ts';
import { IconCheck, IconCopy } from '../../components/Icons/Icons.tsx';

export function SecretDialog({ hook, onClose }: { hook: WebhookCreated; onClose(): void }) {
  const intl = useIntl();
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'app.webhooks.secret.title', defaultMessage: 'Signing secret' })} centered size="lg" closeOnClickOutside={false}>
      <Stack>
        <Alert color="orange" title={intl.formatMessage({ id: 'app.keys.created.copyNow', defaultMessage: 'Copy it now: you will not see it again' })}>
          <FormattedMessage id="app.webhooks.secret.about"
            defaultMessage="Receivers use this secret to check the Linkdesk-Signature header of each delivery. Linkdesk never shows it again; if it is lost, delete the webhook and create a new one."
            description="Linkdesk-Signature is an HTTP header name: keep it" />
        </Alert>
        <Text size="sm"><FormattedMessage id="app.webhooks.secret.for" defaultMessage="Webhook for <b>{url}</b>" values={{ url: hook.url, b: (c) => <strong>{c}</strong> }} /></Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="webhook-secret" style={{ flex: 1, overflowWrap: 'anywhere' }}>{hook.secret}</Code>
          <CopyButton value={hook.secret} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip withArrow label={copied
                ? intl.formatMessage({ id: 'app.common.copied', defaultMessage: 'Copied' })
                : intl.formatMessage({ id: 'app.webhooks.secret.copy', defaultMessage: 'Copy secret' })}>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied
                  ? intl.formatMessage({ id: 'app.webhooks.secret.copied', defaultMessage: 'Secret copied' })
                  : intl.formatMessage({ id: 'app.webhooks.secret.copy', defaultMessage: 'Copy secret' })}>
                  {copied ? <IconCheck /> : <IconCopy />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus><FormattedMessage id="app.keys.created.done" defaultMessage="I have copied it" /></Button>
        </Group>
      </Stack>
    </Modal>
  );
}
