// A process's memory as Linux reports it in /proc/<pid>/status, for the benchmarks that watch a server or the CLI.
import { readFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in kB (VmRSS: resident now; VmHWM: the most it was resident); 0 once the process has exited. */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
