#!/usr/bin/env bash
# Counts the system calls the release server makes per sequential round trip, and the echo's (docs/performance.md,
# "System calls per round trip"): `strace -f -c` attached to a running `serve` while `bench load --sequential --url`
# drives it, then to `serve --echo` while a sequential Python client sends it the same kind of input frame. Counts do
# not depend on the machine's load (only how many round trips fit in the time does).
# Usage: scripts/syscalls-server.sh [SECONDS]   (default 3)
#        BIN=/path/to/touchbridge scripts/syscalls-server.sh   counts that binary instead of building this tree's
#        (an earlier commit's release build, for a before and after)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3}
scripts/deps.sh --bench >&2
if [[ -n "${BIN:-}" ]]; then
  bin=$BIN
else
  scripts/build-release.sh >&2
  bin=$PWD/.build/release/touchbridge
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# As `bench load` starts its server: loopback, no message-rate limit or engine share that would refuse the load.
echo '{"host": "127.0.0.1", "maxMessagesPerSecond": 0, "engineSecondsPerSecond": 0}' >"$work/settings.json"

# count LABEL DRIVER [serve options]: starts the server, attaches strace to all its threads for the driver's run,
# prints each system call per round trip (the driver prints "answered N" last).
count() {
  local label=$1 driver=$2; shift 2
  local port=$((20000 + RANDOM % 20000))
  "$bin" serve --config "$work/settings.json" --port "$port" --shards 1 "$@" >"$work/serve.log" 2>&1 &
  local server=$!
  for _ in $(seq 50); do grep -q "listening" "$work/serve.log" && break; sleep 0.1; done
  strace -f -c -p "$server" -o "$work/strace.txt" 2>/dev/null &
  local tracer=$!
  sleep 1  # strace attaches to every thread
  local answered
  answered=$($driver "ws://127.0.0.1:$port/ws" | awk '/^answered/ { print $2 }')
  kill -INT "$tracer"; wait "$tracer" || true
  kill "$server"; wait "$server" || true
  echo "$label: $answered round trips"
  # strace -c rows: % time, seconds, usecs/call, calls, [errors], name.
  awk -v n="$answered" '$4 ~ /^[0-9]+$/ && $1 ~ /^[0-9.]+$/ {
      if ($NF == "total") printf "  %-16s %6.2f per round trip\n", "all", $4 / n
      else if ($4 / n >= 0.005) printf "  %-16s %6.2f per round trip\n", $NF, $4 / n
    }' "$work/strace.txt"
}

drive_server() {
  "$bin" bench load --sequential --url "$1" --duration "$seconds" --max-load 1000 | awk '/^frames answered +[0-9]/ { print "answered", $3 }'
}
drive_echo() {
  .venv/bin/python - "$1" "$seconds" <<'EOF'
import asyncio, json, sys, time
import websockets
async def main(url, seconds):
    async with websockets.connect(url, subprotocols=["touchbridge.v1"]) as ws:
        sent, end = 0, time.monotonic() + seconds
        while time.monotonic() < end:
            sent += 1
            await ws.send(json.dumps({"type": "input", "seq": sent, "pointers": [
                {"id": 1, "phase": "move", "x": 100 + sent % 50, "y": 400, "t": sent * 8, "pointerType": "touch"}]}))
            await ws.recv()
        print("answered", sent)
asyncio.run(main(sys.argv[1], float(sys.argv[2])))
EOF
}

count "serve" drive_server
count "serve --echo" drive_echo --echo
