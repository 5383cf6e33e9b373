// The screens people move between: the sidebar and the command palette's "Go to".
// Which of them the selected instance offers depends on its server (seed-only
// servers lack spaces, pixels…) and on its key (an admin key manages users and
// reads the audit log and keeps the server safe; any other key manages its own
// keys, and never sees Safety).
import type { ReactNode } from 'react';
import { selectedInstance, useInstances } from '../../state/instances-store.ts';
import { useKeyAccess, type KeyAccess } from '../../state/key-access.ts';
import type { Screen } from '../../state/route.ts';
import { LINKDESK_ONLY_SCREENS, useServerFeatures } from '../../state/server-features.ts';
import {
  IconChart, IconFolder, IconHistory, IconKey, IconLink, IconPulse, IconSend, IconServer, IconSettings, IconShield, IconTarget, IconUpload, IconUsers, IconWorld,
} from '../Icons/Icons.tsx';

export interface NavItem {
  screen: Screen;
  label: string;
  icon: ReactNode;
  /** Shown but not offered, and why. */
  unavailable?: string;
  /** Other words the command palette finds it by. */
  keywords?: string;
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
  { screen: 'safety', label: 'Safety', icon: <IconShield />, keywords: 'blocklist bans banned reports abuse phishing threat safe browsing' },
  { screen: 'instances', label: 'Instances', icon: <IconServer /> },
  { screen: 'settings', label: 'Settings', icon: <IconSettings /> },
];

const MY_KEYS: NavItem = { screen: 'keys', label: 'My keys', icon: <IconKey /> };

/** The administration items for a key: `users` (or My keys), `activity` and `safety` (null: not listed), each offered or not with the reason. */
function accessItems(access: KeyAccess, instanceName: string): { keys: NavItem; activity: NavItem; safety: NavItem | null } {
  const [users, activity, safety] = (['users', 'activity', 'safety'] as const).map((s) => SCREEN_NAV.find((i) => i.screen === s)!) as [NavItem, NavItem, NavItem];
  switch (access.state) {
    case 'not-offered':
      return {
        keys: { ...users, unavailable: `${instanceName} does not offer key management` },
        activity: { ...activity, unavailable: `${instanceName} does not offer an audit log` },
        safety: { ...safety, unavailable: `${instanceName} does not offer blocklists or bans` },
      };
    case 'admin': return { keys: users, activity, safety };
    // Safety is the admins' alone: a member's key never lists it.
    case 'member': return { keys: MY_KEYS, activity: { ...activity, unavailable: 'Only for admin keys' }, safety: null };
    // Not known yet (or the key cannot be read): one's own keys, and the screens say what is wrong.
    default: return { keys: MY_KEYS, activity, safety: null };
  }
}

export function useScreenNav(): NavItem[] {
  const features = useServerFeatures();
  const access = useKeyAccess();
  const instanceName = useInstances((s) => selectedInstance(s)?.name ?? 'this instance');
  const admin = accessItems(access, instanceName);
  return SCREEN_NAV.flatMap((item): NavItem[] => {
    if (item.screen === 'users') return [admin.keys];
    if (item.screen === 'activity') return [admin.activity];
    if (item.screen === 'safety') return admin.safety ? [admin.safety] : [];
    // A seed-only server lacks these: shown, but disabled with the reason instead of leading to an empty screen.
    const missing = !features.linkdesk ? LINKDESK_ONLY_SCREENS[item.screen] : undefined;
    return [missing ? { ...item, unavailable: `${instanceName} does not offer ${missing}` } : item];
  });
}
