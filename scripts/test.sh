#!/usr/bin/env bash
# The whole test suite: Vitest (server, services, real keychain) and then
# Playwright (screens in Chromium, and the Electron app where its binary exists).
# Keychain tests need a Secret Service: when none is running and dbus and
# gnome-keyring are installed, the suite runs inside a private D-Bus session
# with an unlocked gnome-keyring.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${LINKDESK_IN_DBUS:-}" ] && [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] \
   && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export LINKDESK_IN_DBUS=1
  exec dbus-run-session -- bash "$0" "$@"
fi
if [ -n "${LINKDESK_IN_DBUS:-}" ]; then
  # An empty password on stdin creates and unlocks the login keyring.
  eval "$(printf '\n' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)" || true
  export GNOME_KEYRING_CONTROL
fi

vitest run "$@"
if [ -f playwright.config.ts ]; then
  playwright test
fi
