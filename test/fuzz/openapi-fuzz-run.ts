// The fuzz itself: reads the OpenAPI document a running server serves, sends
// generated requests to it (127.0.0.1 only), holds every answer against the
// document and counts. Used by `npm run fuzz` and by its smaller Vitest run.
import { request as httpRequest } from 'node:http';
import { createConformance } from './conformance.ts';
import { judgePositive, refusedByItem } from './contract-judge.ts';
import { makeContractRequest, type ContractPlan } from './contract-requests.ts';
import { judgeMethod, methodProbes } from './method-check.ts';
import { createChecker } from './openapi-check.ts';
import { makeRequest, operationsOf, type FuzzRequest } from './openapi-requests.ts';
import { Rng, type Schema, type ValueContext } from './schema-values.ts';

export interface FuzzTarget {
  /** http://127.0.0.1:PORT */
  url: string;
  keys: { admin: string; member: string };
  /**
   * The fuzz may revoke its own key, or suspend, demote or delete its own user
   * (the API allows it); this gives it working keys again.
   */
  renewKeys(): Promise<{ admin: string; member: string }>;
}
export interface FuzzOptions {
  seed: number; count: number; timeLimitMs?: number; examplesPerFinding?: number;
  /** Shares of the negative and positive checks among the generated requests (the rest: mutations). */
  negativeShare?: number; positiveShare?: number;
}
/** A check's figures: requests it judged, findings, and (positive) refusals by rules OpenAPI cannot declare. */
export interface CheckCount { requests: number; findings: number; excused: Record<string, number> }
export interface Finding { operation: string; problem: string; status: number; kind: string; detail: string; request: string; answer: string }
export interface FuzzReport {
  seed: number; requests: number; byStatus: Record<number, number>; byKind: Record<string, number>; serverErrors: number; wronglyAccepted: number;
  findings: Finding[]; findingCount: number; timedOut: boolean; operations: number; operationsWith2xx: number; never2xx: string[];
  checks: Record<CheckName, CheckCount>; durationMs: number;
}
export type CheckName = 'not_a_server_error' | 'documented_answer' | 'negative_data_rejected' | 'positive_data_accepted' | 'unsupported_method';
const CHECKS: CheckName[] = ['not_a_server_error', 'documented_answer', 'negative_data_rejected', 'positive_data_accepted', 'unsupported_method'];

/** Longer than any answer takes, shorter than the server's own 30 s request timeout. */
const ANSWER_TIMEOUT_MS = 15_000;

interface Raw { status: number; contentType: string; text: string; allow?: string }

/** One request over a fresh connection (a refused header closes it), its whole answer. */
function send(base: URL, r: Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'body'>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // Content-Length always: Node's client sends a DELETE's body neither chunked nor with a length otherwise.
    const length = r.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(r.body)) };
    const headers = { ...r.headers, ...length, connection: 'close' };
    const req = httpRequest({ host: base.hostname, port: base.port, method: r.method, path: r.url, headers, agent: false }, (res) => {
      // An event stream (GET /stats/live) stays open: its status and media type are the answer.
      if (res.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        resolve({ status: 200, contentType: String(res.headers['content-type']), text: '' });
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8'), allow: res.headers.allow }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // A request the server never answers is a finding, and must not hold the run.
    req.setTimeout(ANSWER_TIMEOUT_MS, () => {
      req.destroy();
      resolve({ status: 0, contentType: '', text: `no answer within ${ANSWER_TIMEOUT_MS / 1000} s` });
    });
    req.end(r.body);
  });
}

/** The records an id field or parameter names (`id`: those of the route's own collection). */
const COLLECTIONS: Record<string, string> = {
  delivery_id: 'deliveries', user_id: 'users', to_user_id: 'users', domain_id: 'domains', domain: 'domains', space_id: 'spaces', pixel_id: 'pixels', stats: 'links',
};

/** The fields a 422 names (its `errors`, in the old shape and phpShort's alike). */
const errorFields = (text: string) => {
  try { return Object.keys((JSON.parse(text) as { errors?: object }).errors ?? {}); } catch { return []; }
};
const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

