// The header's way into the command palette, and the hint that Ctrl/Cmd+K
// opens it from anywhere.
import { Button, Kbd } from '@mantine/core';
import { IconSearch } from '../Icons/Icons.tsx';
import { palette } from './palette-store.ts';

const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);

export function PaletteButton() {
  return (
    <Button variant="default" leftSection={<IconSearch />} onClick={palette.open}
      rightSection={<Kbd size="xs">{mac ? '⌘ K' : 'Ctrl K'}</Kbd>}
      aria-label="Command palette: find links, screens and actions" aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}>
      Search…
    </Button>
  );
}
