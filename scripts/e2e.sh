#!/usr/bin/env bash
# The screens' end-to-end tests alone (Playwright project `e2e`) with the real
# keychain, as scripts/test.sh runs them. Extra arguments go to Playwright
# (`scripts/e2e.sh test/e2e/links-list.spec.ts -g "filters"`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
exec bash scripts/with-keyring.sh playwright test --project=e2e "$@"
