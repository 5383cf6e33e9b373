// Titles are fetched after the create has answered, a few at a time (a bulk import schedules thousands);
// tests and shutdown can wait for them.
import type { FastifyBaseLogger } from 'fastify';
import type { TitleFetcher } from './title-fetcher.ts';

/** Title fetches in flight at once, and how many may wait behind them. */
const TITLE_FETCHES = 4;
const TITLE_QUEUE = 20_000;

export interface TitleQueue {
  /** Fetches the destination's title and stores it on the link, unless the URL changed meanwhile. */
  schedule(linkId: number, url: string): void;
  /** Resolves when every scheduled fetch has settled. */
  idle(): Promise<void>;
  /** Drops what has not started and waits for what has. */
  close(): Promise<void>;
}

export function createTitleQueue(
  titles: TitleFetcher | null,
  setTitle: (linkId: number, url: string, title: string) => Promise<unknown>,
  log: () => FastifyBaseLogger,
): TitleQueue {
  const pending = new Set<Promise<void>>();
  const queued: { run: () => Promise<void>; settle: () => void }[] = [];
  let fetching = 0;
  const next = () => {
    while (fetching < TITLE_FETCHES && queued.length) {
      const { run, settle } = queued.shift()!;
      fetching++;
      void run().finally(() => { fetching--; settle(); next(); });
    }
  };
  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return {
    schedule(linkId, url) {
      if (!titles) return;
      if (queued.length >= TITLE_QUEUE) return; // the link keeps no title rather than the server a backlog without end
      const p: Promise<void> = new Promise<void>((settle) => queued.push({
        settle,
        run: () => titles.fetchTitle(url)
          .then((title) => (title ? setTitle(linkId, url, title) : undefined))
          .then(() => undefined, (err: unknown) => log().warn({ err }, 'title fetch failed')),
      })).finally(() => pending.delete(p));
      pending.add(p);
      next();
    },
    idle,
    async close() {
      for (const q of queued.splice(0)) q.settle(); // not started: dropped, the fetches under way finish
      await idle();
    },
  };
}
