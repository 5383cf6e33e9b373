// Hash routing: `#/links?status=1&page=2`, `#/links/12/stats`. The hash keeps
// a screen and its filters across reloads and works from file:// in Electron.
import { create } from 'zustand';

export type Screen = 'dashboard' | 'live' | 'links' | 'domains' | 'spaces' | 'pixels' | 'webhooks' | 'import' | 'users' | 'keys' | 'activity' | 'safety' | 'instances' | 'settings' | 'stats' | 'quick';
export type Params = Record<string, string>;
export interface Route { screen: Screen; id: number | null; params: Params }

// `quick` is the quick-shorten window's own page, without the app's frame.
const SCREENS: readonly Screen[] = ['dashboard', 'live', 'links', 'domains', 'spaces', 'pixels', 'webhooks', 'import', 'users', 'keys', 'activity', 'safety', 'instances', 'settings', 'quick'];

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  const params: Params = Object.fromEntries(new URLSearchParams(search));
  const parts = path.split('/').filter(Boolean);
  const stats = /^links\/(\d+)\/stats$/.exec(parts.join('/'));
  if (stats) return { screen: 'stats', id: Number(stats[1]), params };
  const screen = SCREENS.find((s) => s === parts[0]) ?? 'links';
  return { screen, id: null, params: screen === parts[0] ? params : {} };
}

export function formatHash(route: Pick<Route, 'screen' | 'id'> & { params?: Params }): string {
  const path = route.screen === 'stats' ? `links/${route.id}/stats` : route.screen;
  const search = new URLSearchParams(Object.entries(route.params ?? {}).filter(([, v]) => v !== '')).toString();
  return `#/${path}${search ? `?${search}` : ''}`;
}

interface RouteState {
  route: Route;
  /** A new history entry: moving to another screen. */
  navigate(screen: Screen, opts?: { id?: number; params?: Params }): void;
  /** Same screen, new filters: replaces the entry so Back leaves the screen. */
  setParams(params: Params): void;
}

export const useRoute = create<RouteState>((set, get) => ({
  route: parseHash(window.location.hash),
  navigate(screen, opts = {}) {
    const hash = formatHash({ screen, id: opts.id ?? null, params: opts.params });
    if (window.location.hash === hash) return;
    window.location.hash = hash;
  },
  setParams(params) {
    const { route } = get();
    const hash = formatHash({ ...route, params });
    window.history.replaceState(null, '', hash);
    set({ route: parseHash(hash) });
  },
}));

window.addEventListener('hashchange', () => useRoute.setState({ route: parseHash(window.location.hash) }));
