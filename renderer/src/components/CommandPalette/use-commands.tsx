// What the palette offers besides links: the screens, and the actions that
// make sense from anywhere.
import type { ReactNode } from 'react';
import { openLinkDrawer } from '../../state/link-intent.ts';
import { useInstances } from '../../state/instances-store.ts';
import { useRoute } from '../../state/route.ts';
import { switchInstance } from '../../state/switch-instance.ts';
import { useScreenNav } from '../AppLayout/screens-nav.tsx';
import { IconPlus, IconServer } from '../Icons/Icons.tsx';
import { reachLabel } from '../ReachabilityBadge/ReachabilityBadge.tsx';

export interface Command {
  id: string;
  group: 'Go to' | 'Actions';
  label: string;
  description?: string;
  icon: ReactNode;
  /** Other words a user might type for it. */
  keywords?: string;
  run(): void;
}



export function useCommands(): Command[] {
  const { instances, selectedId, reach } = useInstances();
  const navigate = useRoute((s) => s.navigate);
  const nav = useScreenNav();

  return [
    // Screens the server does not offer are not offered here either.
    ...nav.filter((s) => !s.unavailable).map((s): Command => ({
      id: `screen-${s.screen}`, group: 'Go to', label: s.label, icon: s.icon, keywords: `go to screen open${s.keywords ? ` ${s.keywords}` : ''}`, run: () => navigate(s.screen),
    })),
    { id: 'new-link', group: 'Actions', label: 'New link', description: 'Shorten a URL', icon: <IconPlus />,
      keywords: 'create add shorten', run: () => openLinkDrawer('new') },
    ...instances.filter((i) => i.id !== selectedId).map((i): Command => ({
      id: `switch-${i.id}`, group: 'Actions', label: `Switch to instance ${i.name}`,
      description: `${i.kind === 'local' ? 'This computer' : i.baseUrl} · ${reachLabel(reach[i.id])}`,
      icon: <IconServer />, keywords: 'change server', run: () => void switchInstance(i.id),
    })),
  ];
}

/** Every word typed appears in the label, description or keywords. */
export function matches(command: Command, text: string): boolean {
  const haystack = `${command.label} ${command.description ?? ''} ${command.keywords ?? ''}`.toLowerCase();
  return text.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}
