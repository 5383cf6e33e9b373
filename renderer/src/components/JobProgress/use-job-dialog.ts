// A dialog that asks main for something and then starts one job: busy while
// asking, the call's error to show, then the job and whether it has ended (a
// running job's dialog cannot be closed; Cancel is on its progress).
import { useState } from 'react';
import type { JobView } from '../../../../shared/transfer.ts';
import { toIpcError } from '../../api/api.ts';

export function useJobDialog() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs `ask` with busy and error handled; undefined when it failed (the error is shown). */
  const run = async <T>(ask: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await ask();
    } catch (e) {
      setError(toIpcError(e).message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return {
    jobId, ended, busy, error,
    closable: !jobId || ended,
    run,
    /** Starts the job `ask` answers with; its progress replaces the form. */
    start: (ask: () => Promise<JobView>) => run(async () => setJobId((await ask()).id)),
    markEnded: () => setEnded(true),
  };
}
