#!/usr/bin/env bash
# Runs tests/keychain against the real OS keychain: keytar -> libsecret -> D-Bus -> gnome-keyring.
#
# Everything is private to this run, so it neither needs nor touches a desktop session:
#  - dbus-run-session starts a throwaway session bus (and stops it, and the keyring, at the end);
#  - XDG_DATA_HOME / XDG_RUNTIME_DIR point into a temp dir, so gnome-keyring creates a new "login"
#    keyring there instead of opening (or creating) the real ~/.local/share/keyrings/login.keyring,
#    and does not find a desktop keyring daemon's control socket (XDG_CACHE_HOME / XDG_CONFIG_HOME
#    too: the daemon's dconf cache would otherwise appear in ~/.cache);
#  - `--unlock` reads the password on stdin and creates + unlocks that keyring, which makes it the
#    default collection, so no unlock prompt (which would need a display) is ever shown.
# Needs: dbus (dbus-run-session), gnome-keyring, libsecret (for keytar, built by npm install).
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "test:keychain: '$tool' is missing. Install the packages dbus and gnome-keyring (see .ci/run)." >&2
    exit 1
  fi
done

scratch="$(mktemp -d "${TMPDIR:-/tmp}/treasury-keychain.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -m 700 "$scratch/data" "$scratch/runtime" "$scratch/cache" "$scratch/config"

status=0
XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/runtime" \
XDG_CACHE_HOME="$scratch/cache" XDG_CONFIG_HOME="$scratch/config" TREASURY_KEYCHAIN_TEST=1 \
  dbus-run-session -- bash -c '
    set -euo pipefail
    # --daemonize returns once the daemon is up. It prints GNOME_KEYRING_CONTROL=... only when
    # the control socket is not in the default place ($XDG_RUNTIME_DIR/keyring); export it then.
    # (libsecret, and so keytar, finds the Secret Service on the session bus either way.)
    env_lines="$(printf %s "ci-keyring-password" | gnome-keyring-daemon --unlock --components=secrets --daemonize)"
    while IFS= read -r line; do
      case "$line" in GNOME_KEYRING_CONTROL=*|SSH_AUTH_SOCK=*) export "${line?}" ;; esac
    done <<<"$env_lines"
    npx vitest run --config tests/keychain/vitest.config.ts
  ' || status=$?
exit "$status"
