#!/usr/bin/env bash
# Makes a self-signed certificate for serving TouchBridge over https on your LAN (phones only allow
# motion sensors on https pages). Usage: scripts/make-cert.sh [DIR]  (default: config/tls)
# Then: scripts/run.sh serve --tls-certificate config/tls/cert.pem --tls-private-key config/tls/key.pem
# Your phone will warn that the certificate is not trusted; accept it once for that address.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-config/tls}"
mkdir -p "$dir"
names="DNS:localhost,IP:127.0.0.1"
for address in $(hostname -I 2>/dev/null); do
  [[ "$address" == *:* ]] || names="$names,IP:$address"
done
openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=TouchBridge" \
  -addext "subjectAltName=$names" -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
chmod 600 "$dir/key.pem"
echo "wrote $dir/cert.pem and $dir/key.pem for $names"
