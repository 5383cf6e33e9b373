// One screen at a time, chosen by the hash. Each screen is its own chunk; the
// statistics screens (a link's, the dashboard) also pull in the charts, so
// they never load up front.
import { Suspense, lazy } from 'react';
import { useIntl } from 'react-intl';
import { ErrorState, LoadingState } from '../components/DataStates/DataStates.tsx';
import { useInstances } from '../state/instances-store.ts';
import { useRoute, type Screen } from '../state/route.ts';
import LinksScreen from './Links/LinksScreen.tsx';

const SCREENS: Record<Exclude<Screen, 'links' | 'quick'>, ReturnType<typeof lazy>> = {
  domains: lazy(() => import('./Domains/DomainsScreen.tsx')),
  spaces: lazy(() => import('./Spaces/SpacesScreen.tsx')),
  pixels: lazy(() => import('./Pixels/PixelsScreen.tsx')),
  webhooks: lazy(() => import('./Webhooks/WebhooksScreen.tsx')),
  import: lazy(() => import('./Import/ImportScreen.tsx')),
  users: lazy(() => import('./Access/UsersKeysScreen.tsx')),
  keys: lazy(() => import('./Access/MyKeysScreen.tsx')),
  activity: lazy(() => import('./Activity/ActivityScreen.tsx')),
  safety: lazy(() => import('./Safety/SafetyScreen.tsx')),
  instances: lazy(() => import('./Instances/InstancesScreen.tsx')),
  settings: lazy(() => import('./Settings/SettingsScreen.tsx')),
  stats: lazy(() => import('./Stats/StatsScreen.tsx')),
  dashboard: lazy(() => import('./Dashboard/DashboardScreen.tsx')),
  live: lazy(() => import('./Live/LiveScreen.tsx')),
};

export function ScreenRouter() {
  const intl = useIntl();
  const route = useRoute((s) => s.route);
  const { status, error, load } = useInstances();
  const Screen = route.screen === 'links' || route.screen === 'quick' ? LinksScreen : SCREENS[route.screen];

  // The instances and settings screens work even when the list of instances failed to load.
  if (route.screen !== 'instances' && route.screen !== 'settings') {
    if (status === 'loading') return <LoadingState label={intl.formatMessage({ id: 'app.router.connecting', defaultMessage: 'Connecting…' })} />;
    if (status === 'error' && error) return <ErrorState error={error} onRetry={() => void load()} />;
  }
  return (
    <Suspense fallback={<LoadingState />}>
      {/* Another instance needs no remount: every query is keyed by its instance. */}
      <Screen key={`${route.screen}:${route.id ?? ''}`} />
    </Suspense>
  );
}
