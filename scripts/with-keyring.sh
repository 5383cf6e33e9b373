#!/usr/bin/env bash
# Runs a command where the OS keychain works for tests: when no session bus is
# running and dbus and gnome-keyring are installed, inside a private D-Bus
# session with a gnome-keyring whose keyrings live in a throwaway folder, so
# tests never read or write the keyring of the person running them.
# Elsewhere (macOS, Windows, a desktop session) the command runs as it is.
set -euo pipefail

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
    echo "with-keyring.sh: gnome-keyring-daemon did not start; keychain tests will fail: $unlock" >&2
  fi
  eval "$(printf '%s\n' "$unlock" | grep '^GNOME_KEYRING_CONTROL=' || true)"
  export GNOME_KEYRING_CONTROL
fi
"$@"
