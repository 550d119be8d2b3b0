#!/usr/bin/env bash
# Builds the release `touchbridge` (or the swift build arguments given) with DWARF 4 debug info, so
# valgrind can read it: clang 21 writes DWARF 5 for the C files of the dependencies (swift-system's
# CSystem, swift-atomics' shims), whose forms (strx, addrx) Debian 12's valgrind 3.19 cannot read —
# it gives up on the whole binary. Debug info only: the code is the same. Every script that builds a
# release uses this, so they share one build (other flags would rebuild everything).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -gt 0 ]] || set -- --product touchbridge
exec swift build -c release -Xcc -gdwarf-4 -Xswiftc -dwarf-version=4 "$@"
