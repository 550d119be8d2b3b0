// libFuzzer harness: an uploaded recording opened for stepping (`SessionStepper`, `open-recording`
// with `data`), replayed slice by slice to the end (scripts/fuzz.sh builds and runs it).
//
// Structure-aware: the custom mutator works on the recording's lines — it reorders, duplicates and
// drops lines, puts extreme numbers (1e300, -0, 2^53 + 1, 1e-300 …) where numbers are, and inserts
// `resync` and `scene` lines — and otherwise leaves the bytes to libFuzzer's own mutations. The seeds
// are real recordings (Tests/recordings/, without the server's `out` lines, as the page uploads them).
//
// Properties, beyond "never crashes, never traps, never reads out of bounds" (ASan):
// - the upload is answered with `stepping` and `step`, or with one `error` of a known code;
// - the replay ends: a bounded number of slices (a clock that passes each slice's time after every
//   entry makes one entry a slice).
import TouchBridgeProtocol
import TouchBridgeServer
import TouchBridgeStepping

// libFuzzer calls the harness on one thread.
nonisolated(unsafe) private let catalog = LibraryCatalog()
private let knownCodes: Set<String> = ["not-a-recording", "too-long", "too-large", "server-busy", "schema"]
private let hello = #"{"type":"hello","protocol":1,"role":"device","scene":"tap-recognition","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#
/// Small bounds, so a fuzzed recording reaches them within the harness's time per input.
private let bounds = StepTimeline.Bounds(maxFrames: 2_000, maxFullRenders: 64, maxBytes: 4 * 1024 * 1024)

/// A clock for the stepper that passes one slice's time on every read.
private final class SliceClock {
    var now = 0.0
    func read() -> Double {
        now += SessionStepper.replaySliceSeconds
        return now
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func recordingUploadFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let hub = Hub(catalog: catalog)
    _ = hub.handle(.opened(), on: 1)
    _ = hub.handle(.text(hello, receivedAt: 0), on: 1)
    let clock = SliceClock()
    let stepper = SessionStepper(catalog: catalog, limits: ProtocolLimits(), clock: clock.read, analyses: RecordingsOnlyAnalyses(),
                                 timelineBounds: bounds)
    // The messages the system sends the app (a pause's interruption) go to the hub, as `HubBridge` sends them.
    let system = { (act: String) in _ = hub.handle(.text(act, receivedAt: 0), on: 1) }
    let upload = StepRequest.uploadRecording(part: 0, parts: 1, data: text, name: "fuzz")
    var replies = stepper.handle(.success(upload), from: 1, hub: hub, system: system)
    var slices = 0
    while stepper.isReplaying(1) {
        slices += 1
        if slices > 100_000 { fatalError("the replay did not end after \(slices) slices") }
        replies = stepper.continueReplay(for: 1, hub: hub, system: system)
    }
    let types = replies.map { _, output -> String in
        if case .step = output { return "step" }
        guard let message = output.message, case .object(let fields)? = try? JSONParser.parse(message), case .string(let type)? = fields["type"] else {
            fatalError("not a JSON message: \(output)")
        }
        if type == "error" {
            guard case .string(let code)? = fields["code"], knownCodes.contains(code) else { fatalError("unknown error: \(message)") }
        }
        return type
    }
    if types != ["stepping", "step"] && types != ["error"] { fatalError("unexpected replies \(types) to \(text.prefix(300))") }
    return 0
}

@_silgen_name("LLVMFuzzerMutate")
private func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

private let extremes = ["1e300", "-1e300", "0", "-0", "-1", "1e12", "1e9", "1000000001", "1e-300", "9007199254740993", "1.7976931348623157e308", "null", "\"NaN\""]
private let insertions = [#"{"at":1,"in":"{\"type\":\"resync\"}"}"#, #"{"at":2,"in":"{\"type\":\"scene\",\"scene\":\"paths-and-layers\"}"}"#, #"{"timer":3}"#, #"{"close":true}"#]

@_cdecl("LLVMFuzzerCustomMutator")
public func recordingMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(truncatingIfNeeded: state % UInt64(max(1, bound)))
    }
    var lines = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count > 1 else { return libFuzzerMutate(data, size, maxSize) }
    switch next(6) {
    case 0: lines.swapAt(next(lines.count), next(lines.count))
    case 1: let line = lines[next(lines.count)]; lines.insert(line, at: next(lines.count + 1))
    case 2: lines.remove(at: next(lines.count))
    case 3:
        let index = next(lines.count)
        var bytes = Array(lines[index].utf8)
        let digits = bytes.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
        guard !digits.isEmpty else { return libFuzzerMutate(data, size, maxSize) }
        var start = digits[next(digits.count)], end = start
        let numeric = Set("0123456789.eE+-".utf8)
        while start > 0, numeric.contains(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, numeric.contains(bytes[end]) { end += 1 }
        bytes.replaceSubrange(start..<end, with: Array(extremes[next(extremes.count)].utf8))
        lines[index] = String(decoding: bytes, as: UTF8.self)
    case 4: lines.insert(insertions[next(insertions.count)], at: 1 + next(lines.count))
    default: return libFuzzerMutate(data, size, maxSize)
    }
    let mutated = Array(lines.joined(separator: "\n").utf8)
    guard mutated.count <= maxSize else { return libFuzzerMutate(data, size, maxSize) }
    mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: mutated.count) }
    return mutated.count
}
