// A smaller run of `npm run fuzz` (test/fuzz): requests generated from the
// served OpenAPI document, valid and mutated, each answer held against the
// document. No 5xx, and nothing the document does not describe, on either engine.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fuzzKeys } from '../../fuzz/fuzz-keys.ts';
import { formatReport, runFuzz } from '../../fuzz/openapi-fuzz-run.ts';
import { seedRecords } from '../../fuzz/seed-records.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  // No webhook sending: the fuzz creates webhooks to public addresses.
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
});
afterAll(async () => s.close());

// LINKDESK_FUZZ_COUNT / LINKDESK_FUZZ_SEED: a longer run on both engines (`npm run fuzz` is SQLite only).
const COUNT = Number(process.env.LINKDESK_FUZZ_COUNT ?? 600);
const SEED = Number(process.env.LINKDESK_FUZZ_SEED ?? 32);

it(`${COUNT} generated requests: every answer is one the document describes, none a 5xx`, async () => {
  const { keys, renewKeys } = await fuzzKeys(s.store);
  await seedRecords(s.url, keys.admin);
  const report = await runFuzz({ url: s.url, keys, renewKeys }, { seed: SEED, count: COUNT });
  const text = formatReport(report);
  expect(report.requests).toBe(COUNT);
  expect(report.serverErrors, text).toBe(0);
  expect(report.findingCount, text).toBe(0);
  // It reached the handlers, not only the validators and the key check.
  expect(report.operationsWith2xx, text).toBeGreaterThanOrEqual(35);
}, Math.max(120_000, COUNT * 100));
