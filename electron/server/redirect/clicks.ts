// Click recording. A commit per click (with synchronous=FULL, an fsync each)
// would cap redirects at the disk's fsync rate, so ordinary clicks are
// collected and handed, every HAND_OFF_MS, to a sink (click-sinks.ts): a
// worker thread by default, or the request thread itself. Either way a click
// is in the database well within a second, and up to HAND_OFF_MS of clicks
// can be lost if the process is killed. Links with a click limit cannot wait:
// their click is spent and stored on the request thread before the visitor
// is answered, so the limit holds exactly, also across a crash.
import type { ClickRecord, ClickWriter, RedirectLink, RedirectRepository } from '../db/repositories/redirect-repository.ts';
import { inlineSink, workerSink } from './click-sinks.ts';

const HAND_OFF_MS = 250;
const MAX_BUFFER = 5000;

export type ClickWriterMode = 'worker' | 'inline';

export interface ClickRecorder {
  /** A click on a link without a click limit; stored within a few hundred ms. */
  add(click: ClickRecord): void;
  /** A click on a link with a click limit; false when the limit is already reached. */
  spend(click: ClickRecord): boolean;
  /** The rotation entry to serve now, moving the link's position on when `advance`. */
  rotate(link: RedirectLink, entries: number, advance: boolean): number;
  close(): Promise<void>;
}

export function createClickRecorder(
  repo: RedirectRepository, writer: ClickWriter, mode: ClickWriterMode, onError: (err: unknown) => void,
): ClickRecorder {
  const sink = mode === 'worker' ? workerSink(repo.file, writer, onError) : inlineSink(writer, onError);
  let buffer: ClickRecord[] = [];
  let gen = 0;
  // Links with clicks in batches handed off but maybe not stored yet.
  let inflight: { gen: number; ids: Set<number> }[] = [];
  // Rotation positions live here once a link has rotated; the database copy
  // (written with the clicks) is what a restart starts from.
  const rotation = new Map<number, number>();
  let rotated = new Map<number, number>();

  function handOff() {
    if (buffer.length === 0 && rotated.size === 0) return;
    gen += 1;
    const stored = sink.committed();
    inflight = inflight.filter((x) => x.gen > stored);
    inflight.push({ gen, ids: new Set(buffer.map((c) => c.link_id)) });
    sink.write({ gen, clicks: buffer, rotation: [...rotated] });
    buffer = [];
    rotated = new Map();
  }

  const timer = setInterval(handOff, HAND_OFF_MS);
  timer.unref();

  return {
    add(click) {
      buffer.push(click);
      if (buffer.length >= MAX_BUFFER) handOff();
    },

    spend(click) {
      // Clicks collected while the link had no limit count towards it now:
      // wait until they are in the database the limit is checked against.
      const id = click.link_id;
      if (buffer.some((c) => c.link_id === id)) handOff();
      const stored = sink.committed();
      inflight = inflight.filter((b) => b.gen > stored);
      const last = inflight.findLast((b) => b.ids.has(id));
      if (last) sink.waitFor(last.gen);
      // Waits (busy_timeout) if the worker is in the middle of a batch.
      return repo.spendLimitedClick(click);
    },

    rotate(link, entries, advance) {
      const at = (rotation.get(link.id) ?? link.rotation_next) % entries;
      if (advance) {
        rotation.set(link.id, (at + 1) % entries);
        rotated.set(link.id, (at + 1) % entries);
      }
      return at;
    },

    async close() {
      clearInterval(timer);
      handOff();
      await sink.close();
    },
  };
}
