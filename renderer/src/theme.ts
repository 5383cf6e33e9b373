import { Badge, Drawer, Modal, Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';

const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white button text and links above 4.5:1 (shade 6 is 4.3:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Where the system asks for less motion, dialogs, drawers and menus appear without their fade and scale.
  respectReducedMotion: true,
  fontFamily: font,
  headings: { fontFamily: font },
  components: {
    // Their close buttons have no accessible name by default.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Toasts too; and their text under a title is gray 6 (3.3:1), dimmed is AA.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
    // A badge's label may shrink to nothing inside a table cell; ours are short words that must stay whole.
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } }),
  },
});

/**
 * Mantine's defaults miss WCAG AA contrast in places axe checks: dimmed text
 * (gray 6 on white, dark 2 on dark 7), error text (red 6 on white) and the text of light badges and alerts
 * (orange 6 on pale orange is 3.6:1). Darker shades here, one place for all.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(Object.keys(t.colors).map((c) => [
      `--mantine-color-${c}-light-color`, `color-mix(in srgb, var(--mantine-color-${c}-9) 78%, black)`,
    ])),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Links on a hovered or striped row (dark 5) need a lighter blue than indigo 4.
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
