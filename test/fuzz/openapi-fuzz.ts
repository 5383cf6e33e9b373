// npm run fuzz [-- --seed N --count N --time-limit SECONDS --rate-limit N --log]
// Starts a real server on 127.0.0.1 (a throw-away SQLite data folder, an admin
// and a member with keys), fuzzes it from its own OpenAPI document, prints the
// figures and exits 1 on any 5xx or answer the document does not describe.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../electron/server/app.ts';
import { openStore } from '../../electron/server/db/database.ts';
import { httpUrlOf } from '../../electron/server/util/address.ts';
import { fuzzKeys } from './fuzz-keys.ts';
import { formatReport, runFuzz } from './openapi-fuzz-run.ts';
import { seedRecords } from './seed-records.ts';

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '1' }, count: { type: 'string', default: '5000' }, 'time-limit': { type: 'string', default: '900' }, 'rate-limit': { type: 'string', default: '0' }, log: { type: 'boolean', default: false } },
});
const seed = Number(values.seed);
const count = Number(values.count);
const timeLimit = Number(values['time-limit']);
// Requests a minute per key (0: none); with a limit the fuzz meets 429s, and wrong keys meet the per-address limit.
const rateLimit = Number(values['rate-limit']);
if (!Number.isSafeInteger(rateLimit) || rateLimit < 0 || !Number.isSafeInteger(seed) || !Number.isSafeInteger(count) || count < 1 || count > 200_000 || !(timeLimit > 0)) {
  console.error('usage: npm run fuzz -- [--seed N] [--count 1..200000] [--time-limit SECONDS] [--rate-limit N] [--log]');
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-fuzz-'));
const store = await openStore(dataDir);
// No titles, health checks or webhook sending: nothing leaves this machine.
const app = await buildApp({
  store, webhooks: false, logger: values.log ? { level: 'error' } : false,
  config: { dataDir, fetchTitles: false, healthChecks: false, rateLimit },
});
let code = 1;
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = httpUrlOf(app.server.address() as AddressInfo);
  const { keys, renewKeys } = await fuzzKeys(store);
  await seedRecords(url, keys.admin);
  const report = await runFuzz({ url, keys, renewKeys }, { seed, count, timeLimitMs: timeLimit * 1000 });
  console.log(formatReport(report));
  code = report.findingCount === 0 && !report.timedOut ? 0 : 1;
} finally {
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
