#!/usr/bin/env bash
# Installs the Debian packages the app or its tests need, only when missing. Run before
# `npm install` (keytar's build needs libsecret-1-dev).
#   (no argument)  what the tests need: Chromium for the renderer tests, a keyring and D-Bus for
#                  the real OS keychain, Xvfb for windows on a machine without a display, libofx's
#                  ofxdump (reads the OFX export back), faketime (the suites started at awkward
#                  instants) and PostgreSQL with openssl (the team workspace's tests run a throwaway
#                  cluster, some of them behind TLS with a certificate authority of their own) and
#                  unzip (reads the support bundle back);
#   --for start    what `npm start` needs where Electron's binary cannot be downloaded: Chromium
#                  (the app opens in it instead), Xvfb (when there is no display), libsecret.
set -euo pipefail

PACKAGES=(chromium gnome-keyring dbus dbus-x11 libsecret-1-dev xvfb ofx faketime postgresql openssl unzip)
if [ "${1:-}" = "--for" ] && [ "${2:-}" = "start" ]; then
  PACKAGES=(chromium libsecret-1-dev xvfb)
elif [ "$#" -gt 0 ]; then
  echo "usage: bash scripts/ensure-system-packages.sh [--for start]" >&2
  exit 2
fi

if ! command -v dpkg >/dev/null 2>&1; then
  echo "system packages: no dpkg here; install the equivalents of: ${PACKAGES[*]}"
  exit 0
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "system packages: all present (${PACKAGES[*]})"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "system packages missing: ${missing[*]}" >&2
  echo "install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