export async function runFuzz(target: FuzzTarget, opts: FuzzOptions): Promise<FuzzReport> {
  const base = new URL(target.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) throw new Error(`The fuzz only targets this machine, not ${base.hostname}.`);
  let keys = target.keys;
  const docAnswer = await send(base, { method: 'GET', url: '/api/v1/openapi.json', headers: { authorization: `Bearer ${keys.admin}` } });
  if (docAnswer.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${docAnswer.status}`);
  const doc = JSON.parse(docAnswer.text) as Schema;
  const ops = operationsOf(doc);
  const check = createChecker(doc);
  const conforms = createConformance(doc);
  const rng = new Rng(opts.seed);

  // Ids the server handed out, by collection, so most requests name records that exist.
  const seen = new Map<string, number[]>();
  let serial = 0;
  let route = '';
  const collectionOf = (name: string) => (name === 'id' ? (COLLECTIONS[route] ?? route) : (COLLECTIONS[name] ?? ''));
  const ctx: ValueContext = {
    rng, components: (doc.components?.schemas ?? {}) as Record<string, Schema>, serial: () => ++serial,
    idFor(name) {
      const known = seen.get(collectionOf(name));
      return known?.length && rng.chance(0.85) ? rng.pick(known) : rng.int(1, 6);
    },
  };
  const remember = (r: FuzzRequest, raw: Raw) => {
    if (raw.status >= 300 || !raw.contentType.includes('json')) return;
    let data: unknown;
    try { data = (JSON.parse(raw.text) as { data?: unknown }).data; } catch { return; }
    const parts = r.operation.path.split('/').filter((p) => p && !p.startsWith('{'));
    const collection = r.operation.path.endsWith('/test') ? 'deliveries' : parts[parts.length - 1] === 'bulk' ? 'links' : parts[parts.length - 1]!;
    for (const item of [data].flat()) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'number') {
        const list = seen.get(collection) ?? [];
        if (!list.includes(id)) list.push(id);
        if (list.length > 50) list.shift();
        seen.set(collection, list);
      }
    }
  };

  const started = Date.now();
  const report: FuzzReport = {
    seed: opts.seed, requests: 0, byStatus: {}, byKind: {}, serverErrors: 0, wronglyAccepted: 0, findings: [], findingCount: 0, timedOut: false, operations: ops.length, operationsWith2xx: 0, never2xx: [],
    checks: Object.fromEntries(CHECKS.map((c) => [c, { requests: 0, findings: 0, excused: {} }])) as Record<CheckName, CheckCount>, durationMs: 0,
  };
  const succeeded = new Set<string>();
  const examples = new Map<string, number>();
  const record = (name: string, checkName: CheckName, problem: string, status: number, kind: string, detail: string, request: string, answer: string) => {
    report.findingCount++;
    report.checks[checkName].findings++;
    const group = `${name} ${problem} ${status}`;
    const n = examples.get(group) ?? 0;
    examples.set(group, n + 1);
    if (n < (opts.examplesPerFinding ?? 2)) report.findings.push({ operation: name, problem, status, kind, detail: clip(detail), request, answer: clip(answer) });
  };

  // Unsupported methods: every path, every method it lacks, once.
  for (const p of methodProbes(doc)) {
    const raw = await send(base, { method: p.method, url: p.url, headers: { authorization: `Bearer ${keys.admin}`, accept: 'application/json' } });
    report.checks.unsupported_method.requests++;
    report.byStatus[raw.status] = (report.byStatus[raw.status] ?? 0) + 1;
    if (raw.status >= 500) { report.serverErrors++; report.checks.not_a_server_error.findings++; }
    const problem = judgeMethod(p, raw.status, raw.allow);
    if (problem) record(`${p.method} ${p.path}`, 'unsupported_method', 'unsupported method not 405', raw.status, 'method', `${problem} (documented: ${p.documented.join(', ')})`, `${p.method} ${p.url}`, raw.text);
  }
  const negativeShare = opts.negativeShare ?? 0.3;
  const positiveShare = opts.positiveShare ?? 0.3;
  // FUZZ_TRACE=/links/{id}: every request to operations so named, and its answer, on stderr.
  const trace = process.env.FUZZ_TRACE;
  for (let i = 0; i < opts.count; i++) {
    if (opts.timeLimitMs && Date.now() - started > opts.timeLimitMs) { report.timedOut = true; break; }
    const roll = rng.next();
    const contract = roll < negativeShare ? 'negative' : roll < negativeShare + positiveShare ? 'positive' : null;
    let r: FuzzRequest & { plan?: ContractPlan } | null = null;
    if (contract) {
      const op = rng.weighted(ops.map((o) => [o.method === 'POST' ? 3 : o.method === 'DELETE' ? 1 : 2, o] as const));
      route = op.path.split('/')[3] ?? '';
      r = makeContractRequest(contract, op, ctx, conforms);
    }
    r ??= makeRequest(rng, ops, ctx, (op) => { route = op.path.split('/')[3] ?? ''; });
    const key = r.auth === 'admin' ? keys.admin : r.auth === 'member' ? keys.member : r.auth === 'wrong' ? `ld_wrong${serial}` : null;
    if (key) r.headers.authorization = `Bearer ${key}`;
    const raw = await send(base, r);
    report.requests++;
    report.byStatus[raw.status] = (report.byStatus[raw.status] ?? 0) + 1;
    const kind = r.kind.split(' ')[0]!;
    report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
    const name = `${r.method} ${r.operation.path}`;
    if (raw.status < 300) succeeded.add(name);
    if (trace && name.includes(trace)) console.error(`${r.kind} ${r.auth} ${r.method} ${clip(r.url, 120)} ${clip(String(r.body ?? ''), 200)} -> ${raw.status} ${clip(raw.text, 200)}`);
    remember(r, raw);
    const body = r.body === undefined ? '' : ` ${r.headers['content-type'] ?? ''} ${clip(r.body.toString())}`;
    const shown = `${r.method} ${clip(r.url, 200)}${body}`;
    const found = (checkName: CheckName, problem: string, detail: string) => record(name, checkName, problem, raw.status, r.kind, detail, shown, raw.text);
    report.checks.not_a_server_error.requests++;
    report.checks.documented_answer.requests++;
    if (raw.status === 0) found('not_a_server_error', 'no answer', raw.text);
    else if (raw.status >= 500) { report.serverErrors++; found('not_a_server_error', 'server error', raw.text); }
    else {
      const verdict = check(r.operation, raw);
      if (verdict) found('documented_answer', verdict.problem, verdict.detail);
    }
    const plan = r.plan;
    if (plan?.check === 'negative') {
      report.checks.negative_data_rejected.requests++;
      if (raw.status < 300 && !refusedByItem(raw.status, raw.text)) { report.wronglyAccepted++; found('negative_data_rejected', 'negative data accepted', plan.violation ?? ''); }
      if (plan.proto && raw.status === 400) found('negative_data_rejected', 'valid JSON answered as unreadable', plan.violation ?? '');
    } else if (plan?.check === 'positive' && raw.status !== 0 && raw.status < 500) {
      const c = report.checks.positive_data_accepted;
      c.requests++;
      const onlyBody = raw.status === 422 && errorFields(raw.text).join() === 'body';
      const v = plan.padded && (raw.status === 413 || onlyBody) ? { excused: 'the form parameter limit (40,000), refused whole' }
        : judgePositive(raw.status, raw.text, plan.sent ?? new Set(), r.operation.path.includes('{') || /[?&][a-z_]*id=/.test(r.url));
      if (v.excused) c.excused[v.excused] = (c.excused[v.excused] ?? 0) + 1;
      if (v.finding) found('positive_data_accepted', `positive data rejected${plan.padded ? ' (1,000 or 40,001 form parameters)' : ''}`, v.finding);
    } else if (r.mustRefuse && raw.status < 300) { report.wronglyAccepted++; found('negative_data_rejected', 'accepted what it must refuse', raw.text); }
    // A valid key refused, or a change to users or keys that may have revoked, narrowed or restricted the fuzz's own: fresh keys.
    const ownKey = r.auth === 'admin' || r.auth === 'member';
    if ((ownKey && raw.status === 401) || (raw.status < 300 && r.method !== 'GET' && /\/(users|keys)/.test(r.operation.path))) keys = await target.renewKeys();
  }
  report.operationsWith2xx = succeeded.size;
  report.durationMs = Date.now() - started;
  report.never2xx = ops.map((o) => `${o.method} ${o.path}`).filter((o) => !succeeded.has(o));
  return report;
}

export function formatReport(r: FuzzReport): string {
  const lines = [
    `fuzz: seed ${r.seed}, ${r.requests} requests over ${r.operations} operations (${r.operationsWith2xx} answered 2xx at least once)${r.timedOut ? ', stopped at the time limit' : ''}`,
    `by status: ${Object.entries(r.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ')}`,
    `by mutation: ${Object.entries(r.byKind).sort(([, a], [, b]) => b - a).map(([k, n]) => `${k} ${n}`).join(', ')}`,
    ...(r.never2xx.length ? [`never 2xx: ${r.never2xx.join(', ')}`] : []),
    `${r.findingCount} findings in ${(r.durationMs / 1000).toFixed(1)} s; 5xx answers: ${r.serverErrors}; 2xx to requests that must be refused: ${r.wronglyAccepted}`,
    'by check (requests judged, findings):',
    ...Object.entries(r.checks).map(([name, c]) => `  ${name}: ${c.requests} requests, ${c.findings} findings${Object.keys(c.excused).length
      ? `; refusals by rules OpenAPI cannot declare: ${Object.entries(c.excused).map(([why, n]) => `${why} ${n}`).join(', ')}` : ''}`),
  ];
  for (const f of r.findings) lines.push(`  ${f.problem}: ${f.operation} -> ${f.status} (${f.kind}): ${f.detail}\n    request: ${f.request}\n    answer: ${f.answer}`);
  return lines.join('\n');
}
