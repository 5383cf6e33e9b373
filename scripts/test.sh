#!/usr/bin/env bash
# The whole test suite: Vitest (server, services, real keychain) and then
# Playwright (screens in Chromium, and the Electron app where its binary exists),
# with a working keychain (see with-keyring.sh).
# Without arguments the message catalogs are checked first (scripts/i18n.mjs check:
# English as extracted, no message missing or unused, ICU that parses, arguments as English's).
# With arguments, only Vitest runs, on those paths (`scripts/test.sh test/services`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

# Every temporary file of the run (data folders, PostgreSQL clusters, browser profiles, child processes' own)
# goes into one folder, removed at the end however the run ends: a suite run many times leaves nothing in /tmp.
# Sticky and open like /tmp itself, for the PostgreSQL clusters run as the postgres user.
TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/linkdesk-tests-XXXXXX")"
chmod 1777 "$TMPDIR"
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

# kysely and zod bundled into a file each, which the test processes load instead (scripts/prebundle.mjs);
# a second or so, once per installed version.
node scripts/prebundle.mjs || echo "test: bundling kysely and zod failed; the tests load their packages (slower, same results)" >&2

if [ $# -gt 0 ]; then
  bash scripts/with-keyring.sh vitest run "$@"
  exit
fi
node scripts/i18n.mjs check
bash scripts/with-keyring.sh bash -c 'vitest run && playwright test'
