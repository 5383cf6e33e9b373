// Copy to another instance: the selected links read from the window's
// instance, turned into portable links (names, not ids) and written to the
// target as an import would write a file, with each source domain sent where
// the user mapped it (an existing target domain, the default, or a new domain
// created there). Passwords never leave an instance, so protected links arrive
// disabled and the report says which.
import type { Link, Pixel } from '../../../shared/api-types.ts';
import type { CopyPlan } from '../../../shared/transfer.ts';
import { fromApiLink } from '../../server/transfer/portable.ts';
import { runImport } from '../../server/transfer/import-run.ts';
import type { ImportSource } from '../../server/transfer/read.ts';
import type { ImportRow, OnConflict, Resolver } from '../../server/transfer/types.ts';
import type { ApiClient } from '../api-client.ts';
import type { JobControl } from '../jobs.ts';
import { instanceTarget } from './instance-target.ts';
import { readAll, readAllIfOffered, selectedLinks, type Selection } from './instance-source.ts';
import { fileDay } from '../../server/transfer/write.ts';
import { setReport } from './selection-report.ts';
import { t } from '../i18n/current.ts';
import { jobWords } from './job-messages.ts';

/** Source domain name ('' for the default domain) → target domain id, null (the default) or 'create'. */
export type DomainMap = Record<string, number | null | 'create'>;

/** Links written to the target per batch: small enough that progress moves and Pause is heard soon. */
const COPY_BATCH = 100;

export async function copyPlan(source: ApiClient, target: ApiClient, selection: Selection): Promise<CopyPlan> {
  const byDomain = new Map<string | null, number>();
  const spaces = new Set<string>();
  const pixels = new Set<string>();
  let links = 0;
  for await (const page of (await selectedLinks(source, selection)).pages()) {
    for (const l of page) {
      links++;
      const d = l.domain?.name ?? null;
      byDomain.set(d, (byDomain.get(d) ?? 0) + 1);
      if (l.space) spaces.add(l.space.name);
      for (const p of l.pixels) pixels.add(p.name);
    }
  }
  const [targetDomains, targetSpaces, targetPixels] = await Promise.all([
    readAll<{ id: number; name: string }>(target, '/domains'),
    readAllIfOffered<{ name: string }>(target, '/spaces'),
    readAllIfOffered<{ name: string }>(target, '/pixels'),
  ]);
  const has = (rows: { name: string }[]) => new Set(rows.map((r) => r.name));
  const spaceNames = has(targetSpaces);
  const pixelNames = has(targetPixels);
  return {
    domains: [...byDomain].map(([name, count]) => ({
      source: name,
      links: count,
      proposed: name === null ? null : targetDomains.find((d) => d.name === name)?.id ?? 'create',
    })),
    targetDomains: targetDomains.map((d) => ({ id: d.id, name: d.name })),
    createSpaces: [...spaces].filter((s) => !spaceNames.has(s)).sort(),
    createPixels: [...pixels].filter((p) => !pixelNames.has(p)).sort(),
    links,
  };
}

export interface CopyRun {
  source: ApiClient;
  target: ApiClient;
  selection: Selection;
  domainMap: DomainMap;
  onConflict: OnConflict;
}

/** Domains by the map; a source domain the map does not name goes to the target domain of the same name. */
function mappedResolver(base: Resolver, createDomain: (name: string) => Promise<number>, map: DomainMap): Resolver {
  const created = new Map<string, Promise<number>>();
  return {
    ...base,
    async domainId(name) {
      const to = map[name ?? ''];
      if (to === undefined) return name === null ? null : base.domainId(name);
      if (to !== 'create' || name === null) return to === 'create' ? null : to;
      let id = created.get(name);
      if (!id) {
        // Created once, however many links of the batch ask at the same time.
        id = createDomain(name).catch(async (err: unknown) => {
          const existing = await base.domainId(name);
          if (typeof existing === 'number') return existing;
          throw err;
        });
        created.set(name, id);
      }
      return id;
    },
  };
}

export async function runCopy(run: CopyRun, ctl: JobControl): Promise<void> {
  const selected = await selectedLinks(run.source, run.selection);
  ctl.progress({ total: selected.total, message: jobWords(t()).readingLinks() });
  // Whole definitions once, so a pixel the target lacks is created as it was here.
  const pixels = await readAllIfOffered<Pixel>(run.source, '/pixels');
  const target = instanceTarget(run.target);
  const aliases: string[] = [];
  const protectedAliases: string[] = [];

  async function* rows(): AsyncIterable<ImportRow> {
    for await (const page of selected.pages()) {
      for (const l of page as Link[]) {
        aliases.push(l.alias);
        if (l.password) protectedAliases.push(l.alias);
        yield { row: aliases.length, link: fromApiLink(l, pixels) };
      }
    }
  }
  const source: ImportSource = {
    format: 'linkdesk', detected: false, encoding: 'utf-8', delimiter: null, mapping: [], detectedMapping: [], missing: null,
    rows, count: async () => selected.total,
  };
  const result = await runImport({
    source,
    resolver: mappedResolver(target.resolver, target.createDomain, run.domainMap),
    sink: target.sink,
    onConflict: run.onConflict,
    batchSize: COPY_BATCH,
    checkpoint: () => ctl.checkpoint(),
    onBatch: (p) => ctl.progress({
      done: p.row, created: p.created, updated: p.updated, skipped: p.skipped, rejected: p.rejected, message: null,
    }),
  });
  ctl.progress({
    done: result.rows, created: result.created, updated: result.updated, skipped: result.skipped, rejected: result.rejected,
    message: protectedAliases.length
      ? jobWords(t()).protectedArrivedDisabled(protectedAliases.length)
      : null,
  });
  setReport(ctl, `linkdesk-copy-report-${fileDay()}.csv`, ['alias', 'field', 'reason'], [
    ...result.rejections.map((r) => [aliases[r.row - 1] ?? `row ${r.row}`, r.field, r.reason]),
    ...protectedAliases.map((a) => [a, 'password', 'Copied disabled: passwords never leave an instance. Set a password on the target, then enable the link.']),
  ]);
}
