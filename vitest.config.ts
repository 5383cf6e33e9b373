import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Two projects: everything on the embedded SQLite store, and the API and
// redirect integration suites again on PostgreSQL (a throw-away cluster
// started by test/helpers/postgres-global.ts; LINKDESK_TEST_ENGINE tells
// test/helpers/server.ts which store a test server gets).
/** The files whose runs share a process per worker (see `projects` below). */
const SHARED = ['test/unit/**/*.test.ts', 'test/integration/api/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one fewer than the cores: a single file at a time on two. The suite's files spend about half
    // their time waiting (child processes, servers, timers), so two at a time on two cores halves the run
    // (1,504 s -> 796 s measured, same failures: none).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A test's time limit catches a hang; what a test waits for it waits for by itself. 120 s: beside a second suite
    // a test that runs nine CLI processes one after another took 73 s, and one that starts three servers 34 s.
    testTimeout: 120_000,
    // expect.poll waits for what a test needs; Vitest's default of 1 s fails on a loaded machine (a second suite
    // beside this one) while what it waits for is on its way.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    reporters: ['default'],
    // Node 24's V8 can abort a process that frees WebAssembly code (undici's HTTP parser is WebAssembly) while
    // another thread of it adds or drops compiled code (the click writer's thread starting and stopping):
    // "Check failed: jit_page.has_value()" or a SIGSEGV (nodejs/node#66366, fixed in V8, not in Node 24.21). The
    // last two whole runs each lost a test process to a V8 crash, one to that check. Not collecting WebAssembly code
    // avoids it; the server runs so too (deploy/linkdesk.service).
    // And kysely and zod load from a bundled file each where scripts/test.sh built them (scripts/prebundle.mjs): three
    // isolated files took 33 s of CPU so against 37 s.
    execArgv: ['--no-wasm-code-gc', '--import', fileURLToPath(new URL('./scripts/use-prebundled.mjs', import.meta.url))],
    // Isolation: by default each test file runs in a fresh process, which imports the server's modules again (a
    // second of CPU or so a file). The unit tests and the in-process API suites close everything they start, so
    // their files share a process per worker ('sqlite-shared', and 'postgres'): the whole Vitest run took 1,254 s
    // isolated and 1,018 s so, on two quiet cores. The rest (CLI processes, services, storage, deploy, TLS, packaging) stay isolated:
    // shared, a property test of the PostgreSQL click store ran 15 times slower after other files in its process
    // (timed out at 120 s; 8 s alone), and two workers did not exit when done. The redirect suites on SQLite too:
    // shared, a CI run's worker died of SIGSEGV in clicks.test.ts (not reproduced in 8 runs here; each file's
    // servers start and stop click-writer threads; perhaps the V8 bug above, perhaps nodejs/node#62393).
    // `--project 'sqlite*'` runs both SQLite projects.
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/integration/**/*.test.ts', 'test/services/**/*.test.ts', 'test/dist/**/*.test.ts'],
          exclude: SHARED,
        },
      },
      {
        extends: true,
        test: { name: 'sqlite-shared', include: SHARED, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          isolate: false,
          include: ['test/integration/api/**/*.test.ts', 'test/integration/redirect/**/*.test.ts', 'test/integration/security/**/*.test.ts'],
          // click-sinks is about SQLite's writer thread, own-host-domains about rows an older SQLite release wrote;
          // consent-option runs `linkdesk serve` on a SQLite folder and title-charsets stores nothing (the option and
          // the decoding, the same on either engine).
          exclude: ['test/integration/redirect/click-sinks.test.ts', 'test/integration/security/own-host-domains.test.ts',
            'test/integration/redirect/consent-option.test.ts', 'test/integration/security/title-charsets.test.ts'],
          env: { LINKDESK_TEST_ENGINE: 'postgres' },
          globalSetup: ['test/helpers/postgres-global.ts'],
        },
      },
    ],
  },
});
