// Switching the instance this window works on, from the header's switcher or
// the command palette: the same screen, without the old instance's filters.
import { toIpcError } from '../api/api.ts';
import { getIntl } from '../i18n/current.ts';
import { notify } from '../notify.ts';
import { useInstances } from './instances-store.ts';
import { useRoute } from './route.ts';

export async function switchInstance(id: string): Promise<void> {
  try {
    // Filters hold ids of the old instance's spaces and domains: cleared first, so
    // the new instance's screen starts clean (or with what it remembers of that instance).
    const { route, navigate, setParams } = useRoute.getState();
    if (route.screen === 'stats') navigate('links');
    else setParams({});
    await useInstances.getState().select(id);
  } catch (e) {
    notify({ color: 'red', title: getIntl().formatMessage({ id: 'app.instanceSwitcher.failed', defaultMessage: 'Could not switch instance' }), message: toIpcError(e).message });
  }
}
