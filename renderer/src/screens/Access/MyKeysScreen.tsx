// My keys (any key that is not an admin's): the key this app uses, in words,
// and the user's own keys: create within this key's scopes, rename, revoke.
import { Alert, Code, Text } from '@mantine/core';
import { scopesInWords } from '../../../../shared/scopes.ts';
import { ErrorState, LoadingState, NotOffered } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { fmt } from '../../format.ts';
import { useKeyAccess } from '../../state/key-access.ts';
import { KeysPanel } from './KeysPanel.tsx';

export default function MyKeysScreen() {
  const keyAccess = useKeyAccess();
  const key = keyAccess.state === 'admin' || keyAccess.state === 'member' ? keyAccess.key : null;

  return (
    <>
      <ScreenHeader title="My keys" description="Your API keys on this instance. A key you make can do no more than this app's own key." />
      {keyAccess.state === 'checking' ? <LoadingState label="Reading this app's key…" /> : null}
      {keyAccess.state === 'not-offered' ? <NotOffered message={keyAccess.message} /> : null}
      {keyAccess.state === 'unknown' ? <ErrorState error={keyAccess.error} /> : null}
      {key ? (
        <>
          <Alert color="blue" variant="light" mb="md" title={`Signed in as ${key.user.name}`} data-testid="current-key">
            <Text size="sm">
              This app uses key <Code>{key.prefix}</Code>{key.name ? ` (${key.name})` : ''}: it may {scopesInWords(key.scopes)}
              {key.domain_id !== null ? `, only on domain ${key.domain_id}` : ''}.
              {' '}{key.expires_at ? `It expires ${fmt.dateTime(key.expires_at)}.` : 'It does not expire.'}
            </Text>
          </Alert>
          <KeysPanel creator={key} users={null} />
        </>
      ) : null}
    </>
  );
}
