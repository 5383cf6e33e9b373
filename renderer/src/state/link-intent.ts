// A request from elsewhere in the app (the command palette) for the Links
// screen to open its drawer on a link, or on a new one. The screen owns the
// drawer, so it takes the request when it mounts, or at once if it is showing.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Link } from '../../../shared/api-types.ts';
import { useRoute } from './route.ts';

export type LinkIntent = Link | 'new';

const useIntent = create<{ subject: LinkIntent | null }>(() => ({ subject: null }));

/** Shows the Links screen with its drawer open on `subject`. */
export function openLinkDrawer(subject: LinkIntent) {
  useIntent.setState({ subject });
  // Already there: stay, with the filters as they are.
  if (useRoute.getState().route.screen !== 'links') useRoute.getState().navigate('links');
}

/** For the Links screen: opens its drawer when asked. */
export function useLinkIntent(open: (subject: LinkIntent) => void) {
  const subject = useIntent((s) => s.subject);
  useEffect(() => {
    if (!subject) return;
    useIntent.setState({ subject: null });
    open(subject);
  }, [subject, open]);
}
