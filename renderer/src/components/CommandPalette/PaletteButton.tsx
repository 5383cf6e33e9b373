// The header's way into the command palette, and the hint that Ctrl/Cmd+K
// opens it from anywhere.
import { Button, Kbd } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { IconSearch } from '../Icons/Icons.tsx';
import { palette } from './palette-store.ts';

const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);

export function PaletteButton() {
  const intl = useIntl();
  return (
    <Button variant="default" leftSection={<IconSearch />} onClick={palette.open}
      rightSection={<Kbd size="xs" dir="ltr">{mac ? '⌘ K' : 'Ctrl K'}</Kbd>}
      aria-label={intl.formatMessage({ id: 'app.palette.button.label', defaultMessage: 'Command palette: find links, screens and actions' })} aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}>
      <FormattedMessage id="app.palette.button" defaultMessage="Search…" />
    </Button>
  );
}
