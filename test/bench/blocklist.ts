// npm run bench:blocklist — the blocklist in memory with a URLhaus and a
// PhishTank list of 200,000 hosts each (plus manual *. entries and keywords):
// what it costs to read the files, to build the index, to hold it (heap), and
// to check a destination (µs per check, hits and misses, through hostOf).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildIndex } from '../../electron/server/abuse/blocklist.ts';
import { parseThreatList } from '../../electron/server/abuse/threat-lists.ts';
import type { BlockEntry } from '../../electron/server/db/repositories/blocklist-repository.ts';
import { record } from './ledger.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const base = heapMb();
const N = 200_000;
const urlhaus = ['# abuse.ch URLhaus Database Dump (CSV)', '# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter'];
for (let i = 0; i < N; i++) {
  urlhaus.push(`"${i}","2026-11-27 10:00:00","http://mal${i}.h${i % 997}.example:8080/bins/x.sh","online","","malware_download","elf","https://urlhaus.abuse.ch/url/${i}/","r"`);
}
const phishtank = ['phish_id,url,phish_detail_url,submission_time,verified,verification_time,online,target'];
for (let i = 0; i < N; i++) {
  phishtank.push(`${i},https://login-${i}.secure-${i % 503}.example/verify.php?id=${i},http://www.phishtank.com/phish_detail.php?phish_id=${i},2026-11-27T10:00:00+00:00,yes,2026-11-27T10:05:00+00:00,yes,Other`);
}
const texts = { urlhaus: `${urlhaus.join('\n')}\n`, phishtank: `${phishtank.join('\n')}\n` };

let t = performance.now();
let u: ReturnType<typeof parseThreatList> | null = parseThreatList(texts.urlhaus, 'urlhaus');
const parseUrlhausMs = performance.now() - t;
t = performance.now();
let p: ReturnType<typeof parseThreatList> | null = parseThreatList(texts.phishtank, 'phishtank');
const parsePhishtankMs = performance.now() - t;

// Through JSON, as rows from the database are: strings of their own, not slices that would keep the files alive.
const entries: BlockEntry[] = JSON.parse(JSON.stringify([
  ...u!.hosts.map((value) => ({ kind: 'host' as const, value, source: 'urlhaus' })),
  ...p!.hosts.map((value) => ({ kind: 'host' as const, value, source: 'phishtank' })),
  ...Array.from({ length: 1_000 }, (_, i) => ({ kind: 'host' as const, value: `*.wild${i}.example`, source: 'manual' })),
  ...['casino', 'viagra', 'free-money', 'crypto-doubler', 'loan-now'].map((value) => ({ kind: 'keyword' as const, value, source: 'manual' })),
])) as BlockEntry[];
delete (texts as Partial<typeof texts>).urlhaus;
delete (texts as Partial<typeof texts>).phishtank;
urlhaus.length = 0;
phishtank.length = 0;
t = performance.now();
const index = buildIndex(entries);
const buildMs = performance.now() - t;
entries.length = 0; // the index keeps its own maps only
u = null;
p = null;

// Destinations as users write them: mostly misses, some hits of each kind.
const urls: string[] = [];
for (let i = 0; i < 10_000; i++) {
  switch (i % 10) {
    case 0: urls.push(`http://mal${i * 7}.h${(i * 7) % 997}.example:8080/bins/x.sh`); break;
    case 1: urls.push(`https://LOGIN-${i * 3}.secure-${(i * 3) % 503}.example./verify.php`); break;
    case 2: urls.push(`https://a.b.wild${i % 1000}.example/page`); break;
    case 3: urls.push(`https://shop.example/${i}?utm_source=casino`); break;
    default: urls.push(`https://www.site${i}.example/blog/2026/11/a-post-about-things-${i}?ref=newsletter&utm_campaign=x`);
  }
}
let hits = 0;
for (const url of urls) if (index.matchUrl(url)) hits++; // warm up
const rounds = 30;
t = performance.now();
for (let r = 0; r < rounds; r++) for (const url of urls) if (index.matchUrl(url)) hits++;
const perCheckUs = ((performance.now() - t) * 1000) / (rounds * urls.length);

// Everything but the index (and 10,000 test URLs, about 1 MB) is garbage by now.
const heap = heapMb() - base;
console.log(`hosts: ${index.size.hosts}, keywords: ${index.size.keywords}; hits per round ${hits / (rounds + 1)} of ${urls.length}`);
console.log(`parse 200,000 URLhaus rows: ${parseUrlhausMs.toFixed(0)} ms, 200,000 PhishTank rows: ${parsePhishtankMs.toFixed(0)} ms`);
console.log(`index build: ${buildMs.toFixed(0)} ms, heap: ${heap.toFixed(1)} MB`);
console.log(`check: ${perCheckUs.toFixed(2)} µs per URL`);
record('blocklist: check (400k hosts)', perCheckUs, 'µs', 'lower');
record('blocklist: heap (400k hosts)', heap, 'MB', 'lower');
record('blocklist: index build (400k hosts)', buildMs, 'ms', 'lower');
record('blocklist: parse 200k URLhaus rows', parseUrlhausMs, 'ms', 'lower');
