// The palette's own Spotlight store, so the header button and the shortcut
// open this palette and nothing else.
import { createSpotlight, type SpotlightStore } from '@mantine/spotlight';

export const [paletteStore, palette] = createSpotlight();

export const PALETTE_LIST_ID = 'command-palette-actions';

/**
 * Spotlight highlights the first action when the text changes, but links
 * arrive later: keep the highlighted action if it is still shown, else
 * highlight the first, so Enter always does what the list shows.
 */
export function keepSelection(store: SpotlightStore) {
  const actions = [...(document.getElementById(PALETTE_LIST_ID)?.querySelectorAll('[data-action]') ?? [])];
  let index = actions.findIndex((a) => a.hasAttribute('data-selected'));
  if (index === -1 && actions[0]) {
    index = 0;
    actions[0].setAttribute('data-selected', 'true');
  }
  store.updateState((s) => ({ ...s, selected: index }));
}
