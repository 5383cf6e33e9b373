// The screens people move between: the sidebar and the command palette's "Go to".
// Which of them the selected instance offers depends on its server (seed-only
// servers lack spaces, pixels…) and on its key (an admin key manages users and
// reads the audit log; any other key manages its own keys).
import type { ReactNode } from 'react';
import { selectedInstance, useInstances } from '../../state/instances-store.ts';
import { useKeyAccess, type KeyAccess } from '../../state/key-access.ts';
import type { Screen } from '../../state/route.ts';
import { LINKDESK_ONLY_SCREENS, useServerFeatures } from '../../state/server-features.ts';
import {
  IconChart, IconFolder, IconHistory, IconKey, IconLink, IconPulse, IconSend, IconServer, IconSettings, IconTarget, IconUpload, IconUsers, IconWorld,
} from '../Icons/Icons.tsx';

export interface NavItem {
  screen: Screen;
  label: string;
  icon: ReactNode;
  /** Shown but not offered, and why. */
  unavailable?: string;
}

const SCREEN_NAV: readonly NavItem[] = [
  { screen: 'dashboard', label: 'Dashboard', icon: <IconChart /> },
  { screen: 'live', label: 'Live', icon: <IconPulse /> },
  { screen: 'links', label: 'Links', icon: <IconLink /> },
  { screen: 'domains', label: 'Domains', icon: <IconWorld /> },
  { screen: 'spaces', label: 'Spaces', icon: <IconFolder /> },
  { screen: 'pixels', label: 'Pixels', icon: <IconTarget /> },
  { screen: 'webhooks', label: 'Webhooks', icon: <IconSend /> },
  { screen: 'import', label: 'Import', icon: <IconUpload /> },
  { screen: 'users', label: 'Users & keys', icon: <IconUsers /> },
  { screen: 'activity', label: 'Activity', icon: <IconHistory /> },
  { screen: 'instances', label: 'Instances', icon: <IconServer /> },
  { screen: 'settings', label: 'Settings', icon: <IconSettings /> },
];

const MY_KEYS: NavItem = { screen: 'keys', label: 'My keys', icon: <IconKey /> };

/** The administration items for a key: `users` (or My keys) and `activity`, each offered or not with the reason. */
function accessItems(access: KeyAccess, instanceName: string): { keys: NavItem; activity: NavItem } {
  const [users, activity] = [SCREEN_NAV.find((i) => i.screen === 'users')!, SCREEN_NAV.find((i) => i.screen === 'activity')!];
  switch (access.state) {
    case 'not-offered':
      return {
        keys: { ...users, unavailable: `${instanceName} does not offer key management` },
        activity: { ...activity, unavailable: `${instanceName} does not offer an audit log` },
      };
    case 'admin': return { keys: users, activity };
    case 'member': return { keys: MY_KEYS, activity: { ...activity, unavailable: 'Only for admin keys' } };
    // Not known yet (or the key cannot be read): one's own keys, and the screens say what is wrong.
    default: return { keys: MY_KEYS, activity };
  }
}

export function useScreenNav(): NavItem[] {
  const features = useServerFeatures();
  const access = useKeyAccess();
  const instanceName = useInstances((s) => selectedInstance(s)?.name ?? 'this instance');
  const admin = accessItems(access, instanceName);
  return SCREEN_NAV.map((item) => {
    if (item.screen === 'users') return admin.keys;
    if (item.screen === 'activity') return admin.activity;
    // A seed-only server lacks these: shown, but disabled with the reason instead of leading to an empty screen.
    const missing = !features.linkdesk ? LINKDESK_ONLY_SCREENS[item.screen] : undefined;
    return missing ? { ...item, unavailable: `${instanceName} does not offer ${missing}` } : item;
  });
}
