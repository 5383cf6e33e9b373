// What a screen shows when there is nothing yet, nothing at all, or a failure.
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { IpcError } from '../../../../shared/contract.ts';
import { useRoute } from '../../state/route.ts';
import { IconServer } from '../Icons/Icons.tsx';

const TITLES: Partial<Record<IpcError['kind'], string>> = {
  'invalid-key': 'The API key was refused',
  'no-key': 'No API key stored',
  unreachable: 'The instance cannot be reached',
  timeout: 'The instance did not answer in time',
  tls: 'The secure connection failed',
  'not-linkdesk': 'This address does not speak the Linkdesk API',
  'rate-limited': 'Too many requests',
  keychain: 'The keychain is not available',
  'not-found': 'Not found',
  conflict: 'Conflict',
  server: 'The server had a problem',
  forbidden: 'Not allowed with this key',
};

const ABOUT_INSTANCE = new Set<IpcError['kind']>(['invalid-key', 'no-key', 'unreachable', 'timeout', 'tls', 'not-linkdesk', 'keychain', 'forbidden']);

/**
 * A failure; a resource the server does not offer is no failure, and trying again would not help.
 * `kept`: what was loaded before is still shown below, and the alert says so.
 */
export function ErrorState({ error, onRetry, kept = false }: { error: IpcError; onRetry?: () => void; kept?: boolean }) {
  const navigate = useRoute((s) => s.navigate);
  if (error.kind === 'unsupported') return <NotOffered message={error.message} />;
  const retryIn = error.retryAfterSeconds ? ` Try again in ${error.retryAfterSeconds} s.` : '';
  // The same key gets the same answer: trying again cannot help, another key can.
  const forbidden = error.kind === 'forbidden';
  return (
    <Alert color="red" variant="light" title={TITLES[error.kind] ?? 'Something went wrong'} role="alert" data-error-kind={error.kind} mb={kept ? 'sm' : undefined}>
      <Stack gap="sm">
        <Text size="sm">{error.message}{retryIn}</Text>
        {kept ? <Text size="sm" data-testid="kept-notice">Below is what was loaded last; it may be out of date.</Text> : null}
        <Group gap="sm">
          {onRetry && !forbidden ? <Button size="xs" variant="default" onClick={onRetry}>Try again</Button> : null}
          {ABOUT_INSTANCE.has(error.kind) ? (
            <Button size="xs" variant="light" onClick={() => navigate('instances')}>Open instance settings</Button>
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
      <EmptyState.Title order={2}>Not offered by this server</EmptyState.Title>
      <EmptyState.Description>{message} Its links and domains work as usual.</EmptyState.Description>
    </EmptyState>
  );
}

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">{label}</Text>
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
