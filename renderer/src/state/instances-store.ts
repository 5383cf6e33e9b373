// The instances this window can work on, which one is selected, and what we
// last learned about reaching each. Reachability is a union so every place
// that shows an instance handles "invalid key" and "unreachable" honestly.
import { create } from 'zustand';
import type { InstanceView, IpcError, Reachability } from '../../../shared/contract.ts';
import { api, onCallFailure, toIpcError } from '../api/api.ts';

export type ReachState = Reachability | { state: 'checking' } | { state: 'unknown' };

interface InstancesState {
  status: 'loading' | 'ready' | 'error';
  error: IpcError | null;
  instances: InstanceView[];
  selectedId: string | null;
  reach: Record<string, ReachState>;
  /** `silent` re-reads without showing a loading state (after a change the user made). */
  load(opts?: { silent?: boolean }): Promise<void>;
  check(id: string): Promise<Reachability | null>;
  checkAll(): Promise<void>;
  select(id: string): Promise<void>;
  /** After add or update: replace or append, then re-check it. */
  upsert(view: InstanceView): void;
  remove(id: string): Promise<void>;
}

export const useInstances = create<InstancesState>((set, get) => ({
  status: 'loading',
  error: null,
  instances: [],
  selectedId: null,
  reach: {},

  async load(opts = {}) {
    if (!opts.silent) set({ status: 'loading', error: null });
    try {
      const { instances, selectedId } = await api.instances.list();
      set({ status: 'ready', instances, selectedId });
      void get().checkAll();
    } catch (e) {
      set({ status: 'error', error: toIpcError(e) });
    }
  },

  async check(id) {
    set((s) => ({ reach: { ...s.reach, [id]: { state: 'checking' } } }));
    try {
      const r = await api.instances.check(id);
      set((s) => ({ reach: { ...s.reach, [id]: r } }));
      return r;
    } catch (e) {
      const err = toIpcError(e);
      const r: Reachability = { state: 'error', message: err.message, kind: err.kind };
      set((s) => ({ reach: { ...s.reach, [id]: r } }));
      return r;
    }
  },

  async checkAll() {
    await Promise.all(get().instances.map((i) => get().check(i.id)));
  },

  async select(id) {
    if (id === get().selectedId) return;
    const view = await api.instances.select(id);
    set((s) => ({
      selectedId: view.id,
      instances: s.instances.map((i) => (i.id === view.id ? view : i)),
    }));
    void get().check(view.id);
  },

  upsert(view) {
    set((s) => ({
      instances: s.instances.some((i) => i.id === view.id)
        ? s.instances.map((i) => (i.id === view.id ? view : i))
        : [...s.instances, view],
    }));
    void get().check(view.id);
  },

  async remove(id) {
    await api.instances.remove(id);
    // Removing the selected instance moves this window elsewhere; ask main where.
    const { instances, selectedId } = await api.instances.list();
    set((s) => {
      const reach = { ...s.reach };
      delete reach[id];
      return { instances, selectedId, reach };
    });
  },
}));

export const selectedInstance = (s: Pick<InstancesState, 'instances' | 'selectedId'>) =>
  s.instances.find((i) => i.id === s.selectedId) ?? null;

/** What a failed call says about the instance itself, if anything. */
function reachOf(error: IpcError): Reachability | null {
  switch (error.kind) {
    case 'invalid-key': return { state: 'invalid-key', message: error.message };
    case 'no-key': return { state: 'no-key', message: error.message };
    case 'unreachable': case 'timeout': return { state: 'unreachable', message: error.message, kind: error.kind };
    case 'tls': case 'not-linkdesk': return { state: 'error', message: error.message, kind: error.kind };
    default: return null;
  }
}

// A screen's call that fails for a reason about the instance itself updates
// the header at once, instead of waiting for the next check.
onCallFailure((name, error) => {
  if (name.startsWith('instances.') || name.startsWith('server.') || name === 'app.info') return;
  const reach = reachOf(error);
  const id = useInstances.getState().selectedId;
  if (!reach || !id) return;
  useInstances.setState((s) => ({ reach: { ...s.reach, [id]: reach } }));
});
