// Ctrl/Cmd+K from anywhere, text fields included: jump to a screen, run an
// action, or find a link on the current instance and edit, copy or chart it.
import { Group, Kbd, Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Link } from '../../../../shared/api-types.ts';
import { openLinkDrawer } from '../../state/link-intent.ts';
import { useInstances } from '../../state/instances-store.ts';
import { useRoute } from '../../state/route.ts';
import { IconSearch } from '../Icons/Icons.tsx';
import classes from './CommandPalette.module.css';
import { LinkResults, type LinkChoices } from './LinkResults.tsx';
import { keepSelection, PALETTE_LIST_ID, paletteStore } from './palette-store.ts';
import { matches, useCommands } from './use-commands.tsx';
import { useLinkSearch } from './use-link-search.ts';
import { notify } from '../../notify.ts';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';

const GROUPS = ['Go to', 'Actions'] as const;
const m = plain(defineMessages({
  'Go to': { id: 'app.palette.group.goTo', defaultMessage: 'Go to' },
  Actions: { id: 'app.palette.group.actions', defaultMessage: 'Actions' },
  copied: { id: 'app.palette.copied', defaultMessage: 'Copied {url}' },
  copyFailed: { id: 'app.palette.copyFailed', defaultMessage: 'Could not copy' },
  results: { id: 'app.palette.results', defaultMessage: 'Results' },
  title: { id: 'app.palette.title', defaultMessage: 'Command palette' },
  searchLabel: { id: 'app.palette.search.label', defaultMessage: 'Search links, screens and actions' },
  searchPlaceholder: { id: 'app.palette.search.placeholder', defaultMessage: 'Search links, or go to a screen…' },
}));

async function copy(link: Link) {
  const intl = getIntl();
  try {
    await navigator.clipboard.writeText(link.short_url);
    notify({ color: 'teal', message: intl.formatMessage(m.copied, { url: link.short_url }) });
  } catch {
    notify({ color: 'red', title: intl.formatMessage(m.copyFailed), message: link.short_url });
  }
}

/**
 * Renders nothing; after the actions above it change (or re-render with the
 * same ids, which can drop Spotlight's highlight), keeps one highlighted for
 * Enter. A frame later, so it runs after Spotlight's own selection updates.
 */
function SelectionKeeper({ actions, version }: { actions: string; version: unknown }) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => keepSelection(paletteStore));
    return () => cancelAnimationFrame(frame);
  }, [actions, version]);
  return null;
}

const kbd = (chunks: React.ReactNode[]) => <Kbd size="xs" dir="ltr">{chunks}</Kbd>;

export function CommandPalette() {
  const intl = useIntl();
  const scrollableByKeyboard = { viewportProps: { tabIndex: 0, 'aria-label': intl.formatMessage(m.results) } } as object;
  const [text, setText] = useState('');
  const selectedId = useInstances((s) => s.selectedId);
  const commands = useCommands().filter((c) => matches(c, text));
  const found = useLinkSearch(text, selectedId);
  // An action runs once the palette has gone, so the focus the palette hands
  // back does not fight the screen or drawer the action opens.
  const pending = useRef<(() => void) | null>(null);
  const later = (run: () => void) => { pending.current = run; };
  const runPending = () => {
    const run = pending.current;
    pending.current = null;
    run?.();
  };
  // Spotlight clears the text once its closing transition has ended. Opened again before that (Esc and at once
  // Ctrl+K, or a busy machine late to end the transition), it would start with the old text: cleared here instead.
  const closing = useRef(false);
  const opened = () => {
    if (closing.current) setText('');
    closing.current = false;
    runPending();
  };
  const exited = () => {
    closing.current = false;
    runPending();
  };

  const choices: LinkChoices = {
    edit: (link) => later(() => openLinkDrawer(link)),
    copy: (link) => later(() => void copy(link)),
    stats: (link) => later(() => useRoute.getState().navigate('stats', { id: link.id })),
  };
  const shownLinks = found.state === 'done' ? found.links.map((l) => l.id) : [];

  return (
    <Spotlight.Root store={paletteStore} query={text} onQueryChange={setText} tagsToIgnore={[]} scrollable maxHeight={480}
      title={intl.formatMessage(m.title)} classNames={{ header: classes.title, action: classes.action }}
      // Opened again before it had gone: do what was chosen first.
      onSpotlightOpen={opened} onSpotlightClose={() => { closing.current = true; }}
      transitionProps={{ duration: 150, transition: 'pop', onExited: exited }}>
      <Spotlight.Search aria-label={intl.formatMessage(m.searchLabel)} placeholder={intl.formatMessage(m.searchPlaceholder)}
        leftSection={<IconSearch />} maxLength={255} />
      {/* When the list is taller than the palette it scrolls, and the keyboard can reach it to scroll it too
          (ActionsList passes its other props to its ScrollArea, whose types it does not declare). */}
      <Spotlight.ActionsList id={PALETTE_LIST_ID} {...scrollableByKeyboard}>
        {GROUPS.map((group) => {
          const items = commands.filter((c) => c.group === group);
          return items.length ? (
            <Spotlight.ActionsGroup key={group} label={intl.formatMessage(m[group])}>
              {items.map((c) => (
                <Spotlight.Action key={c.id} label={c.label} description={c.description} leftSection={c.icon} onClick={() => later(c.run)} />
              ))}
            </Spotlight.ActionsGroup>
          ) : null;
        })}
        <LinkResults found={found} text={text} choices={choices} />
        {!commands.length && found.state === 'idle' ? <Spotlight.Empty><FormattedMessage id="app.palette.empty" defaultMessage="Nothing matches" /></Spotlight.Empty> : null}
        <SelectionKeeper actions={[...commands.map((c) => c.id), ...shownLinks].join()} version={found} />
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="center">
          <Text size="xs" c="dimmed"><FormattedMessage id="app.palette.hint.move" defaultMessage="<kbd>↑</kbd> <kbd>↓</kbd> to move" values={{ kbd }} /></Text>
          <Text size="xs" c="dimmed"><FormattedMessage id="app.palette.hint.choose" defaultMessage="<kbd>Enter</kbd> to choose" values={{ kbd }} /></Text>
          <Text size="xs" c="dimmed"><FormattedMessage id="app.palette.hint.close" defaultMessage="<kbd>Esc</kbd> to close" values={{ kbd }} /></Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
