#!/usr/bin/env bash
# Instructions per message of the real server, split into its parts (docs/performance.md, "Where a
# message's instructions go"): `touchbridge serve` runs under callgrind, `touchbridge bench load
# --sequential --url` drives it with one session for a short and a long window, callgrind dumps
# each window, and scripts/callgrind-parts.py prints the difference over the difference in messages.
# Instruction counts do not depend on the machine's load. Valgrind comes from deps.sh --bench.
# Usage: scripts/profile-server.sh [SHORT_SECONDS LONG_SECONDS]     (defaults: 2 6)
#        scripts/profile-server.sh --smoke    a second each: proves the profile is produced (bench smoke)
# Keeps the two dumps in $PROFILE_DIR when set (for callgrind_annotate); profiles the binary
# $PROFILE_BIN when set (a build kept for a before/after comparison) instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
short=${1:-2} long=${2:-6}
[[ "${1:-}" == "--smoke" ]] && short=1 long=2
scripts/deps.sh --bench >&2
bin=${PROFILE_BIN:-}
[[ -n "$bin" ]] || { scripts/build-release.sh >&2; bin=$PWD/.build/release/touchbridge; }
work=$(mktemp -d)
server=""
cleanup() { [[ -n "$server" ]] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
# The settings `bench load` gives its own servers: loopback, no limit that would refuse the load.
cat >"$work/settings.json" <<'EOF'
{"host": "127.0.0.1", "maxMessagesPerSecond": 0, "engineSecondsPerSecond": 0, "maxConnections": 20000,
 "maxUnjoinedConnections": 20000, "outboundQueueLimit": 100000}
EOF
# An async main parks its main thread in sigsuspend, which valgrind 3.19 cannot run (see the shim).
clang -shared -fPIC -O2 -o "$work/sigsuspend.so" scripts/valgrind-sigsuspend.c
LD_PRELOAD="$work/sigsuspend.so" valgrind --tool=callgrind --callgrind-out-file="$work/server.out" "$bin" serve --port 0 --log-level warning \
  --config "$work/settings.json" >"$work/stdout" 2>"$work/valgrind.log" &
server=$!
for _ in $(seq 600); do  # start-up under valgrind: seconds on a busy machine (at most a minute)
  grep -qE ':[0-9]+/' "$work/stdout" 2>/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$work/valgrind.log" >&2; echo "profile-server: the server did not start" >&2; exit 1; }
  sleep 0.1
done
port=$(grep -oE ':[0-9]+/' "$work/stdout" | head -1 | tr -d ':/')
[[ -n "$port" ]] || { echo "profile-server: the server printed no address" >&2; exit 1; }
window() {  # one sequential window of $1 seconds, then a dump (callgrind zeroes its counters at a dump)
  "$bin" bench load --url "ws://127.0.0.1:$port/ws" --sequential --duration "$1" | grep -E "frames answered" >&2
  callgrind_control -d "$server" >/dev/null 2>&1
}
window 1  # warm-up: what the first session costs once (caches, scene library) stays out
window "$short"
window "$long"
dumps=("$work"/server.out.*)
[[ ${#dumps[@]} -ge 3 ]] || { echo "profile-server: callgrind wrote ${#dumps[@]} dumps, not 3" >&2; exit 1; }
scripts/callgrind-parts.py "${dumps[1]}" "${dumps[2]}"
if [[ -n "${PROFILE_DIR:-}" ]]; then cp "${dumps[1]}" "${dumps[2]}" "$PROFILE_DIR"/; fi
