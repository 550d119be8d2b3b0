import TouchBridgeProtocol
import TouchBridgeServer

/// A `what-if` or `flake` request on a live session (docs/protocol.md §4.13), run on the server's
/// engine thread a slice at a time (`SessionStepper.continueAnalysis`), each slice charged to the
/// connection's engine share as a recording's replay is. Its cost is bounded before it starts (the
/// events it will replay, `maximumReplayedEvents`), the memory it holds by the session's history and
/// the app's outcomes, and its answer by `maximumAnswerBytes`.
final class LiveAnalysis: SlicedAnalysis {
    /// Events one request replays at most, over all its runs (a what-if: the history twice; a sweep:
    /// once per variant and once unjittered).
    static let maximumReplayedEvents = 200_000
    /// Largest answer, in bytes: past it the answer's lists are cut (counted in `omitted`).
    static let maximumAnswerBytes = 65_536

    private enum Work {
        case whatIf(WhatIfRun)
        case flake(FlakeRun)
    }

    /// What to run once the history is read: a what-if of these changes, or a sweep.
    private enum Request {
        case whatIf([AppChange])
        case flake(FlakeRequest)
    }

    private let request: Request
    private let catalog: any SceneCatalog
    /// The history, read (decoded) a slice at a time into `script` before anything runs.
    private let entries: [Recording.Entry]
    private var script: ReplayScript
    private var sawHello = false
    private var work: Work?
    /// The device's session, whose observers get the answer too.
    let session: String
    /// The stepping frame the what-if stopped at (nil: the whole history).
    private let frame: Int?
    /// While paused on the live timeline: the entries replayed through each of its frames
    /// (`StepTimeline.Frame.replayed`), to say at which frame the logs first differ.
    private let frameEnds: [Int]?
    /// The recording line from which a sweep varied the session (its last gesture).
    private var fromLine = 0

    private init(
        _ request: Request, entries: [Recording.Entry], frame: Int?, frameEnds: [Int]? = nil, session: String, limits: ProtocolLimits,
        catalog: any SceneCatalog
    ) {
        self.request = request
        self.entries = entries
        self.frame = frame
        self.frameEnds = frameEnds
        self.session = session
        self.catalog = catalog
        // The clock mode is the hello's, read with the rest.
        script = ReplayScript(session: session, limits: limits, clock: .client)
    }

    /// A what-if of `entries` (a session's history, cut at the frame shown when paused; `frameEnds`:
    /// the paused timeline's `replayed` counts), not started. Refused before any work when a change
    /// cannot be read or the replays would pass `maximumReplayedEvents`.
    static func whatIf(
        _ request: WhatIfRequest, entries: [Recording.Entry], frame: Int?, frameEnds: [Int]? = nil, session: String, limits: ProtocolLimits,
        catalog: any SceneCatalog
    ) throws(ProtocolError) -> LiveAnalysis {
        var changes: [AppChange] = []
        for (index, text) in request.changes.enumerated() {
            do {
                changes.append(try AppChange(text))
            } catch {
                throw .schema("changes[\(index)]", error.description)
            }
        }
        try bound(2 * entries.count, what: "a what-if replays the session's \(entries.count) events twice")
        return LiveAnalysis(.whatIf(changes), entries: entries, frame: frame, frameEnds: frameEnds, session: session, limits: limits, catalog: catalog)
    }

    /// A flake sweep of the last gesture of `entries`, not started; refused before any work past
    /// `maximumReplayedEvents`.
    static func flake(
        _ request: FlakeRequest, entries: [Recording.Entry], session: String, limits: ProtocolLimits, catalog: any SceneCatalog
    ) throws(ProtocolError) -> LiveAnalysis {
        let (runs, overflow) = entries.count.multipliedReportingOverflow(by: request.variants + 1)
        try bound(overflow ? Int.max : runs, what: "\(request.variants) variants and the unjittered run of \(entries.count) events")
        return LiveAnalysis(.flake(request), entries: entries, frame: nil, session: session, limits: limits, catalog: catalog)
    }

    /// Runs until every event ran or `now()` passes `deadline` (at least one step: an entry read or
    /// an event replayed); nil while more remains, else the answer: its message, or the error the
    /// requester gets.
    func slice(until deadline: Double, now: () -> Double) -> Result<String, ProtocolError>? {
        let work: Work
        if let started = self.work {
            work = started
        } else {
            while script.read < entries.count {
                script.append(entries[script.read])
                if !sawHello, case .message(.hello(let hello)?, _, _)? = script.steps.last?.step {
                    sawHello = true
                    script.clock = hello.clock
                }
                if now() >= deadline { return nil }
            }
            do throws(ProtocolError) {
                work = try start()
            } catch {
                return .failure(error)
            }
            self.work = work
            if now() >= deadline { return nil }
        }
        switch work {
        case .whatIf(let run):
            while !run.advance() {
                if now() >= deadline { return nil }
            }
            do throws(WhatIfError) {
                let report = try run.report()
                // The first frame that replayed the entry on `line` (line 2 is entry 0).
                let differs = report.firstDifference.flatMap { first in frameEnds?.firstIndex { $0 >= first.line - 1 } }
                return .success(Self.answer { count in
                    let (cut, omitted) = report.cut(to: count)
                    return WhatIfAnswer(report: EncodedJSON(WireJSON.text(cut)), frame: frame, differsAtFrame: differs, events: script.steps.count, omitted: omitted)
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
                return FlakeAnswer(report: EncodedJSON(WireJSON.text(cut)), fromLine: fromLine, events: script.steps.count, omitted: omitted)
            })
        }
    }

    /// The replays, once the history is read.
    private func start() throws(ProtocolError) -> Work {
        guard sawHello else { throw ProtocolError(code: ErrorCode.notAllowed, message: "this session has no history to replay") }
        switch request {
        case .whatIf(let changes):
            return .whatIf(WhatIfRun(script, changes: changes, catalog: catalog))
        case .flake(let request):
            guard let start = Self.lastGesture(of: script) else {
                throw ProtocolError(code: ErrorCode.notAllowed, message: "this session has no gesture yet: touch the scene first")
            }
            fromLine = script.steps[start].line
            let jitter = Jitter(timingMs: request.jitterMs, positionPt: request.jitterPt, dropShare: request.dropFrames, frameRate: request.frameRate)
            return .flake(FlakeRun(script, variants: request.variants, seed: UInt64(truncatingIfNeeded: request.seed), jitter: jitter,
                                   catalog: catalog, jitterFrom: start))
        }
    }

    /// The answer with its lists cut to the longest length (256, 64, 16, 4, 1) that fits `maximumAnswerBytes`.
    private static func answer(_ make: (Int) -> some WireMessage) -> String {
        var text = ""
        for count in [256, 64, 16, 4, 1] {
            text = make(count).messageText
            if text.utf8.count <= maximumAnswerBytes { break }
        }
        return text
    }

    private static func bound(_ events: Int, what: String) throws(ProtocolError) {
        guard events <= maximumReplayedEvents else {
            throw .limit("", "\(what) would replay \(events) events, more than the \(maximumReplayedEvents) one request may: restart the scene, or ask fewer variants")
        }
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
