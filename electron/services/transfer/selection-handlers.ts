// The contract's calls on a selection of links (chosen ids, or every link a
// list filter matches): bulk actions, export and copy to another instance.
// Each starts a job on the window's instance and answers at once with its
// view; the screens follow it through jobs.get.
import type { Pixel } from '../../../shared/api-types.ts';
import { exportFileName, exportText, EXPORT_MIME } from '../../server/transfer/write.ts';
import { fromApiLink } from '../../server/transfer/portable.ts';
import type { PortableLink } from '../../server/transfer/types.ts';
import type { ApiClient } from '../api-client.ts';
import { ServiceError } from '../errors.ts';
import type { CallContext, HandlerDeps } from '../handlers.ts';
import type { InstanceProfile, ProfileStore } from '../instance-profiles.ts';
import type { JobControl, Jobs } from '../jobs.ts';
import { runBulk } from './bulk-actions.ts';
import { t } from '../i18n/current.ts';
import { bulkTitle, exportTitle, jobWords } from './job-messages.ts';
import { copyPlan, runCopy } from './copy.ts';
import { countSelected, readAllIfOffered, selectedIds, selectedLinks, type Selection } from './instance-source.ts';

export interface SelectionDeps {
  jobs: Jobs;
  profiles: ProfileStore;
  clientFor(p: InstanceProfile): ApiClient;
  selectedId(windowId: number): string;
}

async function exportRun(client: ApiClient, selection: Selection, format: 'csv' | 'json', ctl: JobControl) {
  const selected = await selectedLinks(client, selection);
  ctl.progress({ total: selected.total });
  const pixels = await readAllIfOffered<Pixel>(client, '/pixels');
  let done = 0;
  async function* links(): AsyncIterable<PortableLink> {
    for await (const page of selected.pages()) {
      await ctl.checkpoint();
      for (const l of page) yield fromApiLink(l, pixels);
      done += page.length;
      ctl.progress({ done });
    }
  }
  const content = await exportText(links(), format);
  ctl.progress({ done, total: done, message: jobWords(t()).exported(done) });
  ctl.setFile({ name: exportFileName(format, new Date()), mime: EXPORT_MIME[format], content, rows: done });
}

export function createSelectionHandlers(d: SelectionDeps): HandlerDeps['selection'] {
  const profile = (id: string) => {
    const p = d.profiles.get(id);
    if (!p) throw new ServiceError('not-found', 'That instance no longer exists.');
    return p;
  };
  const current = (ctx: CallContext) => profile(d.selectedId(ctx.windowId));
  /** The window's instance and another one to copy to. */
  const pair = (ctx: CallContext, targetId: string) => {
    const source = current(ctx);
    if (targetId === source.id) throw new ServiceError('bad-request', 'Choose another instance to copy to: the links are already on this one.');
    return { source, target: profile(targetId) };
  };

  return {
    'links.bulk': async ({ selection, action }, ctx) => {
      const p = current(ctx);
      const client = d.clientFor(p);
      const n = await countSelected(client, selection);
      return d.jobs.start('bulk', bulkTitle(t(), action, n, p.name), async (ctl) => {
        ctl.progress({ total: n, message: jobWords(t()).findingLinks() });
        await runBulk(client, await selectedIds(client, selection), action, ctl);
      });
    },
    'transfer.export': async ({ format, selection }, ctx) => {
      const p = current(ctx);
      const client = d.clientFor(p);
      const what = selection ? ('ids' in selection ? { count: selection.ids.length } : 'filtered' as const) : 'all' as const;
      return d.jobs.start('export', exportTitle(t(), what, p.name, format.toUpperCase()),
        (ctl) => exportRun(client, selection ?? {}, format, ctl));
    },
    'transfer.copyPlan': async ({ targetInstanceId, selection }, ctx) => {
      const { source, target } = pair(ctx, targetInstanceId);
      return copyPlan(d.clientFor(source), d.clientFor(target), selection);
    },
    'transfer.copy': async ({ targetInstanceId, selection, domainMap, onConflict }, ctx) => {
      const { source, target } = pair(ctx, targetInstanceId);
      const run = { source: d.clientFor(source), target: d.clientFor(target), selection, domainMap, onConflict: onConflict ?? 'error' };
      const n = await countSelected(run.source, selection);
      return d.jobs.start('copy', jobWords(t()).copyTitle(n, source.name, target.name), (ctl) => runCopy(run, ctl));
    },
  };
}
