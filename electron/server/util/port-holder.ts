// Who listens on a TCP port, when the system tells: for the message a taken
// port gives (`linkdesk serve` on a port another process holds). Linux only,
// from /proc: the listening sockets of /proc/net/tcp{,6} with that port, and
// the process whose open files include one of them. Best-effort: another
// user's processes cannot be looked into, so they come back unnamed.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface PortHolder { pid: number; command: string }

const LISTEN = '0A';

/** The inodes of the sockets listening on `port` (any address). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try { text = readFileSync(table, 'utf8'); } catch { continue; }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== LISTEN) continue;
      const localPort = Number.parseInt(f[1]!.split(':')[1] ?? '', 16);
      if (localPort === port && f[9] !== '0') inodes.add(f[9]!);
    }
  }
  return inodes;
}

function commandOf(pid: string): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    if (argv.length) return argv.join(' ').slice(0, 200);
  } catch { /* gone, or not ours */ }
  try { return readFileSync(`/proc/${pid}/comm`, 'utf8').trim(); } catch { return ''; }
}

/** The processes holding `port` open for listening, as far as this user may see; [] where the system does not say. */
export function portHolders(port: number): PortHolder[] {
  if (process.platform !== 'linux') return [];
  const inodes = listeningInodes(port);
  if (!inodes.size) return [];
  const holders: PortHolder[] = [];
  let pids: string[];
  try { pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)); } catch { return []; }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try { fds = readdirSync(`/proc/${pid}/fd`); } catch { continue; }
    for (const fd of fds) {
      let target: string;
      try { target = readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { continue; }
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m && inodes.has(m[1]!)) {
        holders.push({ pid: Number(pid), command: commandOf(pid) });
        break;
      }
    }
  }
  return holders;
}

/** What `serve` says when its port is taken: which port, who holds it (when the system tells), and what to do. */
export function portTakenMessage(host: string, port: number, holders: PortHolder[] = portHolders(port)): string {
  const who = holders.length
    ? `, by ${holders.map((h) => `process ${h.pid}${h.command ? ` (${h.command})` : ''}`).join(' and ')}`
    : ' (the system does not say by which process)';
  return `port ${port} on ${host} is already in use${who}. Stop that process, or choose another port: `
    + '--port N (or LINKDESK_PORT=N; --port 0 picks a free one).';
}
