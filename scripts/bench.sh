#!/usr/bin/env bash
# Runs TouchBridge's benchmarks on a release build (docs/performance.md explains each figure).
# Usage: scripts/bench.sh            everything (a few minutes)
#        scripts/bench.sh --smoke    seconds: proves the tools work (CI runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --bench >&2
scripts/build-release.sh >&2
bin=.build/release/touchbridge
if [[ "${1:-}" == "--smoke" ]]; then
  $bin bench engine --repetitions 1 --only "1 view: pan"
  $bin bench load --sessions 2 --rate 60 --duration 1 --rounds 1 --max-load 1000 --timeline
  $bin bench idle --sessions 20
  $bin bench lint --repetitions 5 --warm-up 1
  $bin bench artefact --repetitions 1
  $bin bench export --repetitions 1
  scripts/profile-server.sh --smoke  # the release server under callgrind: a profile per message comes out
  exit 0
fi
$bin bench engine
$bin bench whatif
$bin bench lint
$bin bench artefact
$bin bench export
(cd Benchmarks && swift build -c release --product touchbridge-trace >&2 && swift build -c release --product touchkit-allocations >&2)
# Instructions per input frame on each peer trace: callgrind counts a run of N and of 2N frames;
# the difference over N leaves out start-up and set-up (valgrind from Debian's packages: deps.sh --bench).
trace=Benchmarks/.build/release/touchbridge-trace
count_instructions() {  # prints "instructions frames"; a third argument: more callgrind options
  local out frames; out=$(mktemp)
  frames=$(valgrind --tool=callgrind --callgrind-out-file="$out" ${3:-} "$trace" "$1" "$2" 2>/dev/null | awk '/^frames/ { print $2 }')
  echo "$(awk '/^summary:/ { print $2 }' "$out") $frames"
  rm -f "$out"
}
echo "instructions per frame (callgrind)"
for workload in pan pinch tap doubletap; do
  read -r i1 f1 < <(count_instructions "$workload" 2000)
  read -r i2 f2 < <(count_instructions "$workload" 4000)
  echo "  $workload: $(( (i2 - i1) / (f2 - f1) ))"
done
# Per message, counting only the messages' handling, not the building of their text (N messages
# and 2N; N is 1440 unless the row names it: the big messages written alone take fewer).
for workload in decode:PipelinePan*decodeInputs decode-general:PipelinePan*decodeInputs pipeline:PipelinePan*send \
    pipeline-pinch:PipelinePan*send pipeline-views:PipelinePan*send pipeline-resize:PipelinePan*send \
    welcome:WrittenMessage*write:200 render-views:WrittenMessage*write:20; do
  IFS=: read -r name function n <<< "$workload"
  read -r i1 f1 < <(count_instructions "$name" "${n:-1440}" "--toggle-collect=*$function*")
  read -r i2 f2 < <(count_instructions "$name" "$(( 2 * ${n:-1440} ))" "--toggle-collect=*$function*")
  echo "  $name (per message): $(( (i2 - i1) / (f2 - f1) ))"
done
scripts/profile-server.sh  # the real server's instructions per message, by part
scripts/syscalls-server.sh  # the real server's and the echo's system calls per round trip (strace)
$bin bench load --sequential --duration 5 --rounds 5
scripts/bench-pinned.sh  # issue 25's one-core figure: 24,000 msg/s, server and generator pinned apart
$bin bench load --sessions 500 --rate 120 --duration 30 --rounds 1
$bin bench idle --sessions 2000
LD_PRELOAD="$PWD/Benchmarks/.build/release/libMallocInterposerSwift.so" Benchmarks/.build/release/touchkit-allocations
