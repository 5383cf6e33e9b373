// How many calls are in flight: the header's progress bar reads it, so every
// long operation shows progress without each screen wiring its own.
import { create } from 'zustand';

interface Activity {
  pending: number;
  begin(): void;
  end(): void;
}

export const useActivity = create<Activity>((set) => ({
  pending: 0,
  begin: () => set((s) => ({ pending: s.pending + 1 })),
  end: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
}));
