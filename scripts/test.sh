#!/usr/bin/env bash
# The whole test suite: Vitest (server, services, real keychain) and then
# Playwright (screens in Chromium, and the Electron app where its binary exists).
# With arguments, only Vitest runs, on those paths (`scripts/test.sh test/services`).
#
# Keychain tests need a Secret Service: when no session bus is running and dbus
# and gnome-keyring are installed, the suite runs inside a private D-Bus session
# with a gnome-keyring whose keyrings live in a throwaway folder, so tests never
# read or write the keyring of the person running them.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${LINKDESK_IN_DBUS:-}" ] && [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] \
   && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export LINKDESK_IN_DBUS=1
  exec dbus-run-session -- bash "$0" "$@"
fi
if [ -n "${LINKDESK_IN_DBUS:-}" ]; then
  keyrings="$(mktemp -d)"
  trap 'rm -rf "$keyrings"' EXIT
  # An empty password on stdin creates and unlocks a login keyring in that folder.
  if ! unlock="$(printf '\n' | XDG_DATA_HOME="$keyrings" gnome-keyring-daemon --unlock --components=secrets 2>&1)"; then
    echo "test.sh: gnome-keyring-daemon did not start; keychain tests will fail: $unlock" >&2
  fi
  eval "$(printf '%s\n' "$unlock" | grep '^GNOME_KEYRING_CONTROL=' || true)"
  export GNOME_KEYRING_CONTROL
fi

vitest run "$@"
if [ $# -eq 0 ] && [ -f playwright.config.ts ]; then
  playwright test
fi
