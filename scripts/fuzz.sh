#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/Harnesses with swiftc -sanitize=fuzzer,address and runs
# each for a bounded time. Exits non-zero if any harness crashes, traps, leaks memory it should not,
# times out or runs out of memory.
#
#   scripts/fuzz.sh [SECONDS] [HARNESS...]    run each harness SECONDS (default 30); all by default
#   scripts/fuzz.sh --build                   only build (.build-fuzz/bin/fuzz-<harness>)
#   scripts/fuzz.sh --replay HARNESS FILE...  run a harness once on saved inputs (a crash artifact)
#
# Environment: FUZZ_JOBS (parallel fuzzing processes per harness, default 1), FUZZ_FLAGS (extra
# libFuzzer flags). Harnesses: protocol-decode (ClientMessage.decode), session (a Hub with the
# LibraryCatalog, fed message sequences on two connections), recording-upload (uploaded recordings
# opened for stepping, with a line-aware mutator). See docs/testing.md.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/.build-fuzz"
HARNESSES=(protocol-decode session recording-upload)
# -package-name as SwiftPM passes it: the modules no product exports declare their API `package`.
SWIFT_FLAGS=(-O -g -wmo -swift-version 6 -parse-as-library -sanitize=fuzzer,address -package-name TouchBridge)

declare -A MODULES_OF=(
    [protocol-decode]="TouchBridgeProtocol"
    [session]="TouchKit TouchBridgeProtocol TouchBridgeScenes TouchBridgeServer TouchBridgeTesting"
    [recording-upload]="TouchKit TouchBridgeProtocol TouchBridgeScenes TouchBridgeServer TouchBridgeStepping"
)
# What each module imports (a module is rebuilt when it or one of these changed).
declare -A DEPENDENCIES_OF=(
    [TouchKit]=""
    [TouchBridgeProtocol]=""
    [TouchBridgeScenes]="TouchKit"
    [TouchBridgeServer]="TouchKit TouchBridgeProtocol TouchBridgeScenes"
    [TouchBridgeTesting]="TouchBridgeProtocol TouchBridgeServer"
    [TouchBridgeStepping]="TouchBridgeProtocol TouchBridgeServer"
)
# Modules made of some files of a SwiftPM target (the rest needs packages this script does not build):
# stepping and recordings, from TouchBridgeHost without its transport, metrics and logging, and without the
# live what-if, flake and test export (they need the client and logging): the harness gives the stepper
# `RecordingsOnlyAnalyses` (SteppingAnalyses.swift), which refuses those requests.
declare -A FILES_OF=(
    [TouchBridgeStepping]="TouchBridgeHost/Recording.swift TouchBridgeHost/RecordingParsing.swift TouchBridgeHost/RecordingUploads.swift
        TouchBridgeHost/RecordingLibrary.swift TouchBridgeHost/RecordDirectory.swift TouchBridgeHost/SessionHistory.swift TouchBridgeHost/SessionStepper.swift
        TouchBridgeHost/SteppingAnalyses.swift TouchBridgeHost/StepTimeline.swift"
)
declare -A SOURCE_OF=(
    [protocol-decode]="ProtocolDecode.swift"
    [session]="Session.swift"
    [recording-upload]="RecordingUpload.swift"
)
declare -A MAX_LEN_OF=(
    [protocol-decode]=4096
    [session]=16384
    [recording-upload]=32768
)
declare -A DICT_OF=(
    [recording-upload]="recording.dict"
)

log() { printf '==> %s\n' "$*" >&2; }

check_toolchain() {
    local probe="$OUT/probe"
    mkdir -p "$probe"
    printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' > "$probe/probe.swift"
    if ! swiftc -parse-as-library -sanitize=fuzzer "$probe/probe.swift" -o "$probe/probe" >"$probe/log" 2>&1; then
        cat "$probe/log" >&2
        log "swiftc -sanitize=fuzzer does not work with this toolchain"
        exit 2
    fi
}

