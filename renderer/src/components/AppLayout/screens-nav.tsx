// The screens people move between: the sidebar and the command palette's "Go to".
// Which of them the selected instance offers depends on its server (seed-only
// servers lack spaces, pixels…) and on its key (an admin key manages users and
// reads the audit log and keeps the server safe; any other key manages its own
// keys, and never sees Safety).
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { selectedInstance, useInstances } from '../../state/instances-store.ts';
import { useKeyAccess, type KeyAccess } from '../../state/key-access.ts';
import type { Screen } from '../../state/route.ts';
import { LINKDESK_ONLY_SCREENS, useServerFeatures } from '../../state/server-features.ts';
import {
  IconChart, IconFolder, IconHistory, IconKey, IconLink, IconPulse, IconSend, IconServer, IconSettings, IconShield, IconTarget, IconUpload, IconUsers, IconWorld,
} from '../Icons/Icons.tsx';
import { plain } from '../../i18n/plain.ts';

export interface NavItem {
  screen: Screen;
  label: string;
  icon: ReactNode;
  /** Shown but not offered, and why. */
  unavailable?: string;
  /** Other words the command palette finds it by. */
  keywords?: string;
}

const labels = plain(defineMessages({
  dashboard: { id: 'app.nav.dashboard', defaultMessage: 'Dashboard' },
  live: { id: 'app.nav.live', defaultMessage: 'Live' },
  links: { id: 'app.nav.links', defaultMessage: 'Links' },
  domains: { id: 'app.nav.domains', defaultMessage: 'Domains' },
  spaces: { id: 'app.nav.spaces', defaultMessage: 'Spaces' },
  pixels: { id: 'app.nav.pixels', defaultMessage: 'Pixels' },
  webhooks: { id: 'app.nav.webhooks', defaultMessage: 'Webhooks' },
  import: { id: 'app.nav.import', defaultMessage: 'Import' },
  users: { id: 'app.nav.users', defaultMessage: 'Users & keys' },
  activity: { id: 'app.nav.activity', defaultMessage: 'Activity' },
  safety: { id: 'app.nav.safety', defaultMessage: 'Safety' },
  instances: { id: 'app.nav.instances', defaultMessage: 'Instances' },
  settings: { id: 'app.nav.settings', defaultMessage: 'Settings' },
  keys: { id: 'app.nav.myKeys', defaultMessage: 'My keys' },
  safetyKeywords: {
    id: 'app.nav.safety.keywords',
    defaultMessage: 'blocklist bans banned reports abuse phishing threat safe browsing',
    description: 'Words (space-separated, not shown) the command palette also finds the Safety screen by; English ones are kept too.',
  },
}));

const unavailable = plain(defineMessages({
  keys: { id: 'app.nav.unavailable.keys', defaultMessage: '{instance} does not offer key management' },
  activity: { id: 'app.nav.unavailable.activity', defaultMessage: '{instance} does not offer an audit log' },
  safety: { id: 'app.nav.unavailable.safety', defaultMessage: '{instance} does not offer blocklists or bans' },
  adminOnly: { id: 'app.nav.unavailable.adminOnly', defaultMessage: 'Only for admin keys' },
  dashboard: { id: 'app.nav.unavailable.dashboard', defaultMessage: '{instance} does not offer account statistics' },
  live: { id: 'app.nav.unavailable.live', defaultMessage: '{instance} does not offer live clicks' },
  spaces: { id: 'app.nav.unavailable.spaces', defaultMessage: '{instance} does not offer spaces' },
  pixels: { id: 'app.nav.unavailable.pixels', defaultMessage: '{instance} does not offer pixels' },
  webhooks: { id: 'app.nav.unavailable.webhooks', defaultMessage: '{instance} does not offer webhooks' },
  thisInstance: { id: 'app.nav.thisInstance', defaultMessage: 'this instance', description: 'Stands for an instance whose name is not known yet, in "{instance} does not offer …"' },
}));

const ICONS: Partial<Record<Screen, ReactNode>> = {
  dashboard: <IconChart />, live: <IconPulse />, links: <IconLink />, domains: <IconWorld />, spaces: <IconFolder />, pixels: <IconTarget />,
  webhooks: <IconSend />, import: <IconUpload />, users: <IconUsers />, activity: <IconHistory />, safety: <IconShield />,
  instances: <IconServer />, settings: <IconSettings />, keys: <IconKey />,
};
const ORDER = ['dashboard', 'live', 'links', 'domains', 'spaces', 'pixels', 'webhooks', 'import', 'users', 'activity', 'safety', 'instances', 'settings'] as const;

function item(intl: IntlShape, screen: (typeof ORDER)[number] | 'keys'): NavItem {
  const nav: NavItem = { screen, label: intl.formatMessage(labels[screen]), icon: ICONS[screen] };
  if (screen === 'safety') {
    const words = intl.formatMessage(labels.safetyKeywords);
    nav.keywords = intl.locale.startsWith('en') ? words : `${words} ${labels.safetyKeywords.defaultMessage as string}`;
  }
  return nav;
}

/** The administration items for a key: `users` (or My keys), `activity` and `safety` (null: not listed), each offered or not with the reason. */
function accessItems(intl: IntlShape, access: KeyAccess, instance: string): { keys: NavItem; activity: NavItem; safety: NavItem | null } {
  const [users, activity, safety, myKeys] = [item(intl, 'users'), item(intl, 'activity'), item(intl, 'safety'), item(intl, 'keys')];
  const why = (m: MessageDescriptor) => intl.formatMessage(m, { instance });
  switch (access.state) {
    case 'not-offered':
      return {
        keys: { ...users, unavailable: why(unavailable.keys) },
        activity: { ...activity, unavailable: why(unavailable.activity) },
        safety: { ...safety, unavailable: why(unavailable.safety) },
      };
    case 'admin': return { keys: users, activity, safety };
    // Safety is the admins' alone: a member's key never lists it.
    case 'member': return { keys: myKeys, activity: { ...activity, unavailable: why(unavailable.adminOnly) }, safety: null };
    // Not known yet (or the key cannot be read): one's own keys, and the screens say what is wrong.
    default: return { keys: myKeys, activity, safety: null };
  }
}

export function useScreenNav(): NavItem[] {
  const intl = useIntl();
  const features = useServerFeatures();
  const access = useKeyAccess();
  const instanceName = useInstances((s) => selectedInstance(s)?.name) ?? intl.formatMessage(unavailable.thisInstance);
  const admin = accessItems(intl, access, instanceName);
  return ORDER.flatMap((screen): NavItem[] => {
    if (screen === 'users') return [admin.keys];
    if (screen === 'activity') return [admin.activity];
    if (screen === 'safety') return admin.safety ? [admin.safety] : [];
    const nav = item(intl, screen);
    // A seed-only server lacks these: shown, but disabled with the reason instead of leading to an empty screen.
    const missing = !features.linkdesk && LINKDESK_ONLY_SCREENS[screen] !== undefined && screen in unavailable;
    return [missing ? { ...nav, unavailable: intl.formatMessage(unavailable[screen as keyof typeof unavailable], { instance: instanceName }) } : nav];
  });
}
