// The new key, once: the server never gives it again, and the app keeps it
// nowhere but in this dialog's props (the screen drops it when the dialog
// closes), so this is the only place to copy it from.
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiKeyCreated } from '../../../../shared/schemas/admin.ts';
import { IconCheck, IconCopy } from '../../components/Icons/Icons.tsx';
import { fmt } from '../../format.ts';
import { scopesPhrase } from './scope-words.ts';

export function KeyCreatedDialog({ made, domainName, onClose }: { made: ApiKeyCreated; domainName: string | null; onClose(): void }) {
  const intl = useIntl();
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'app.keys.newTitle', defaultMessage: 'New API key' })} centered size="lg" closeOnClickOutside={false}>
      <Stack>
        <Alert color="orange" title={intl.formatMessage({ id: 'app.keys.created.copyNow', defaultMessage: 'Copy it now: you will not see it again' })}>
          <FormattedMessage id="app.keys.created.notKept" defaultMessage="Linkdesk does not keep this key, and the server stores only a hash of it. If it is lost, revoke it and create another." />
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="new-key" style={{ flex: 1, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}>{made.key}</Code>
          <CopyButton value={made.key} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip withArrow label={copied
                ? intl.formatMessage({ id: 'app.common.copied', defaultMessage: 'Copied' })
                : intl.formatMessage({ id: 'app.keys.created.copy', defaultMessage: 'Copy key' })}>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied
                  ? intl.formatMessage({ id: 'app.keys.created.copiedLabel', defaultMessage: 'Key copied' })
                  : intl.formatMessage({ id: 'app.keys.created.copy', defaultMessage: 'Copy key' })} size="lg">
                  {copied ? <IconCheck /> : <IconCopy />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Table variant="vertical" layout="fixed" withTableBorder data-testid="new-key-details">
          <Table.Tbody>
            <Table.Tr><Table.Th w={120}>{intl.formatMessage({ id: 'app.keys.created.name', defaultMessage: 'Name' })}</Table.Th><Table.Td>{made.name || '—'}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{intl.formatMessage({ id: 'app.keys.created.for', defaultMessage: 'For', description: 'The user a new key belongs to' })}</Table.Th><Table.Td>{made.user.name}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{intl.formatMessage({ id: 'app.keys.created.itMay', defaultMessage: 'It may', description: 'Followed by what the key may do, e.g. "read links"' })}</Table.Th><Table.Td data-testid="new-key-scopes">{scopesPhrase(intl, made.scopes)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{intl.formatMessage({ id: 'app.keys.created.domain', defaultMessage: 'Domain' })}</Table.Th><Table.Td>{made.domain_id === null
              ? intl.formatMessage({ id: 'app.keys.created.everyDomain', defaultMessage: 'Every domain of its user' })
              : domainName
                ? intl.formatMessage({ id: 'app.keys.created.onlyDomain', defaultMessage: 'Only {domain}' }, { domain: domainName })
                : intl.formatMessage({ id: 'app.keys.created.onlyDomainId', defaultMessage: 'Only domain {id}' }, { id: made.domain_id })}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{intl.formatMessage({ id: 'app.keys.created.expires', defaultMessage: 'Expires' })}</Table.Th><Table.Td>{made.expires_at ? fmt.dateTime(made.expires_at) : intl.formatMessage({ id: 'app.keys.never', defaultMessage: 'Never' })}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="app.keys.created.prefix" defaultMessage="Its prefix, <code>{prefix}</code>, names it in the keys list and the activity log."
            values={{ prefix: made.prefix, code: (c) => <Code>{c}</Code> }} />
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>{intl.formatMessage({ id: 'app.keys.created.done', defaultMessage: 'I have copied it' })}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
