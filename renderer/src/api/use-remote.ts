// Loads server data for a screen: keeps the last answer while a new one loads
// (so a table does not flash empty between pages) and drops answers that
// arrive after a newer request.
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import type { IpcError } from '../../../shared/contract.ts';
import { toIpcError } from './api.ts';

export interface Remote<T> {
  data: T | undefined;
  error: IpcError | null;
  /** True while a request is out, including the first. */
  loading: boolean;
  reload(): void;
}

export function useRemote<T>(load: () => Promise<T>, deps: DependencyList): Remote<T> {
  const [state, setState] = useState<{ data: T | undefined; error: IpcError | null; loading: boolean }>({
    data: undefined, error: null, loading: true,
  });
  const [version, setVersion] = useState(0);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current().then(
      (data) => { if (mine === seq.current) setState({ data, error: null, loading: false }); },
      (e: unknown) => { if (mine === seq.current) setState({ data: undefined, error: toIpcError(e), loading: false }); },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
