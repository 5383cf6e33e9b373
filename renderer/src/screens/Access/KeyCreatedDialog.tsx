// The new key, once: the server never gives it again, and the app keeps it
// nowhere but in this dialog's props (the screen drops it when the dialog
// closes), so this is the only place to copy it from.
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ApiKeyCreated } from '../../../../shared/schemas/admin.ts';
import { scopesInWords } from '../../../../shared/scopes.ts';
import { IconCheck, IconCopy } from '../../components/Icons/Icons.tsx';
import { fmt } from '../../format.ts';

export function KeyCreatedDialog({ made, domainName, onClose }: { made: ApiKeyCreated; domainName: string | null; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="New API key" centered size="lg" closeOnClickOutside={false}>
      <Stack>
        <Alert color="orange" title="Copy it now: you will not see it again">
          Linkdesk does not keep this key, and the server stores only a hash of it. If it is lost, revoke it and create another.
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="new-key" style={{ flex: 1, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}>{made.key}</Code>
          <CopyButton value={made.key} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy key'} withArrow>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? 'Key copied' : 'Copy key'} size="lg">
                  {copied ? <IconCheck /> : <IconCopy />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Table variant="vertical" layout="fixed" withTableBorder data-testid="new-key-details">
          <Table.Tbody>
            <Table.Tr><Table.Th w={120}>Name</Table.Th><Table.Td>{made.name || '—'}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>For</Table.Th><Table.Td>{made.user.name}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>It may</Table.Th><Table.Td data-testid="new-key-scopes">{scopesInWords(made.scopes)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>Domain</Table.Th><Table.Td>{made.domain_id === null ? 'Every domain of its user' : `Only ${domainName ?? `domain ${made.domain_id}`}`}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>Expires</Table.Th><Table.Td>{made.expires_at ? fmt.dateTime(made.expires_at) : 'Never'}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">Its prefix, <Code>{made.prefix}</Code>, names it in the keys list and the activity log.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>I have copied it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
