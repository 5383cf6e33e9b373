// What a screen shows when there is nothing yet, nothing at all, or a failure.
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { IpcError } from '../../../../shared/contract.ts';
import { useRoute } from '../../state/route.ts';
import { IconServer } from '../Icons/Icons.tsx';

const TITLES = defineMessages({
  'invalid-key': { id: 'app.errors.title.invalidKey', defaultMessage: 'The API key was refused' },
  'no-key': { id: 'app.errors.title.noKey', defaultMessage: 'No API key stored' },
  unreachable: { id: 'app.errors.title.unreachable', defaultMessage: 'The instance cannot be reached' },
  timeout: { id: 'app.errors.title.timeout', defaultMessage: 'The instance did not answer in time' },
  tls: { id: 'app.errors.title.tls', defaultMessage: 'The secure connection failed' },
  'not-linkdesk': { id: 'app.errors.title.notLinkdesk', defaultMessage: 'This address does not speak the Linkdesk API' },
  'rate-limited': { id: 'app.errors.title.rateLimited', defaultMessage: 'Too many requests' },
  keychain: { id: 'app.errors.title.keychain', defaultMessage: 'The keychain is not available' },
  'not-found': { id: 'app.errors.title.notFound', defaultMessage: 'Not found' },
  conflict: { id: 'app.errors.title.conflict', defaultMessage: 'Conflict' },
  server: { id: 'app.errors.title.server', defaultMessage: 'The server had a problem' },
  forbidden: { id: 'app.errors.title.forbidden', defaultMessage: 'Not allowed with this key' },
  other: { id: 'app.errors.title.other', defaultMessage: 'Something went wrong' },
}) as Partial<Record<IpcError['kind'], MessageDescriptor>> & { other: MessageDescriptor };

const ABOUT_INSTANCE = new Set<IpcError['kind']>(['invalid-key', 'no-key', 'unreachable', 'timeout', 'tls', 'not-linkdesk', 'keychain', 'forbidden']);

/**
 * A failure; a resource the server does not offer is no failure, and trying again would not help.
 * `kept`: what was loaded before is still shown below, and the alert says so.
 */
export function ErrorState({ error, onRetry, kept = false }: { error: IpcError; onRetry?: () => void; kept?: boolean }) {
  const intl = useIntl();
  const navigate = useRoute((s) => s.navigate);
  if (error.kind === 'unsupported') return <NotOffered message={error.message} />;
  // The same key gets the same answer: trying again cannot help, another key can.
  const forbidden = error.kind === 'forbidden';
  return (
    <Alert color="red" variant="light" title={intl.formatMessage(TITLES[error.kind] ?? TITLES.other)} role="alert" data-error-kind={error.kind} mb={kept ? 'sm' : undefined}>
      <Stack gap="sm">
        <Text size="sm">
          {error.message}
          {error.retryAfterSeconds ? ' ' : null}
          {error.retryAfterSeconds ? (
            <FormattedMessage id="app.errors.retryIn" defaultMessage="Try again in {seconds} s."
              description="After a rate-limit message; s = seconds" values={{ seconds: error.retryAfterSeconds }} />
          ) : null}
        </Text>
        {kept ? (
          <Text size="sm" data-testid="kept-notice">
            <FormattedMessage id="app.errors.kept" defaultMessage="Below is what was loaded last; it may be out of date." />
          </Text>
        ) : null}
        <Group gap="sm">
          {onRetry && !forbidden ? (
            <Button size="xs" variant="default" onClick={onRetry}>
              <FormattedMessage id="app.errors.retry" defaultMessage="Try again" />
            </Button>
          ) : null}
          {ABOUT_INSTANCE.has(error.kind) ? (
            <Button size="xs" variant="light" onClick={() => navigate('instances')}>
              <FormattedMessage id="app.errors.openInstances" defaultMessage="Open instance settings" />
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The instance works, but this part of the API is not among what its server offers (a seed-only, phpShort-like server). */
export function NotOffered({ message }: { message: string }) {
  return (
    <EmptyState py="xl" icon={<IconServer />} withIndicatorBackground data-testid="not-offered">
      <EmptyState.Title order={2}>
        <FormattedMessage id="app.notOffered.title" defaultMessage="Not offered by this server" />
      </EmptyState.Title>
      <EmptyState.Description>
        {message}{' '}
        <FormattedMessage id="app.notOffered.rest" defaultMessage="Its links and domains work as usual."
          description="After the server's message saying which part of the API it does not offer" />
      </EmptyState.Description>
    </EmptyState>
  );
}

export function LoadingState({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">{label ?? intl.formatMessage({ id: 'app.loading', defaultMessage: 'Loading…' })}</Text>
      </Group>
    </Center>
  );
}

export function NothingHere({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <EmptyState py="xl" title={title} description={description} data-testid="empty-state">
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
