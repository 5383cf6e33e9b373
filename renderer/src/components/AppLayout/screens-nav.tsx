// The screens people move between: the sidebar and the command palette's "Go to".
import type { ReactNode } from 'react';
import type { Screen } from '../../state/route.ts';
import { IconChart, IconFolder, IconLink, IconSend, IconServer, IconSettings, IconTarget, IconUpload, IconWorld } from '../Icons/Icons.tsx';

export const SCREEN_NAV: readonly { screen: Screen; label: string; icon: ReactNode }[] = [
  { screen: 'dashboard', label: 'Dashboard', icon: <IconChart /> },
  { screen: 'links', label: 'Links', icon: <IconLink /> },
  { screen: 'domains', label: 'Domains', icon: <IconWorld /> },
  { screen: 'spaces', label: 'Spaces', icon: <IconFolder /> },
  { screen: 'pixels', label: 'Pixels', icon: <IconTarget /> },
  { screen: 'webhooks', label: 'Webhooks', icon: <IconSend /> },
  { screen: 'import', label: 'Import', icon: <IconUpload /> },
  { screen: 'instances', label: 'Instances', icon: <IconServer /> },
  { screen: 'settings', label: 'Settings', icon: <IconSettings /> },
];
