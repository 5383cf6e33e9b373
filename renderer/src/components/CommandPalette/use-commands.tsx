// What the palette offers besides links: the screens, and the actions that
// make sense from anywhere.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { openLinkDrawer } from '../../state/link-intent.ts';
import { useInstances } from '../../state/instances-store.ts';
import { useRoute } from '../../state/route.ts';
import { switchInstance } from '../../state/switch-instance.ts';
import { useScreenNav } from '../AppLayout/screens-nav.tsx';
import { IconPlus, IconServer } from '../Icons/Icons.tsx';
import { reachLabel } from '../ReachabilityBadge/ReachabilityBadge.tsx';
import { plain } from '../../i18n/plain.ts';

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

const m = plain(defineMessages({
  goToKeywords: { id: 'app.palette.goTo.keywords', defaultMessage: 'go to screen open', description: 'Words (not shown) the palette also finds every screen by' },
  newLink: { id: 'app.palette.newLink', defaultMessage: 'New link' },
  newLinkDescription: { id: 'app.palette.newLink.description', defaultMessage: 'Shorten a URL' },
  newLinkKeywords: { id: 'app.palette.newLink.keywords', defaultMessage: 'create add shorten', description: 'Words (not shown) the palette also finds "New link" by' },
  switchTo: { id: 'app.palette.switchInstance', defaultMessage: 'Switch to instance {name}' },
  switchDescription: { id: 'app.palette.switchInstance.description', defaultMessage: '{where} · {reach}' },
  thisComputer: { id: 'app.palette.thisComputer', defaultMessage: 'This computer' },
  switchKeywords: { id: 'app.palette.switchInstance.keywords', defaultMessage: 'change server', description: 'Words (not shown) the palette also finds an instance switch by' },
}));

export function useCommands(): Command[] {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  // Typed in English or in the app's language, either finds it.
  const words = (d: (typeof m)[keyof typeof m]) => (intl.locale === 'en' ? t(d) : `${t(d)} ${d.defaultMessage as string}`);
  const { instances, selectedId, reach } = useInstances();
  const navigate = useRoute((s) => s.navigate);
  const nav = useScreenNav();

  return [
    // Screens the server does not offer are not offered here either.
    ...nav.filter((s) => !s.unavailable).map((s): Command => ({
      id: `screen-${s.screen}`, group: 'Go to', label: s.label, icon: s.icon, keywords: `${words(m.goToKeywords)}${s.keywords ? ` ${s.keywords}` : ''}`, run: () => navigate(s.screen),
    })),
    { id: 'new-link', group: 'Actions', label: t(m.newLink), description: t(m.newLinkDescription), icon: <IconPlus />,
      keywords: words(m.newLinkKeywords), run: () => openLinkDrawer('new') },
    ...instances.filter((i) => i.id !== selectedId).map((i): Command => ({
      id: `switch-${i.id}`, group: 'Actions', label: intl.formatMessage(m.switchTo, { name: i.name }),
      description: intl.formatMessage(m.switchDescription, { where: i.kind === 'local' ? t(m.thisComputer) : i.baseUrl, reach: reachLabel(reach[i.id]) }),
      icon: <IconServer />, keywords: words(m.switchKeywords), run: () => void switchInstance(i.id),
    })),
  ];
}

/** Every word typed appears in the label, description or keywords. */
export function matches(command: Command, text: string): boolean {
  const haystack = `${command.label} ${command.description ?? ''} ${command.keywords ?? ''}`.toLowerCase();
  return text.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}
