// The signing secret, once: the server never gives it again, so this dialog
// is the only place a user can copy it from.
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import type { WebhookCreated } from '../../../../shared/schemas/webhooks.ts';
import { IconCheck, IconCopy } from '../../components/Icons/Icons.tsx';

export function SecretDialog({ hook, onClose }: { hook: WebhookCreated; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Signing secret" centered size="lg" closeOnClickOutside={false}>
      <Stack>
        <Alert color="orange" title="Copy it now: you will not see it again">
          Receivers use this secret to check the Linkdesk-Signature header of each delivery. Linkdesk never shows it
          again; if it is lost, delete the webhook and create a new one.
        </Alert>
        <Text size="sm">Webhook for <strong>{hook.url}</strong></Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="webhook-secret" style={{ flex: 1, overflowWrap: 'anywhere' }}>{hook.secret}</Code>
          <CopyButton value={hook.secret} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy secret'} withArrow>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? 'Secret copied' : 'Copy secret'}>
                  {copied ? <IconCheck /> : <IconCopy />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>I have copied it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
