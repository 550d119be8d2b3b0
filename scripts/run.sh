#!/usr/bin/env bash
# Builds and runs TouchBridge on its built-in defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh >&2
scripts/build-release.sh >&2
exec .build/release/touchbridge "$@"
