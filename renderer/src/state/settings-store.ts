// The app's settings as this window last saw them; the theme follows them.
import { create } from 'zustand';
import type { CallArgs } from '../../../shared/contract.ts';
import type { SettingsView } from '../../../shared/native.ts';
import { api } from '../api/api.ts';

interface SettingsState {
  view: SettingsView | null;
  load(): Promise<SettingsView | null>;
  /** Saves a change; a refusal throws ApiFailure with the field's error and leaves `view` as it was. */
  update(patch: CallArgs<'settings.update'>): Promise<SettingsView>;
}

export const useSettings = create<SettingsState>((set) => ({
  view: null,
  async load() {
    try {
      const view = await api.settings.get();
      set({ view });
      return view;
    } catch {
      return null; // the screens still work with the default theme
    }
  },
  async update(patch) {
    const view = await api.settings.update(patch);
    set({ view });
    return view;
  },
}));
