// The updates.* calls: the settings' Updates section, Help → Check for updates
// through main, and the banner's Restart (the only way an update installs).
// A new feed and an install each wait for main's own question (consent.ts):
// the renderer alone can do neither.
import type { UpdateView } from '../../shared/updates.ts';
import { requireConsent, type Confirm } from './consent.ts';
import { ServiceError } from './errors.ts';
import type { CallContext } from './handlers.ts';
import { um, type Updates } from './updater.ts';
import { t } from './i18n/current.ts';
import type { UpdateSettings, UpdateStore } from './updater-store.ts';


const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export interface UpdateHandlerDeps {
  store: UpdateStore;
  updates: Updates | null;
  /** Main's question (a native dialog; a stand-in in tests). */
  confirm: Confirm;
  /** The Linkdesk installed, named in the feed question. */
  version?: string;
}

export function createUpdateHandlers({ store, updates, confirm, version }: UpdateHandlerDeps) {
  const view = (): UpdateView => ({
    status: updates?.status() ?? { state: 'off', message: t().formatMessage(um.unsupported) },
    ...store.get(),
    supported: updates !== null,
  });
  return {
    'updates.get': async (): Promise<UpdateView> => view(),
    'updates.configure': async (patch: Partial<UpdateSettings>, ctx: CallContext): Promise<UpdateView> => {
      const before = store.get().feedUrl;
      const changed = patch.feedUrl !== undefined && patch.feedUrl !== before;
      // A new feed is main's question; removing the feed (no checks at all) is not.
      if (changed && patch.feedUrl) {
        await requireConsent(confirm, 'update-feed', {
          instance: 'Linkdesk', address: hostOf(patch.feedUrl), from: before ? hostOf(before) : null, version, windowId: ctx.windowId,
        });
      }
      // What came from the old feed goes before the new one is stored: nothing of it can install after.
      if (changed) await updates?.discard();
      await store.update(patch);
      return view();
    },
    'updates.check': async (): Promise<UpdateView> => {
      if (!updates) throw new ServiceError('bad-request', t().formatMessage(um.unsupported));
      await updates.check();
      return view();
    },
    /** The person's yes on the banner, then main's own question; false when nothing is ready to install. */
    'updates.install': async (_args: unknown, ctx: CallContext): Promise<{ ok: boolean }> => {
      const s = updates?.status();
      if (!updates || s?.state !== 'ready') return { ok: false };
      await requireConsent(confirm, 'update-install', { instance: 'Linkdesk', address: hostOf(store.get().feedUrl), version: s.version, windowId: ctx.windowId });
      // Only what was asked about: a feed changed while the dialog was open discarded it.
      return { ok: updates.install(s.version) };
    },
  };
}
