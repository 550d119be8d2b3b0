#!/usr/bin/env bash
# Runs the transport, client and session tests (and the JSON writer's buffer tests) under
# AddressSanitizer and ThreadSanitizer, and the engine's tests under AddressSanitizer in a release
# build, where its borrowed references are optimised as they ship (separate build folders; a few
# minutes each on 2 cores).
# Usage: scripts/sanitize.sh [address|thread|engine]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh >&2
# JSONByteBufferTests: the JSON writer stores each piece through a pointer into room it reserved.
filter="TouchBridgeTransportTests|TouchBridgeClientTests|TouchBridgeServerTests|TouchBridgeHostTests|JSONByteBufferTests"
# Leaks of OpenSSL, libwebsockets and XCTest globals at exit are not ours (scripts/lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
for sanitizer in ${1:-address thread engine}; do
  echo "== $sanitizer sanitizer" >&2
  if [[ "$sanitizer" == engine ]]; then
    swift test -c release -Xswiftc -enable-testing --sanitize=address --scratch-path .build-engine-address \
      --filter "TouchKitTests|TouchKitPropertyTests"
  else
    swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" --filter "$filter"
  fi
done
