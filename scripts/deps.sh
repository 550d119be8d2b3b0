#!/usr/bin/env bash
# Installs what TouchBridge needs on a Debian 12 machine, idempotently.
# Usage: scripts/deps.sh [--tests|--bench]   (--tests adds what only the tests use: headless Chromium for the
# page, WebKitGTK's WebDriver + MiniBrowser under Xvfb and Firefox ESR for the page in every engine,
# Node for its unit tests, nginx for the scale-out test; --bench adds valgrind, which counts instructions, and strace, which counts system calls)
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(libwebsockets-dev libqrencode-dev libssl-dev libcap-dev pkg-config openssl)
[[ "${1:-}" == "--tests" ]] && apt_packages+=(chromium webkit2gtk-driver xvfb firefox-esr nodejs nginx)
[[ "${1:-}" == "--bench" ]] && apt_packages+=(valgrind strace)

missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}" >&2
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Python virtual environment for the independent end-to-end clients (websockets, Playwright).
if [[ ! -x .venv/bin/python ]]; then
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import websockets, pytest, touchbridge" 2>/dev/null || \
   ! cmp -s requirements-e2e.txt .venv/.requirements-installed; then
  .venv/bin/pip install -q --disable-pip-version-check -r requirements-e2e.txt
  cp requirements-e2e.txt .venv/.requirements-installed
fi
