#!/usr/bin/env bash
# Capacity of one TouchBridge server (one shard), of two behind nginx (config/nginx/touchbridge.conf) and
# of one server with two in-process shards (--shards 2), measured by `touchbridge bench load --url` in
# one run (docs/performance.md, "Scale-out").
# Usage: scripts/bench-scale-out.sh [SESSIONS] [RATE] [SECONDS]     (defaults: 200 120 10)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --tests >&2
scripts/build-release.sh >&2
bin=$PWD/.build/release/touchbridge
sessions=${1:-200} rate=${2:-120} seconds=${3:-10}
work=$(mktemp -d)
pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# A backend that admits the whole load: loopback, no rate limit or engine-time share.
start_server() {  # name port [more flags]
  "$bin" serve --host 127.0.0.1 --port "$2" --shard-name "$1" --log-level warning --max-messages-per-second 0 \
    --engine-seconds-per-second 0 --max-connections 20000 --max-unjoined-connections 20000 --outbound-queue-limit 100000 \
    "${@:3}" > "$work/$1.log" 2>&1 &
  pids+=($!)
}
wait_port() { for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; echo "port $1 never opened" >&2; exit 1; }

start_server a 18081
start_server b 18082
start_server c 18083 --shards 2
mkdir -p "$work/nginx"
sed -e 's/127.0.0.1:8081/127.0.0.1:18081/; s/127.0.0.1:8082/127.0.0.1:18082/; s/listen 8080;/listen 127.0.0.1:18080;/' \
  config/nginx/touchbridge.conf > "$work/nginx/touchbridge.conf"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 20000; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body; proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi; uwsgi_temp_path $work/nginx/uwsgi; scgi_temp_path $work/nginx/scgi;
  include $work/nginx/touchbridge.conf;
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" -g 'daemon off;' &
pids+=($!)
wait_port 18081; wait_port 18082; wait_port 18083; wait_port 18080

echo "== one server, directly"
"$bin" bench load --url ws://127.0.0.1:18081/ws --sessions "$sessions" --rate "$rate" --duration "$seconds"
echo "== two servers behind nginx"
"$bin" bench load --url ws://127.0.0.1:18080/ws --sessions "$sessions" --rate "$rate" --duration "$seconds"
echo "== one server with two in-process shards (--shards 2)"
"$bin" bench load --url ws://127.0.0.1:18083/ws --sessions "$sessions" --rate "$rate" --duration "$seconds"
