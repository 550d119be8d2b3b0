#!/usr/bin/env bash
# Issue 25's one-core figure: the release server pinned to core 0 (`taskset -c 0 serve`, the loopback
# settings of scripts/bench-scale-out.sh: no rate limit or engine-time share), `bench load --url`
# pinned to core 1, RUNS times, each with a fresh server. Each run waits (up to 3 min) for the
# 1-minute load to fall under 0.5 and prints it; on a machine that stays busy it measures nothing.
# Usage: scripts/bench-pinned.sh [SESSIONS] [RATE] [SECONDS] [RUNS]     (defaults: 200 120 10 3)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --bench >&2
scripts/build-release.sh >&2
bin=$PWD/.build/release/touchbridge
sessions=${1:-200} rate=${2:-120} seconds=${3:-10} runs=${4:-3}
port=18095
server=
cleanup() { [[ -n "$server" ]] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT
quiet() {
  for _ in $(seq 36); do awk '{ exit !($1 < 0.5) }' /proc/loadavg && return 0; sleep 5; done
  echo "the machine stayed busy (1-minute load $(cut -d' ' -f1 /proc/loadavg)): its figures would not reproduce" >&2
  return 1
}

for run in $(seq "$runs"); do
  quiet
  taskset -c 0 "$bin" serve --host 127.0.0.1 --port "$port" --log-level warning --max-messages-per-second 0 \
    --engine-seconds-per-second 0 --max-connections 20000 --max-unjoined-connections 20000 \
    --outbound-queue-limit 100000 > /dev/null 2>&1 &
  server=$!
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
  echo "== run $run of $runs: $sessions sessions × $rate Hz, server on core 0, generator on core 1; 1-minute load $(cut -d' ' -f1 /proc/loadavg)"
  taskset -c 1 "$bin" bench load --url "ws://127.0.0.1:$port/ws" --sessions "$sessions" --rate "$rate" --duration "$seconds"
  kill "$server"; wait "$server" 2>/dev/null || true
  server=
done
