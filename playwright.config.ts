import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright cannot download its own browsers here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

// The workers run servers with click-writer threads and undici's WebAssembly HTTP parser: without this flag Node 24's
// V8 can abort them when both meet (see vitest.config.ts's execArgv). The runner forks its workers with its own
// execArgv, read when it forks them.
if (!process.execArgv.includes('--no-wasm-code-gc')) process.execArgv.push('--no-wasm-code-gc');

export default defineConfig({
  outputDir: 'test-results/playwright',
  reporter: [['list']],
  // Two workers on two cores: each test has its own data folder, servers on port 0 and ports from fixtures.ts
  // (closedPort, freePort) that no other worker can be handed.
  workers: 2,
  // In CI a failed test runs once more; one that passes only then is reported
  // as flaky in the summary (not hidden). The retry is traced: tracing every run cost a fifth of each test's time
  // (links-list, paired: 176 and 198 s traced, 148 and 133 s not). A first failure keeps its error context and a
  // picture of where it stopped (fixtures.ts); `--trace on` traces a run by hand.
  retries: process.env.CI ? 1 : 0,
  use: { trace: 'on-first-retry' },
  // A test's time limit catches a hang; each assertion waits only for what it needs (expect.timeout below). Two
  // workers share two cores, and beside a second suite (four workers and their browsers on two cores, the retry
  // traced) a test takes two and a half times its quiet time: links-list's paging test, a minute alone, ran out of
  // 120 s twice there, each step just slower (a click 6-15 s). Several files had been given 240 s one by one.
  timeout: 240_000,
  // An assertion waits for what it needs up to 30 s (Playwright's default is 5): a loaded two-core machine renders a
  // screen after a server round trip in more than 5 s at times, and a screen that never shows still fails. Beside a
  // second suite (load average 12 on two cores) one step of a test now and then takes longer than 15 s: links-list's
  // "Last page" showed its 15 rows after 15 s in one run at 6eaa997, its other steps quick; at 35b79dc a 100-row page.
  expect: { timeout: 30_000 },
  projects: [
    // The production renderer, built once before the e2e workers start (they serve it from out/renderer).
    { name: 'renderer', testDir: 'test/e2e', testMatch: /renderer\.setup\.ts$/ },
    {
      name: 'e2e',
      testDir: 'test/e2e',
      dependencies: ['renderer'],
      use: { browserName: 'chromium', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }, viewport: { width: 1280, height: 860 } },
    },
    { name: 'electron', testDir: 'test/electron' },
  ],
});
