#!/usr/bin/env bash
# Builds TouchKit's documentation (the DocC catalog Sources/TouchKit/TouchKit.docc plus every public
# symbol's doc comment) into .build/docs/TouchKit.doccarchive with the toolchain's own `docc`: no
# plugin, no download. Any DocC warning — an unresolved ``Symbol`` link above all — fails the build.
#
#   scripts/docs.sh           # build (after `swift build`; it builds TouchKit first if needed)
#   scripts/docs.sh --serve   # build, then serve it on http://127.0.0.1:8000/documentation/touchkit/
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target TouchKit >/dev/null
modules="$(swift build --show-bin-path)/Modules"
out=.build/docs
rm -rf "$out"
mkdir -p "$out/symbol-graphs"
swift symbolgraph-extract -module-name TouchKit -minimum-access-level public \
  -I "$modules" -output-dir "$out/symbol-graphs"
docc convert Sources/TouchKit/TouchKit.docc \
  --additional-symbol-graph-dir "$out/symbol-graphs" \
  --output-path "$out/TouchKit.doccarchive" \
  --fallback-display-name TouchKit --fallback-bundle-identifier org.touchbridge.TouchKit \
  --transform-for-static-hosting --warnings-as-errors
echo "docs.sh: $out/TouchKit.doccarchive (open /documentation/touchkit/ on a web server at its root)"

if [[ "${1:-}" == "--serve" ]]; then
  echo "docs.sh: serving on http://127.0.0.1:8000/documentation/touchkit/ (Ctrl-C stops)"
  python3 -m http.server 8000 --bind 127.0.0.1 --directory "$out/TouchKit.doccarchive"
fi
