#!/usr/bin/env bash
# Runs TouchBridge's benchmarks on a release build (docs/performance.md explains each figure).
# Usage: scripts/bench.sh            everything (a few minutes)
#        scripts/bench.sh --smoke    seconds: proves the tools work (CI runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh >&2
swift build -c release --product touchbridge >&2
bin=.build/release/touchbridge
if [[ "${1:-}" == "--smoke" ]]; then
  $bin bench engine --repetitions 1 --only "one-finger pan"
  $bin bench load --sessions 2 --rate 60 --duration 1
  exit 0
fi
$bin bench engine
$bin bench load --sequential --duration 5
$bin bench load --sessions 500 --rate 120 --duration 30
$bin bench idle --sessions 2000
(cd Benchmarks && swift build -c release --product touchkit-allocations >&2)
LD_PRELOAD="$PWD/Benchmarks/.build/release/libMallocInterposerSwift.so" Benchmarks/.build/release/touchkit-allocations
