// The Playwright workers run the servers in-process: they run with
// --no-wasm-code-gc as the server does (playwright.config.ts, deploy/linkdesk.service).
import { expect, test } from '@playwright/test';

test('this worker runs without collection of WebAssembly code', () => {
  expect(process.execArgv).toContain('--no-wasm-code-gc');
});
