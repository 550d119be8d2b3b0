#!/usr/bin/env bash
# Runs every TouchBridge test: Swift unit and loopback tests, then the Python end-to-end suites.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build --build-tests 2>&1 | tee /tmp/touchbridge-build.log
if grep -q "warning:" /tmp/touchbridge-build.log; then
  echo "test.sh: the build has compiler warnings (zero allowed)" >&2
  exit 1
fi
swift test --skip-build
