// Offline threat lists an operator loads without any key: URLhaus's CSV
// (comment lines start with #; id,dateadded,url,url_status,last_online,
// threat,tags,urlhaus_link,reporter), PhishTank's CSV (a header row:
// phish_id,url,phish_detail_url,submission_time,verified,verification_time,
// online,target) and a hosts file (`0.0.0.0 host`, `127.0.0.1 host`, a bare
// host a line, # comments). Each becomes a list of hosts: a list of whole URLs
// would miss every variant of the same page (another path, a query, a case),
// while the host is what a browser contacts. Hosts where one bad URL says
// nothing of the rest (shared file hosting, code hosting, known shorteners)
// are skipped and counted: blocking them would refuse every user's links there.
import { KNOWN_SHORTENERS } from './shorteners.ts';
import { canonicalHostEntry, hostOf } from './url-host.ts';

export const THREAT_FORMATS = ['urlhaus', 'phishtank', 'hosts'] as const;
export type ThreatFormat = (typeof THREAT_FORMATS)[number];

/** Hosts never blocked whole from a URL list (many users' unrelated files and pages live there). */
export const SHARED_HOSTS: readonly string[] = [
  ...KNOWN_SHORTENERS,
  'github.com', 'raw.githubusercontent.com', 'gist.github.com', 'gist.githubusercontent.com', 'objects.githubusercontent.com', 'gitlab.com', 'bitbucket.org',
  'drive.google.com', 'docs.google.com', 'sites.google.com', 'storage.googleapis.com', 'firebasestorage.googleapis.com', 'forms.gle',
  'dropbox.com', 'www.dropbox.com', 'dl.dropboxusercontent.com', 'onedrive.live.com', '1drv.ms', 'cdn.discordapp.com', 'discord.com',
  't.me', 'telegra.ph', 'pastebin.com', 'web.archive.org', 'ipfs.io', 's3.amazonaws.com', 'www.google.com', 'google.com',
];
/** Names a hosts file maps that are the machine itself, not a blocked site. */
const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'local', 'broadcasthost', 'ip6-localhost', 'ip6-loopback', '0.0.0.0']);

export interface ParsedList { hosts: string[]; read: number; skippedShared: number; unreadable: number }

function collect(values: Iterable<string | null>, read: () => number): ParsedList {
  const shared = new Set(SHARED_HOSTS);
  const hosts = new Set<string>();
  let skippedShared = 0;
  let unreadable = 0;
  for (const h of values) {
    if (h === null) unreadable++;
    else if (shared.has(h) || shared.has(h.replace(/^www\./, ''))) skippedShared++;
    else hosts.add(h);
  }
  return { hosts: [...hosts], read: read(), skippedShared, unreadable };
}

/**
 * Field `col` of one CSV line (RFC 4180 quoting: "a ""b""", commas inside
 * quotes), walking only as far as that field: these files are hundreds of
 * thousands of lines, of which one column is read. A URL holds no line break.
 */
export function csvField(line: string, col: number): string | null {
  let i = 0;
  for (let c = 0; ; c++) {
    let value = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q === -1) {
          value += line.slice(i);
          i = line.length;
          break;
        }
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      const comma = line.indexOf(',', i);
      if (c === col) return value.trim();
      if (comma === -1) return null;
      i = comma + 1;
    } else {
      const comma = line.indexOf(',', i);
      if (c === col) return (comma === -1 ? line.slice(i) : line.slice(i, comma)).trim();
      if (comma === -1) return null;
      i = comma + 1;
    }
  }
}

/** The url column of each record of a CSV, as hosts. */
function urlColumn(text: string, format: 'urlhaus' | 'phishtank'): ParsedList {
  // URLhaus's comments are whole lines starting with #; a # inside a URL is the URL's.
  const lines = text.split('\n');
  let first = 0;
  while (first < lines.length && (lines[first]!.startsWith('#') || !lines[first]!.trim())) first++;
  const header = (lines[first] ?? '').toLowerCase();
  let column = format === 'phishtank' ? 1 : 2;
  if (/(^|,)"?url"?(,|\r?$)/.test(header)) {
    for (let c = 0; ; c++) {
      const f = csvField(header, c);
      if (f === null) break;
      if (f.replace(/\r$/, '') === 'url') column = c;
    }
    first++;
  }
  let read = 0;
  function* hosts() {
    for (let i = first; i < lines.length; i++) {
      const line = lines[i]!;
      if (!line.trim() || line.startsWith('#')) continue;
      read++;
      const url = csvField(line.endsWith('\r') ? line.slice(0, -1) : line, column);
      yield url ? hostOf(url) : null;
    }
  }
  return collect(hosts(), () => read);
}

function hostsFile(text: string): ParsedList {
  let read = 0;
  function* hosts() {
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.replace(/#.*/, '').trim();
      if (!line) continue;
      const words = line.split(/\s+/);
      // `0.0.0.0 a b c` maps several names; a line of one word is a bare host.
      const names = words.length > 1 && /^[\d.:a-f]+$/i.test(words[0]!) && (words[0]!.includes('.') || words[0]!.includes(':')) ? words.slice(1) : words;
      for (const n of names) {
        if (LOCAL_NAMES.has(n.toLowerCase())) continue;
        read++;
        yield canonicalHostEntry(n);
      }
    }
  }
  return collect(hosts(), () => read);
}

export function parseThreatList(text: string, format: ThreatFormat): ParsedList {
  return format === 'hosts' ? hostsFile(text) : urlColumn(text.replace(/^\uFEFF/, ''), format);
}
