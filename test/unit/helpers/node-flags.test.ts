// The test processes run with --no-wasm-code-gc (vitest.config.ts): Node 24's V8
// aborts a process now and then where WebAssembly code is freed while another
// thread adds or drops compiled code (nodejs/node#66366).
import { expect, test } from 'vitest';

test('this test process runs without collection of WebAssembly code', () => {
  expect(process.execArgv).toContain('--no-wasm-code-gc');
});
