#!/usr/bin/env bash
# Renders web/icon.svg to the PNG icons the page links (favicon and apple-touch-icon) with Debian's
# Chromium (scripts/deps.sh --tests installs it): browsers without SVG favicons, and iOS home-screen
# icons, need PNGs. Re-run after changing icon.svg and commit the PNGs.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${E2E_CHROMIUM:-/usr/lib/chromium/chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp web/icon.svg "$work/icon.svg"

render() { # size, output, css for the <img> (the apple-touch-icon is square: iOS rounds it itself)
  local size=$1 out=$2 style=$3
  cat >"$work/icon.html" <<HTML
<!doctype html><html><head><style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px;${style}}</style></head>
<body><img src="icon.svg"></body></html>
HTML
  "$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=00000000 --user-data-dir="$work/profile" \
    --window-size="$size,$size" --screenshot="$work/out.png" "file://$work/icon.html" >/dev/null 2>&1
  mv "$work/out.png" "$out"
  echo "wrote $out"
}

render 32 web/icon-32.png ""
# Square, no transparent corners: scale the rounded square up so its corners leave the picture.
render 180 web/apple-touch-icon.png "transform:scale(1.16)"