# Builds one module as a static library, unless its sources did not change since the last build.
build_module() {
    local module="$1"
    local sources
    if [[ -n "${FILES_OF[$module]:-}" ]]; then
        mapfile -t sources < <(for file in ${FILES_OF[$module]}; do echo "$ROOT/Sources/$file"; done)
    else
        mapfile -t sources < <(find "$ROOT/Sources/$module" -name '*.swift' | sort)
    fi
    local stamp="$OUT/lib/$module.stamp"
    local digest
    local dependencies=(${DEPENDENCIES_OF[$module]})
    digest="$( (printf '%s\n' "${SWIFT_FLAGS[@]}"; cat "${sources[@]}"
               for dependency in "${dependencies[@]}"; do cat "$OUT/lib/$dependency.stamp" 2>/dev/null || true; done
             ) | sha256sum | cut -d' ' -f1)"
    if [[ -f "$stamp" && -f "$OUT/lib/lib$module.a" && "$(cat "$stamp")" == "$module $digest" ]]; then
        return
    fi
    log "building $module (${#sources[@]} files)"
    swiftc "${SWIFT_FLAGS[@]}" -module-name "$module" -emit-library -static \
        -emit-module -emit-module-path "$OUT/modules/$module.swiftmodule" -I "$OUT/modules" \
        "${sources[@]}" -o "$OUT/lib/lib$module.a"
    echo "$module $digest" > "$stamp"
}

build_harness() {
    local harness="$1"
    local modules=(${MODULES_OF[$harness]})
    for module in "${modules[@]}"; do build_module "$module"; done
    local libs=()
    for ((i = ${#modules[@]} - 1; i >= 0; i--)); do libs+=("-l${modules[$i]}"); done
    local binary="$OUT/bin/fuzz-$harness" source="$ROOT/Fuzz/Harnesses/${SOURCE_OF[$harness]}"
    local stale=0
    [[ -f "$binary" && "$binary" -nt "$source" ]] || stale=1
    for module in "${modules[@]}"; do [[ "$binary" -nt "$OUT/lib/lib$module.a" ]] || stale=1; done
    [[ $stale -eq 1 ]] || return 0
    log "linking fuzz-$harness"
    # ld.gold warns about every ASan helper symbol it cannot export; those lines are noise.
    swiftc "${SWIFT_FLAGS[@]}" -module-name "FuzzHarness" -I "$OUT/modules" -L "$OUT/lib" \
        "$source" "${libs[@]}" -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
}

build_all() {
    mkdir -p "$OUT/lib" "$OUT/modules" "$OUT/bin"
    check_toolchain
    for harness in "$@"; do build_harness "$harness"; done
}

run_harness() {
    local harness="$1" seconds="$2"
    local corpus="$OUT/corpus/$harness" artifacts="$OUT/artifacts/$harness"
    mkdir -p "$corpus" "$artifacts"
    cp -n "$ROOT/Fuzz/corpus/$harness"/* "$corpus"/ 2>/dev/null || true
    log "fuzzing $harness for ${seconds}s (corpus $corpus, crashes in $artifacts)"
    local flags=(
        -max_total_time="$seconds" -max_len="${MAX_LEN_OF[$harness]}" -timeout=10 -rss_limit_mb=2048
        -dict="$ROOT/Fuzz/${DICT_OF[$harness]:-protocol.dict}" -artifact_prefix="$artifacts/" -print_final_stats=1
    )
    if [[ "${FUZZ_JOBS:-1}" -gt 1 ]]; then
        flags+=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
    fi
    # shellcheck disable=SC2086
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
        "$OUT/bin/fuzz-$harness" "${flags[@]}" ${FUZZ_FLAGS:-} "$corpus" "$ROOT/Fuzz/corpus/$harness"
}

case "${1:-}" in
    --build)
        build_all "${HARNESSES[@]}"
        exit 0
        ;;
    --replay)
        harness="${2:?harness}"
        shift 2
        build_all "$harness"
        ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" "$OUT/bin/fuzz-$harness" "$@"
        exit $?
        ;;
esac

seconds="${1:-30}"
[[ $# -gt 0 ]] && shift
selected=("$@")
[[ ${#selected[@]} -eq 0 ]] && selected=("${HARNESSES[@]}")
build_all "${selected[@]}"

failed=()
for harness in "${selected[@]}"; do
    if ! run_harness "$harness" "$seconds"; then
        failed+=("$harness")
    fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
    log "FAILED: ${failed[*]} (inputs saved in $OUT/artifacts/; replay with scripts/fuzz.sh --replay HARNESS FILE)"
    exit 1
fi
log "no crashes in ${selected[*]} (${seconds}s each)"
