// A smaller run of `npm run fuzz` (test/fuzz): requests generated from the
// served OpenAPI document, valid, mutated, negative (breaking the document in
// one place) and positive (conforming throughout, edge values included), over
// both body encodings, plus every method each path lacks. On either engine: no
// 5xx, nothing the document does not describe, no negative data taken, no
// positive data refused (save by rules OpenAPI cannot declare), 405 with Allow.
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
const COUNT = Number(process.env.LINKDESK_FUZZ_COUNT ?? 800);
const SEED = Number(process.env.LINKDESK_FUZZ_SEED ?? 32);


it(`${COUNT} generated requests and every unsupported method: answers the document describes and its rules kept`, async () => {
  const { keys, renewKeys } = await fuzzKeys(s.store);
  await seedRecords(s.url, keys.admin);
  const report = await runFuzz({ url: s.url, keys, renewKeys }, { seed: SEED, count: COUNT });
  const text = formatReport(report);
  expect(report.requests).toBe(COUNT);
  const { checks } = report;
  expect(checks.not_a_server_error.findings, text).toBe(0);
  expect(checks.documented_answer.findings, text).toBe(0);
  expect(checks.negative_data_rejected.findings, text).toBe(0);
  expect(checks.positive_data_accepted.findings, text).toBe(0);
  const methods = report.findings.filter((f) => f.problem === 'unsupported method not 405').map((f) => f.operation);
  expect(methods, text).toEqual([]);
  expect(checks.unsupported_method.findings).toBe(0);
  // Each check judged requests of its own, and the run reached the handlers, not only the validators and the key check.
  expect(checks.negative_data_rejected.requests, text).toBeGreaterThan(COUNT / 8);
  expect(checks.positive_data_accepted.requests, text).toBeGreaterThan(COUNT / 8);
  expect(checks.unsupported_method.requests, text).toBeGreaterThan(50);
  expect(report.operationsWith2xx, text).toBeGreaterThanOrEqual(40);
}, Math.max(120_000, COUNT * 100));
