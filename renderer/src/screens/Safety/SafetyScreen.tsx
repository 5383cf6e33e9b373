// Safety (admins): visitors' reports, banned links, the blocklist and the
// threat lists, one tab each (arrow keys move between tabs). The tab is in
// the address, so a reload or a linkdesk:// address keeps it.
import { Tabs } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { ErrorState, NotOffered } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { useKeyAccess } from '../../state/key-access.ts';
import { useRoute } from '../../state/route.ts';
import { BansPanel } from './BansPanel.tsx';
import { BlocklistPanel } from './BlocklistPanel.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { SAFETY_TABS, type SafetyTab } from './safety-words.ts';
import { ThreatsPanel } from './ThreatsPanel.tsx';

const TAB_WORDS: Record<SafetyTab, MessageDescriptor> = defineMessages({
  reports: { id: 'app.safety.tab.reports', defaultMessage: 'Reports' },
  bans: { id: 'app.safety.tab.bans', defaultMessage: 'Banned links' },
  blocklist: { id: 'app.safety.tab.blocklist', defaultMessage: 'Blocklist' },
  threats: { id: 'app.safety.tab.threats', defaultMessage: 'Threat lists' },
});

export default function SafetyScreen() {
  const intl = useIntl();
  const keyAccess = useKeyAccess();
  const params = useRoute((s) => s.route.params);
  const setParams = useRoute((s) => s.setParams);
  const tab: SafetyTab = (SAFETY_TABS as readonly string[]).includes(params.tab ?? '') ? params.tab as SafetyTab : 'reports';
  const admin = keyAccess.state !== 'member' && keyAccess.state !== 'not-offered';

  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.safety.title', defaultMessage: 'Safety' })}
        description={intl.formatMessage({ id: 'app.safety.description', defaultMessage: 'Reports from visitors, banned links, the blocklist and the threat lists every link is checked against.' })} />
      {keyAccess.state === 'not-offered'
        ? <NotOffered message={intl.formatMessage({ id: 'app.safety.notOffered', defaultMessage: 'This server does not offer blocklists or bans.' })} />
        : null}
      {keyAccess.state === 'member' ? (
        <ErrorState error={{ kind: 'forbidden', message: intl.formatMessage({ id: 'app.safety.notAdmin', defaultMessage: 'This key lacks the admin scope: Safety is for admin keys.' }) }} />
      ) : null}
      {admin ? (
        <Tabs value={tab} onChange={(v) => v && setParams(v === 'reports' ? {} : { tab: v })} keepMounted={false}>
          <Tabs.List aria-label={intl.formatMessage({ id: 'app.safety.title', defaultMessage: 'Safety' })} mb="md">
            {SAFETY_TABS.map((t) => <Tabs.Tab key={t} value={t}>{intl.formatMessage(TAB_WORDS[t])}</Tabs.Tab>)}
          </Tabs.List>
          <Tabs.Panel value="reports"><ReportsPanel /></Tabs.Panel>
          <Tabs.Panel value="bans"><BansPanel /></Tabs.Panel>
          <Tabs.Panel value="blocklist"><BlocklistPanel /></Tabs.Panel>
          <Tabs.Panel value="threats"><ThreatsPanel /></Tabs.Panel>
        </Tabs>
      ) : null}
    </>
  );
}
