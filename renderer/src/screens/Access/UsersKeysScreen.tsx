// Users & keys (admin keys): the instance's users on one tab, everyone's API
// keys on the other. Which tab is open lives in the address with its filters.
import { Tabs } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ErrorState, LoadingState, NotOffered } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { useKeyAccess } from '../../state/key-access.ts';
import { useRoute } from '../../state/route.ts';
import { useAllUsers } from './access-data.ts';
import { KeysPanel } from './KeysPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';

export default function UsersKeysScreen() {
  const intl = useIntl();
  const keyAccess = useKeyAccess();
  const tab = useRoute((s) => (s.route.params.tab === 'keys' ? 'keys' : 'users'));
  const setParams = useRoute((s) => s.setParams);
  const admin = keyAccess.state === 'admin';
  const everyone = useAllUsers(admin);

  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.usersKeys.title', defaultMessage: 'Users & keys' })}
        description={intl.formatMessage({ id: 'app.usersKeys.description', defaultMessage: 'Who may use this instance, and the API keys they use it with.' })} />
      {keyAccess.state === 'checking' ? <LoadingState label={intl.formatMessage({ id: 'app.keys.readingOwn', defaultMessage: 'Reading this app\'s key…' })} /> : null}
      {keyAccess.state === 'not-offered' ? <NotOffered message={keyAccess.message} /> : null}
      {keyAccess.state === 'unknown' ? <ErrorState error={keyAccess.error} /> : null}
      {keyAccess.state === 'member' ? (
        <ErrorState error={{ kind: 'forbidden', message: intl.formatMessage({ id: 'app.usersKeys.notAdmin', defaultMessage: 'This key lacks the admin scope: it can manage only its own keys, under My keys.' }) }} />
      ) : null}
      {admin ? (
        <Tabs value={tab} onChange={(t) => setParams(t === 'keys' ? { tab: 'keys' } : {})} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="users">{intl.formatMessage({ id: 'app.usersKeys.tab.users', defaultMessage: 'Users' })}</Tabs.Tab>
            <Tabs.Tab value="keys">{intl.formatMessage({ id: 'app.usersKeys.tab.keys', defaultMessage: 'Keys' })}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users">
            <UsersPanel everyone={everyone.data?.data ?? []} onShowKeys={(u) => setParams({ tab: 'keys', user_id: String(u.id) })} />
          </Tabs.Panel>
          <Tabs.Panel value="keys">
            <KeysPanel creator={keyAccess.key} users={everyone.data?.data ?? []} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </>
  );
}
