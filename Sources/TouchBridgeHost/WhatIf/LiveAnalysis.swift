import TouchBridgeProtocol
import TouchBridgeServer

/// A `what-if` or `flake` request on a live session (docs/protocol.md §4.13), run on the server's
/// engine thread a slice at a time (`SessionStepper.continueAnalysis`), each slice charged to the
/// connection's engine share as a recording's replay is. Its cost is bounded before it starts (the
/// events it will replay, `maximumReplayedEvents`), the memory it holds by the session's history and
/// the app's outcomes, and its answer by `maximumAnswerBytes`.
final class LiveAnalysis {
    /// Events one request replays at most, over all its runs (a what-if: the history twice; a sweep:
    /// once per variant and once unjittered).
    static let maximumReplayedEvents = 200_000
    /// Largest answer, in bytes: past it the answer's lists are cut (counted in `omitted`).
    static let maximumAnswerBytes = 65_536

    private enum Work {
        case whatIf(WhatIfRun)
        case flake(FlakeRun)
    }

    private let work: Work
    /// The device's session, whose observers get the answer too.
    let session: String
    /// The stepping frame the what-if stopped at (nil: the whole history).
    private let frame: Int?
    /// The recording line from which a sweep varied the session (its last gesture).
    private let fromLine: Int?
    /// Events in the replayed history.
    private let events: Int

    private init(work: Work, session: String, frame: Int?, fromLine: Int?, events: Int) {
        self.work = work
        self.session = session
        self.frame = frame
        self.fromLine = fromLine
        self.events = events
    }

    /// A what-if of `entries` (a session's history, cut at the frame shown when paused), not started.
    static func whatIf(
        _ request: WhatIfRequest, entries: [Recording.Entry], frame: Int?, session: String, limits: ProtocolLimits, catalog: any SceneCatalog
    ) throws(ProtocolError) -> LiveAnalysis {
        var changes: [AppChange] = []
        for (index, text) in request.changes.enumerated() {
            do {
                changes.append(try AppChange(text))
            } catch {
                throw .schema("changes[\(index)]", error.description)
            }
        }
        let script = try script(entries, session: session, limits: limits)
        try bound(2 * script.steps.count, what: "a what-if replays the session twice")
        return LiveAnalysis(work: .whatIf(WhatIfRun(script, changes: changes, catalog: catalog)), session: session, frame: frame,
                            fromLine: nil, events: script.steps.count)
    }

    /// A flake sweep of the last gesture of `entries`, not started.
    static func flake(
        _ request: FlakeRequest, entries: [Recording.Entry], session: String, limits: ProtocolLimits, catalog: any SceneCatalog
    ) throws(ProtocolError) -> LiveAnalysis {
        let script = try script(entries, session: session, limits: limits)
        guard let start = lastGesture(of: script) else {
            throw ProtocolError(code: ErrorCode.notAllowed, message: "this session has no gesture yet: touch the scene first")
        }
        let (runs, overflow) = script.steps.count.multipliedReportingOverflow(by: request.variants + 1)
        try bound(overflow ? Int.max : runs, what: "\(request.variants) variants and the unjittered run of \(script.steps.count) events")
        let jitter = Jitter(timingMs: request.jitterMs, positionPt: request.jitterPt, dropShare: request.dropFrames, frameRate: request.frameRate)
        let run = FlakeRun(script, variants: request.variants, seed: UInt64(truncatingIfNeeded: request.seed), jitter: jitter,
                           catalog: catalog, jitterFrom: start)
        return LiveAnalysis(work: .flake(run), session: session, frame: nil, fromLine: script.steps[start].line, events: script.steps.count)
    }

    /// Runs until every event ran or `now()` passes `deadline` (at least one event); nil while more
    /// remains, else the answer: its message, or the error the requester gets.
    func slice(until deadline: Double, now: () -> Double) -> Result<String, ProtocolError>? {
        switch work {
        case .whatIf(let run):
            while !run.advance() {
                if now() >= deadline { return nil }
            }
            do throws(WhatIfError) {
                let report = try run.report()
                return .success(Self.answer { count in
                    let (cut, omitted) = report.cut(to: count)
                    return WhatIfAnswer(report: cut, frame: frame, events: events, omitted: omitted)
                })
            } catch {
                return .failure(.schema("changes", error.description))
            }
        case .flake(let run):
            while !run.advance() {
                if now() >= deadline { return nil }
            }
            let report = run.report()
            return .success(Self.answer { count in
                let (cut, omitted) = report.cut(to: count)
                return FlakeAnswer(report: cut, fromLine: fromLine ?? 0, events: events, omitted: omitted)
            })
        }
    }

    /// The answer with its lists cut to the longest length (256, 64, 16, 4, 1) that fits `maximumAnswerBytes`.
    private static func answer(_ make: (Int) -> some Encodable) -> String {
        var text = ""
        for count in [256, 64, 16, 4, 1] {
            text = WireJSON.text(make(count))
            if text.utf8.count <= maximumAnswerBytes { break }
        }
        return text
    }

    private static func bound(_ events: Int, what: String) throws(ProtocolError) {
        guard events <= maximumReplayedEvents else {
            throw .limit("", "\(what) would replay \(events) events, more than the \(maximumReplayedEvents) one request may: restart the scene, or ask fewer variants")
        }
    }

    private static func script(_ entries: [Recording.Entry], session: String, limits: ProtocolLimits) throws(ProtocolError) -> ReplayScript {
        var clock: ClockMode?
        for case .input(let text, _) in entries {
            if case .hello(let hello)? = try? ClientMessage.decode(text, limits: limits) {
                clock = hello.clock
                break
            }
        }
        guard let clock else { throw ProtocolError(code: ErrorCode.notAllowed, message: "this session has no history to replay") }
        return ReplayScript(entries, session: session, limits: limits, clock: clock)
    }

    /// Fingers that land within this long after every finger lifted continue the gesture (a double
    /// tap's second tap, a two-finger tap's late finger), ms of client time; a landing after a longer
    /// pause starts a new one.
    static let gesturePauseMs = 500.0

    /// The index of the step where the last gesture began: the last finger landing with no finger
    /// down, at least `gesturePauseMs` after the last lift. Nil when no finger ever landed.
    static func lastGesture(of script: ReplayScript) -> Int? {
        var down: Set<Int> = []
        var lastLift = -Double.infinity
        var start: Int?
        for (index, (_, step)) in script.steps.enumerated() {
            guard case .message(.input(let input)?, _, _) = step else { continue }
            for pointer in input.pointers {
                switch pointer.phase {
                case .down:
                    if down.isEmpty, start == nil || pointer.t - lastLift >= gesturePauseMs { start = index }
                    down.insert(pointer.id)
                case .up, .cancel:
                    down.remove(pointer.id)
                    if down.isEmpty { lastLift = pointer.t }
                case .move: break
                }
            }
        }
        return start
    }
}

/// The `what-if` answer (docs/protocol.md §5.7).
struct WhatIfAnswer: Encodable {
    let type = "what-if"
    let source = "live"
    var report: WhatIfReport
    var frame: Int?
    var events: Int
    var omitted: Int

    private enum CodingKeys: String, CodingKey { case type, source, report, frame, events, omitted }
}

/// The `flake` answer (docs/protocol.md §5.7).
struct FlakeAnswer: Encodable {
    let type = "flake"
    let source = "live"
    var report: FlakeReport
    var fromLine: Int
    var events: Int
    var omitted: Int

    private enum CodingKeys: String, CodingKey { case type, source, report, fromLine, events, omitted }
}
