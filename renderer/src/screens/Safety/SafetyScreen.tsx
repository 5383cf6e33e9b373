// Safety (admins): visitors' reports, banned links, the blocklist and the
// threat lists, one tab each (arrow keys move between tabs). The tab is in
// the address, so a reload or a linkdesk:// address keeps it.
import { Tabs } from '@mantine/core';
import { ErrorState, NotOffered } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { useKeyAccess } from '../../state/key-access.ts';
import { useRoute } from '../../state/route.ts';
import { BansPanel } from './BansPanel.tsx';
import { BlocklistPanel } from './BlocklistPanel.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { SAFETY_TABS, type SafetyTab } from './safety-words.ts';
import { ThreatsPanel } from './ThreatsPanel.tsx';

const TAB_WORDS: Record<SafetyTab, string> = { reports: 'Reports', bans: 'Banned links', blocklist: 'Blocklist', threats: 'Threat lists' };

export default function SafetyScreen() {
  const keyAccess = useKeyAccess();
  const params = useRoute((s) => s.route.params);
  const setParams = useRoute((s) => s.setParams);
  const tab: SafetyTab = (SAFETY_TABS as readonly string[]).includes(params.tab ?? '') ? params.tab as SafetyTab : 'reports';
  const admin = keyAccess.state !== 'member' && keyAccess.state !== 'not-offered';

  return (
    <>
      <ScreenHeader title="Safety" description="Reports from visitors, banned links, the blocklist and the threat lists every link is checked against." />
      {keyAccess.state === 'not-offered' ? <NotOffered message="This server does not offer blocklists or bans." /> : null}
      {keyAccess.state === 'member' ? (
        <ErrorState error={{ kind: 'forbidden', message: 'This key lacks the admin scope: Safety is for admin keys.' }} />
      ) : null}
      {admin ? (
        <Tabs value={tab} onChange={(v) => v && setParams(v === 'reports' ? {} : { tab: v })} keepMounted={false}>
          <Tabs.List aria-label="Safety" mb="md">
            {SAFETY_TABS.map((t) => <Tabs.Tab key={t} value={t}>{TAB_WORDS[t]}</Tabs.Tab>)}
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
