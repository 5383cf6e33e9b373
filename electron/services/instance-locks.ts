// One change of an instance's key or address at a time. A rotation and a
// "Change address and key" of the same instance would each store a key the
// other did not expect (the old server's new key under the new address), so
// while one runs the other is refused in words, not queued: the person decides
// again once the first has finished. Requests to an instance wait while its
// address or key is being saved, and are then checked against what was saved
// (instance-clients.ts), so none leaves with the other side's key.
import { ServiceError } from './errors.ts';

/** What holds an instance: its key being rotated, its settings being saved, it being removed. */
export type InstanceWork = 'rotate' | 'change' | 'remove';

export interface InstanceLocks {
  /** Runs `work` as the instance's only key or address change; refused (409) while another runs. */
  exclusive<T>(id: string, work: InstanceWork, fn: () => Promise<T>): Promise<T>;
  /** Resolves when no save of the instance's settings (or its removal) is running, with the count of those begun so far. */
  settled(id: string): Promise<number>;
  /** How many saves or removals of the instance have begun: a request that read its key across a change reads again. */
  generation(id: string): number;
}

const RUNNING: Record<InstanceWork, string> = {
  rotate: "This instance's key is being rotated",
  change: "This instance's settings are being saved",
  remove: 'This instance is being removed',
};
const ASKED: Record<InstanceWork, string> = {
  rotate: 'rotate its key',
  change: 'save its settings again',
  remove: 'remove it',
};

function refusal(running: InstanceWork, asked: InstanceWork): ServiceError {
  // The message the app has always given a second rotation.
  const message = running === asked && asked === 'rotate' ? "This instance's key is being rotated already; wait for that to finish."
    : `${RUNNING[running]}${running === asked ? ' already' : ''}; ${running === asked ? 'wait for that to finish' : `${ASKED[asked]} once that has finished`}.`;
  return new ServiceError('conflict', message, { status: 409 });
}

export function createInstanceLocks(): InstanceLocks {
  const held = new Map<string, { work: InstanceWork; done: Promise<void> }>();
  const generations = new Map<string, number>();
  return {
    async exclusive(id, work, fn) {
      const running = held.get(id);
      if (running) throw refusal(running.work, work);
      let finish!: () => void;
      held.set(id, { work, done: new Promise<void>((r) => { finish = r; }) });
      if (work !== 'rotate') generations.set(id, (generations.get(id) ?? 0) + 1);
      try {
        return await fn();
      } finally {
        held.delete(id);
        finish();
      }
    },
    async settled(id) {
      for (let h = held.get(id); h && h.work !== 'rotate'; h = held.get(id)) await h.done;
      return generations.get(id) ?? 0;
    },
    generation: (id) => generations.get(id) ?? 0,
  };
}
