// The palette's links: a few of the server's matches, each with what a user
// most often wants from a found link. Loading, "none" and errors are said here
// (and to screen readers), never thrown.
import { Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Link } from '../../../../shared/api-types.ts';
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
    return <Group gap="xs" px="md" py="xs"><Loader size="xs" /><Text size="sm" c="dimmed"><FormattedMessage id="app.palette.links.searching" defaultMessage="Searching links…" /></Text></Group>;
  }
  if (found.state !== 'done') return null;
  if (!found.links.length) return <Text size="sm" c="dimmed" px="md" py="xs"><FormattedMessage id="app.palette.links.none" defaultMessage="No links match “{text}”" values={{ text: text.trim() }} /></Text>;
  return <VisuallyHidden><FormattedMessage id="app.palette.links.found" defaultMessage="{count, plural, one {# link found} other {# links found}}" values={{ count: found.links.length }} /></VisuallyHidden>;
}

export function LinkResults({ found, text, choices }: { found: LinkSearch; text: string; choices: LinkChoices }) {
  const intl = useIntl();
  if (found.state === 'idle') return null;
  return (
    <Spotlight.ActionsGroup label={intl.formatMessage({ id: 'app.palette.links.group', defaultMessage: 'Links' })}>
      <div role="status"><Status found={found} text={text} /></div>
      {found.state === 'error' ? (
        <Text role="alert" size="sm" c="red" px="md" py="xs">
          <FormattedMessage id="app.palette.links.error" defaultMessage="Links could not be searched: {message}" values={{ message: found.error.message }} />
        </Text>
      ) : null}
      {found.state === 'done' ? found.links.map((l) => (
        <div key={l.id} role="group" aria-label={intl.formatMessage({ id: 'app.palette.link.group', defaultMessage: 'Link {alias}' }, { alias: l.alias })} className={classes.link} data-link={l.alias}>
          <Text size="sm" fw={700} px="md" pt={4} aria-hidden="true">{l.alias}</Text>
          <Spotlight.Action label={intl.formatMessage({ id: 'app.palette.link.edit', defaultMessage: 'Edit link' })} description={l.url} leftSection={<IconEdit />}
            aria-label={intl.formatMessage({ id: 'app.palette.link.edit.label', defaultMessage: 'Edit link {alias}' }, { alias: l.alias })} classNames={oneLine} onClick={() => choices.edit(l)} />
          <Spotlight.Action label={intl.formatMessage({ id: 'app.palette.link.copy', defaultMessage: 'Copy short URL' })} description={l.short_url} leftSection={<IconCopy />}
            aria-label={intl.formatMessage({ id: 'app.palette.link.copy.label', defaultMessage: 'Copy short URL {url}' }, { url: l.short_url })} classNames={oneLine} onClick={() => choices.copy(l)} />
          <Spotlight.Action label={intl.formatMessage({ id: 'app.palette.link.stats', defaultMessage: 'Open statistics' })}
            description={intl.formatMessage({ id: 'app.palette.link.clicks', defaultMessage: '{count, plural, one {# click} other {# clicks}}' }, { count: l.clicks })} leftSection={<IconChart />}
            aria-label={intl.formatMessage({ id: 'app.palette.link.stats.label', defaultMessage: 'Open statistics of {alias}' }, { alias: l.alias })} classNames={oneLine} onClick={() => choices.stats(l)} />
        </div>
      )) : null}
    </Spotlight.ActionsGroup>
  );
}
