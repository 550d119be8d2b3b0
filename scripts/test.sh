#!/usr/bin/env bash
# Runs every TouchBridge test: the Swift suites (engine, scenes, protocol, sessions, transport
# loopback), then the end-to-end suites with independent clients (Python websockets) and a real
# browser (Chromium through Playwright; Firefox ESR and WebKitGTK through Selenium, test_page_engines.py).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --tests

log=$(mktemp)
swift build --build-tests 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
  echo "test.sh: the build has compiler warnings (zero allowed)" >&2
  exit 1
fi
swift test --skip-build
# Every public and package symbol has a doc comment (2 s); TouchKit's DocC catalog builds without a warning (10 s).
scripts/doc-coverage.py
# Modules no product exports declare `package`, not `public`, what no product's interface needs (a few s).
scripts/package-access.py
scripts/docs.sh

# The page's DOM-free modules (session, mirror, protocol, overlay, frame loop, viewport, stage view …) under Node's own test runner, with the
# render fixtures RenderMirror.swift's tests share (Tests/fixtures/render).
node --test Tests/web/*.test.mjs

# The example package (Examples/, docs/your-own-code.md) depends on this checkout by path: it
# compiles the library modules again in Examples/.build (about 30 s from clean on 2 cores,
# incremental afterwards), with the same zero-warning rule.
swift build --build-tests --package-path Examples 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
  echo "test.sh: the example package has compiler warnings (zero allowed)" >&2
  exit 1
fi
swift test --skip-build --package-path Examples
# A package that depends on TouchBridge by git URL `from:` a version (SwiftPM refuses unsafe compiler
# flags there): it builds TouchKit again and runs a tap through it (about a minute).
scripts/check-versioned-dependency.sh

# The engine's unretained and borrowed references (UncountedLink, Unmanaged, unowned(unsafe)) under
# AddressSanitizer in a release build, optimised as they ship (a few minutes: its own build folder).
scripts/sanitize.sh engine
# The transport, client, session and host tests under AddressSanitizer and LeakSanitizer (debug, its
# own build folder; about 6 min of building and 1 min of tests): a retain cycle a session leaves
# behind fails here (docs/testing.md).
scripts/sanitize.sh address

# Engine property tests run inside `swift test`; here a bounded fuzz run (about a minute) of the
# protocol decoder, of whole sessions and of uploaded recordings (docs/testing.md has the longer runs).
scripts/fuzz.sh 20

# Benchmark smoke (seconds): proves the tools run; figures come from scripts/bench.sh on a release build.
.build/debug/touchbridge bench engine --repetitions 1 --only "1 view: pan"
# The machine is busy here (the suite runs around it), so the load check is lifted: the smoke reports nothing.
.build/debug/touchbridge bench load --sessions 2 --rate 60 --duration 1 --rounds 1 --max-load 1000
.build/debug/touchbridge bench idle --sessions 20

.venv/bin/pytest Tests/e2e -q -p no:cacheprovider --ignore=Tests/e2e/test_faults.py
# Faults, churn, floods and the soak print their figures (memory growth, latency over time).
.venv/bin/pytest Tests/e2e/test_faults.py -q -s -p no:cacheprovider
