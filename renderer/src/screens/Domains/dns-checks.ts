// What the window last learned of each domain's DNS and HTTPS, per instance,
// and the background re-checks that keep it current at dns-pacing's pace.
// Kept for the window's life: leaving the screen and coming back shows the
// last answers at once and does not check again before its time.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Domain } from '../../../../shared/api-types.ts';
import type { DomainDns } from '../../../../shared/schemas/domain-dns.ts';
import type { IpcError } from '../../../../shared/contract.ts';
import { api, toIpcError } from '../../api/api.ts';
import { pacerFor, type CheckedState } from './dns-pacing.ts';

export interface DnsEntry {
  /** The last answer; kept while a new check runs and when one fails. */
  dns: DomainDns | null;
  /** Why the last check failed; null after an answer. */
  error: IpcError | null;
  checking: boolean;
  /** The last check brought the answer already shown (the server keeps a domain's answer a minute). */
  repeated?: boolean;
}

interface DnsChecks {
  byInstance: Record<string, Record<number, DnsEntry>>;
  /** `quiet`: the background's own check, kept out of the header's progress bar. */
  check(instanceId: string, domainId: number, opts?: { quiet?: boolean }): Promise<void>;
}

const EMPTY: DnsEntry = { dns: null, error: null, checking: false };

export const useDnsChecks = create<DnsChecks>((set, get) => {
  const put = (instanceId: string, domainId: number, patch: Partial<DnsEntry>) => set((s) => {
    const mine = s.byInstance[instanceId] ?? {};
    return { byInstance: { ...s.byInstance, [instanceId]: { ...mine, [domainId]: { ...(mine[domainId] ?? EMPTY), ...patch } } } };
  });
  return {
    byInstance: {},
    async check(instanceId, domainId, opts = {}) {
      if (get().byInstance[instanceId]?.[domainId]?.checking) return;
      pacerFor(instanceId).started(domainId);
      put(instanceId, domainId, { checking: true });
      try {
        const dns = await api.domains.dns(domainId, opts);
        const before = get().byInstance[instanceId]?.[domainId]?.dns;
        put(instanceId, domainId, { dns, error: null, checking: false, repeated: before?.checked_at === dns.checked_at });
      } catch (e) {
        put(instanceId, domainId, { error: toIpcError(e), checking: false });
      }
    },
  };
});

export function checkedState(e: DnsEntry | undefined): CheckedState | undefined {
  if (e?.error) return e.error.kind === 'unsupported' ? 'unsupported' : 'failed';
  return e?.dns?.status;
}

export function useDnsEntry(instanceId: string | null, domainId: number): DnsEntry | undefined {
  return useDnsChecks((s) => (instanceId ? s.byInstance[instanceId]?.[domainId] : undefined));
}

/** Checks the shown domains in the background: each once, then pending and wrong ones at dns-pacing's pace. */
export function useBackgroundDnsChecks(instanceId: string | null, domains: readonly Domain[], enabled: boolean) {
  const entries = useDnsChecks((s) => (instanceId ? s.byInstance[instanceId] : undefined));
  useEffect(() => {
    if (!enabled || !instanceId) return;
    // A check still out is not a candidate: its answer decides when the next is due.
    const candidates = domains.filter((d) => !entries?.[d.id]?.checking).map((d) => ({ id: d.id, state: checkedState(entries?.[d.id]) }));
    const next = pacerFor(instanceId).next(candidates);
    if (!next) return;
    const timer = setTimeout(() => void useDnsChecks.getState().check(instanceId, next.id, { quiet: true }), next.waitMs);
    return () => clearTimeout(timer);
  }, [instanceId, domains, entries, enabled]);
}
