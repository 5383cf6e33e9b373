// My keys (any key that is not an admin's): the key this app uses, in words,
// and the user's own keys: create within this key's scopes, rename, revoke.
import { Alert, Code, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorState, LoadingState, NotOffered } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { fmt } from '../../format.ts';
import { useKeyAccess } from '../../state/key-access.ts';
import { KeysPanel } from './KeysPanel.tsx';
import { scopesPhrase } from './scope-words.ts';

export default function MyKeysScreen() {
  const intl = useIntl();
  const keyAccess = useKeyAccess();
  const key = keyAccess.state === 'admin' || keyAccess.state === 'member' ? keyAccess.key : null;

  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.myKeys.title', defaultMessage: 'My keys' })}
        description={intl.formatMessage({ id: 'app.myKeys.description', defaultMessage: 'Your API keys on this instance. A key you make can do no more than this app\'s own key.' })} />
      {keyAccess.state === 'checking' ? <LoadingState label={intl.formatMessage({ id: 'app.keys.readingOwn', defaultMessage: 'Reading this app\'s key…' })} /> : null}
      {keyAccess.state === 'not-offered' ? <NotOffered message={keyAccess.message} /> : null}
      {keyAccess.state === 'unknown' ? <ErrorState error={keyAccess.error} /> : null}
      {key ? (
        <>
          <Alert color="blue" variant="light" mb="md" title={intl.formatMessage({ id: 'app.reach.signedIn', defaultMessage: 'Signed in as {name}' }, { name: key.user.name })} data-testid="current-key">
            <Text size="sm">
              <FormattedMessage id="app.myKeys.current"
                defaultMessage="This app uses key <code>{prefix}</code>{named, select, true { ({name})} other {}}: it may {scopes}{domain, select, none {} other {, only on domain {domain}}}."
                description="scopes: what the key may do, e.g. read links, spaces, statistics; domain: a domain id, or none"
                values={{
                  prefix: key.prefix, named: String(Boolean(key.name)), name: key.name, scopes: scopesPhrase(intl, key.scopes),
                  domain: key.domain_id === null ? 'none' : String(key.domain_id), code: (c) => <Code>{c}</Code>,
                }} />
              {' '}
              {key.expires_at
                ? intl.formatMessage({ id: 'app.myKeys.expires', defaultMessage: 'It expires {when}.' }, { when: fmt.dateTime(key.expires_at) })
                : intl.formatMessage({ id: 'app.myKeys.noExpiry', defaultMessage: 'It does not expire.' })}
            </Text>
          </Alert>
          <KeysPanel creator={key} users={null} />
        </>
      ) : null}
    </>
  );
}
