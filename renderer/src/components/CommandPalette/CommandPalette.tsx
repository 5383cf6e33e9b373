// Ctrl/Cmd+K from anywhere, text fields included: jump to a screen, run an
// action, or find a link on the current instance and edit, copy or chart it.
import { Group, Kbd, Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { useEffect, useRef, useState } from 'react';
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

const GROUPS = ['Go to', 'Actions'] as const;

async function copy(link: Link) {
  try {
    await navigator.clipboard.writeText(link.short_url);
    notify({ color: 'teal', message: `Copied ${link.short_url}` });
  } catch {
    notify({ color: 'red', title: 'Could not copy', message: link.short_url });
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

const SCROLLABLE_BY_KEYBOARD = { viewportProps: { tabIndex: 0, 'aria-label': 'Results' } } as object;

export function CommandPalette() {
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

  const choices: LinkChoices = {
    edit: (link) => later(() => openLinkDrawer(link)),
    copy: (link) => later(() => void copy(link)),
    stats: (link) => later(() => useRoute.getState().navigate('stats', { id: link.id })),
  };
  const shownLinks = found.state === 'done' ? found.links.map((l) => l.id) : [];

  return (
    <Spotlight.Root store={paletteStore} query={text} onQueryChange={setText} tagsToIgnore={[]} scrollable maxHeight={480}
      title="Command palette" classNames={{ header: classes.title, action: classes.action }}
      // Opened again before it had gone: do what was chosen first.
      onSpotlightOpen={runPending}
      transitionProps={{ duration: 150, transition: 'pop', onExited: runPending }}>
      <Spotlight.Search aria-label="Search links, screens and actions" placeholder="Search links, or go to a screen…"
        leftSection={<IconSearch />} maxLength={255} />
      {/* When the list is taller than the palette it scrolls, and the keyboard can reach it to scroll it too
          (ActionsList passes its other props to its ScrollArea, whose types it does not declare). */}
      <Spotlight.ActionsList id={PALETTE_LIST_ID} {...SCROLLABLE_BY_KEYBOARD}>
        {GROUPS.map((group) => {
          const items = commands.filter((c) => c.group === group);
          return items.length ? (
            <Spotlight.ActionsGroup key={group} label={group}>
              {items.map((c) => (
                <Spotlight.Action key={c.id} label={c.label} description={c.description} leftSection={c.icon} onClick={() => later(c.run)} />
              ))}
            </Spotlight.ActionsGroup>
          ) : null;
        })}
        <LinkResults found={found} text={text} choices={choices} />
        {!commands.length && found.state === 'idle' ? <Spotlight.Empty>Nothing matches</Spotlight.Empty> : null}
        <SelectionKeeper actions={[...commands.map((c) => c.id), ...shownLinks].join()} version={found} />
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="center">
          <Text size="xs" c="dimmed"><Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move</Text>
          <Text size="xs" c="dimmed"><Kbd size="xs">Enter</Kbd> to choose</Text>
          <Text size="xs" c="dimmed"><Kbd size="xs">Esc</Kbd> to close</Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
