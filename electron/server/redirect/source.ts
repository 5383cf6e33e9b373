// What the redirect routes read and write, on either engine. SQLite answers
// synchronously (an embedded file: a lookup is a function call); PostgreSQL
// answers from memory kept current by LISTEN, and goes to the database,
// asynchronously, only where it must (a rotation's turn, a click budget,
// pixels, a link not in memory yet). Values that may come either way are
// `Maybe`; `after` applies a step without a promise when there is none, so
// the SQLite path stays synchronous from the lookup to the answer.
import type { Store } from '../db/database.ts';
import type { PostgresStore } from '../db/postgres.ts';
import { createClickStore } from '../db/repositories/click-store.ts';
import { type ClickRecord } from '../db/repositories/click-rollup.ts';
import { createPgClickStore } from '../db/repositories/pg-click-store.ts';
import { createRedirectRepository, type RedirectDomain, type RedirectLink } from '../db/repositories/redirect-repository.ts';
import type { ClickGate } from './click-gate.ts';
import { createClickRecorder, type ClickWriterMode } from './clicks.ts';
import type { RawClick } from './enrich.ts';
import type { CountryLookup } from './geoip.ts';
import { createLinkCache, MAX_LINK_BYTES } from './link-cache.ts';
import { createPgBackpressure } from './pg-backpressure.ts';
import { createPgClickRecorder } from './pg-clicks.ts';
import { createPgRedirectSource } from './pg-source.ts';
import { createPgWorkerRecorder } from './pg-worker-recorder.ts';
import { compiledOf } from './rules.ts';

export type Maybe<T> = T | Promise<T>;

export function after<T, R>(v: Maybe<T>, f: (x: T) => Maybe<R>): Maybe<R> {
  return v instanceof Promise ? v.then(f) : f(v);
}

export interface RedirectSource {
  /** Before the lookups of a request: catches up with changes (SQLite reads its change feed). */
  sync(): void;
  /** After a request that may have written: the next redirect sees what it wrote. */
  touch(): void | Promise<void>;
  link(domainId: number, alias: string): Maybe<RedirectLink | undefined>;
  domain(host: string): RedirectDomain | undefined;
  rotate(linkId: number, entries: number, advance: boolean): Maybe<number>;
  clicks(linkId: number): Maybe<number>;
  pixels(linkId: number): Maybe<{ type: string; pixel_id: string }[]>;
  secret(name: string): Promise<Buffer>;
  /** True when rotate() answers synchronously (the fast path may take rotation links). */
  syncRotation: boolean;
  /**
   * SQLite warms its link cache between requests: `busy` says whether any are open now, and
   * `warmed` is called once the warm-up has stopped (no more need to ask).
   */
  start(between?: { busy: () => boolean; warmed: () => void }): Promise<void>;
  /** Clicks: add() for ordinary links, spend() for links with a click limit. */
  recorder: {
    add(click: RawClick): void;
    spend(click: ClickRecord): Maybe<boolean>;
    gate: ClickGate;
    /** Clicks answered and not yet stored, and redirects waiting for room (SQLite; PostgreSQL's writer bounds its own). */
    pending?(): { clicks: number; bytes: number; waiting: number; bound: number };
    /** SQLite: whether the writer thread is running now (it starts with work and stops when idle). */
    writerRunning?(): boolean;
    close(): Promise<void>;
  };
  close(): Promise<void>;
}

export interface SourceOptions {
  timeZone: string;
  geo: CountryLookup;
  geoipPath: string;
  /** The city database's files; none: no cities. */
  geoipCity: string[];
  retentionMs: number | null;
  clickWriter: ClickWriterMode;
  /** Links kept in memory on PostgreSQL (SQLite's cache is bounded by bytes instead, link-cache.ts). */
  capacity: number;
  onError(err: unknown, what: string): void;
  onDropped(count: number, total: number): void;
  /** The click writer fell behind and redirects started to wait for it. */
  onBehind(): void;
}

export function createRedirectSource(store: Store | PostgresStore, o: SourceOptions): RedirectSource {
  if (store.engine === 'postgres') {
    const pg = createPgRedirectSource(store, o.capacity, o.onError, (l) => compiledOf(l, o.timeZone));
    // Redirects wait while more clicks are answered than stored, rather than the writer dropping them.
    const backpressure = createPgBackpressure(o.onBehind);
    const clickOptions = {
      retentionMs: o.retentionMs, timeZone: o.timeZone, geoipPath: o.geoipPath, geoipCity: o.geoipCity,
      onError: (err: unknown) => o.onError(err, 'storing clicks failed; will retry'),
      onDropped: (count: number, total: number) => {
        backpressure.lost(count);
        o.onDropped(count, total);
      },
      onStored: backpressure.stored,
      onFailing: backpressure.failing,
      onLost: backpressure.lost,
    };
    // Enrichment and writes off the request thread, as on SQLite; 'inline' keeps them on it.
    const writer = o.clickWriter === 'worker'
      ? createPgWorkerRecorder(store, o.geo, clickOptions)
      : createPgClickRecorder(createPgClickStore(store.pool, o.timeZone), o.geo, clickOptions);
    const recorder = {
      gate: backpressure.gate,
      add(click: RawClick) {
        backpressure.added();
        writer.add(click);
      },
      spend: (click: ClickRecord) => writer.spend(click),
      async close() {
        await writer.close();
        backpressure.release();
      },
    };
    return {
      sync() {},
      touch: () => pg.settle(),
      link: (d, a) => pg.link(d, a),
      domain: (h) => pg.domain(h),
      rotate: (id, n, advance) => pg.rotate(id, n, advance),
      clicks: (id) => pg.clicks(id),
      pixels: (id) => pg.pixels(id),
      secret: (name) => pg.secret(name),
      syncRotation: false,
      start(between) {
        between?.warmed(); // PostgreSQL's links are looked up as they are asked for
        return pg.start();
      },
      recorder,
      async close() {
        await recorder.close();
        await pg.close();
      },
    };
  }
  const repo = createRedirectRepository(store);
  const cache = createLinkCache(repo, MAX_LINK_BYTES, (l) => compiledOf(l, o.timeZone));
  const clickStore = createClickStore(store.sqlite, o.timeZone);
  const recorder = createClickRecorder(clickStore, o.geo, o.clickWriter, {
    file: repo.file, timeZone: o.timeZone, geoipPath: o.geoipPath, geoipCity: o.geoipCity, retentionMs: o.retentionMs,
    onError: (err) => o.onError(err, 'storing clicks failed; will retry'),
    onBehind: o.onBehind,
  });
  return {
    sync: () => cache.sync(),
    touch() {
      cache.touch();
      // A change may leave upkeep behind (a deleted link's clicks to purge).
      recorder.wake();
    },
    link: (d, a) => cache.link(d, a),
    domain: (h) => cache.domain(h),
    rotate: (id, n, advance) => repo.rotate(id, n, advance),
    clicks: (id) => repo.clicks(id),
    pixels: (id) => repo.pixels(id),
    secret: (name) => repo.secret(name),
    syncRotation: true,
    async start(between) {
      cache.warm(between?.busy, between?.warmed);
      if (clickStore.upkeepDue(Date.now(), o.retentionMs)) recorder.wake();
    },
    recorder,
    async close() {
      cache.stop();
      await recorder.close();
    },
  };
}
