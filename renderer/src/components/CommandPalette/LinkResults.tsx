// The palette's links: a few of the server's matches, each with what a user
// most often wants from a found link. Loading, "none" and errors are said here
// (and to screen readers), never thrown.
import { Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import type { Link } from '../../../../shared/api-types.ts';
import { formatCount } from '../../format.ts';
import { IconChart, IconCopy, IconEdit } from '../Icons/Icons.tsx';
import classes from './CommandPalette.module.css';
import type { LinkSearch } from './use-link-search.ts';

// A destination may be 2,048 characters long.
const oneLine = { action: classes.linkAction, actionBody: classes.body, actionDescription: classes.oneLine };

export interface LinkChoices {
  edit(link: Link): void;
  copy(link: Link): void;
  stats(link: Link): void;
}

function Status({ found, text }: { found: LinkSearch; text: string }) {
  if (found.state === 'loading') {
    return <Group gap="xs" px="md" py="xs"><Loader size="xs" /><Text size="sm" c="dimmed">Searching links…</Text></Group>;
  }
  if (found.state !== 'done') return null;
  if (!found.links.length) return <Text size="sm" c="dimmed" px="md" py="xs">No links match “{text.trim()}”</Text>;
  return <VisuallyHidden>{found.links.length === 1 ? '1 link found' : `${found.links.length} links found`}</VisuallyHidden>;
}

export function LinkResults({ found, text, choices }: { found: LinkSearch; text: string; choices: LinkChoices }) {
  if (found.state === 'idle') return null;
  return (
    <Spotlight.ActionsGroup label="Links">
      <div role="status"><Status found={found} text={text} /></div>
      {found.state === 'error' ? (
        <Text role="alert" size="sm" c="red" px="md" py="xs">Links could not be searched: {found.error.message}</Text>
      ) : null}
      {found.state === 'done' ? found.links.map((l) => (
        <div key={l.id} role="group" aria-label={`Link ${l.alias}`} className={classes.link} data-link={l.alias}>
          <Text size="sm" fw={700} px="md" pt={4} aria-hidden="true">{l.alias}</Text>
          <Spotlight.Action label="Edit link" description={l.url} leftSection={<IconEdit />}
            aria-label={`Edit link ${l.alias}`} classNames={oneLine} onClick={() => choices.edit(l)} />
          <Spotlight.Action label="Copy short URL" description={l.short_url} leftSection={<IconCopy />}
            aria-label={`Copy short URL ${l.short_url}`} classNames={oneLine} onClick={() => choices.copy(l)} />
          <Spotlight.Action label="Open statistics" description={`${formatCount(l.clicks)} clicks`} leftSection={<IconChart />}
            aria-label={`Open statistics of ${l.alias}`} classNames={oneLine} onClick={() => choices.stats(l)} />
        </div>
      )) : null}
    </Spotlight.ActionsGroup>
  );
}
