// The updates.* calls: the settings' Updates section, Help → Check for updates
// through main, and the banner's Restart (the only way an update installs).
import type { UpdateView } from '../../shared/updates.ts';
import { ServiceError } from './errors.ts';
import type { Updates } from './updater.ts';
import type { UpdateSettings, UpdateStore } from './updater-store.ts';

const UNSUPPORTED = 'Updates work only in the installed app, not in one started from the project folder.';

export function createUpdateHandlers(store: UpdateStore, updates: Updates | null) {
  const view = (): UpdateView => ({
    status: updates?.status() ?? { state: 'off', message: UNSUPPORTED },
    ...store.get(),
    supported: updates !== null,
  });
  return {
    'updates.get': async (): Promise<UpdateView> => view(),
    'updates.configure': async (patch: Partial<UpdateSettings>): Promise<UpdateView> => {
      await store.update(patch);
      return view();
    },
    'updates.check': async (): Promise<UpdateView> => {
      if (!updates) throw new ServiceError('bad-request', UNSUPPORTED);
      await updates.check();
      return view();
    },
    /** The person's yes on the banner; false when nothing is ready to install. */
    'updates.install': async (): Promise<{ ok: boolean }> => ({ ok: updates?.install() ?? false }),
  };
}
