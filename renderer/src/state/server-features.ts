// What the selected instance's server offers beyond the seed's domains and
// links. A server that accepted the key but has no /account (the connection
// check learns this) speaks only the seed: no spaces, pixels, account
// statistics, webhooks, or searching alias, URL and title at once. Until the
// check has answered, a Linkdesk server is assumed (the local one always is):
// the screens still say "not offered" if a call finds otherwise.
import { useInstances, type ReachState } from './instances-store.ts';

export interface ServerFeatures {
  /** Spaces, pixels, account statistics, webhooks, search_by=all. */
  linkdesk: boolean;
  /** The check has answered; false: `linkdesk` is the assumption above. */
  known: boolean;
}

export function featuresOf(reach: ReachState | undefined, kind: 'local' | 'remote' | undefined): ServerFeatures {
  if (kind === 'local') return { linkdesk: true, known: true };
  if (reach?.state === 'connected') return { linkdesk: reach.account !== null, known: true };
  return { linkdesk: true, known: false };
}

export function useServerFeatures(): ServerFeatures {
  return useInstances((s) => {
    const id = s.selectedId;
    const f = featuresOf(id ? s.reach[id] : undefined, s.instances.find((i) => i.id === id)?.kind);
    return f.linkdesk ? (f.known ? KNOWN_FULL : ASSUMED_FULL) : SEED_ONLY;
  });
}

// Stable objects: the selector's answer is compared by identity.
const KNOWN_FULL: ServerFeatures = { linkdesk: true, known: true };
const ASSUMED_FULL: ServerFeatures = { linkdesk: true, known: false };
const SEED_ONLY: ServerFeatures = { linkdesk: false, known: true };

/** Screens that need more than the seed's API, and what the sidebar says about them on a seed-only server. */
export const LINKDESK_ONLY_SCREENS: Partial<Record<string, string>> = {
  dashboard: 'account statistics',
  live: 'live clicks',
  spaces: 'spaces',
  pixels: 'pixels',
  webhooks: 'webhooks',
};
