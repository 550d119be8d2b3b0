import Foundation
import TouchBridgeClient
import TouchBridgeProtocol

/// A recorded session as the model of a generated test — one model, written as Swift (`SwiftTestExport`)
/// or Python (`PytestExport`): the scene and viewport, then named steps, each a gesture (`ExportedGesture`:
/// a client synthesis call where one fits the recording within `ExportTolerance`, else the recorded
/// fingers) played at its recorded time, followed by what the session decided during it (`Decision`:
/// transitions, actions, control events, cancelled touches). A step runs from a finger landing on an
/// empty screen until no finger is down, and on until the next step starts; what happened in that time —
/// timers included, but not what a message the trace leaves out decided (`act`, `motion`, `remote`: the
/// test does not send them) — is its decisions, in order.
package struct ExportedSession: Sendable {
    /// One gesture and what it decided.
    package struct Step: Sendable {
        /// When the first finger landed, ms since the session joined.
        package var start: Double
        /// The fingers, as a client gesture or as recorded.
        package var gesture: ExportedGesture
        /// Time from the end of the gesture until the next step starts (or the recording ends), ms.
        package var pauseAfter: Double
        /// What the session decided from the step's start until the next one's, in order.
        package var decisions: [Decision]
    }

    /// The recording's name (its file name without `.jsonl`), cut down to ASCII letters, digits and `-_.`.
    package var name: String
    /// The scene the session showed at its first touch.
    package var scene: SceneRequest
    /// The viewport in force at the first touch.
    package var viewport: Viewport
    /// Time from joining to the first touch, ms.
    package var leadIn: Double
    /// The steps, in order.
    package var steps: [Step]
    /// What the trace leaves out (see `WebDriverActionsExport.notes`).
    package var notes: [String]

    /// The model of `recording`; `decided` are the messages its replay sent (`SessionReplay.Result.outbound`).
    /// Throws when the recording has no touch or decided nothing a test could expect.
    package init(_ recording: Recording, name: String, decided outbound: [String]) throws {
        try self.init(RecordedTrace(recording), name: name, decided: outbound)
    }

    /// The model of a session's `trace`; `outbound` are the messages the session sent.
    init(_ trace: RecordedTrace, name: String, decided outbound: [String]) throws {
        // Only letters, digits and `-_.`: the name goes into comments, identifiers and strings of code.
        self.name = String(String.UnicodeScalarView(name.unicodeScalars.filter {
            ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)) && $0.isASCII
        }))
        scene = trace.scene
        viewport = trace.viewport
        notes = trace.notes
        let fit = GestureFit(viewport: trace.viewport)
        var segments = Self.segments(trace)
        var gestures = segments.map { fit.gesture(for: $0.events) }
        // Two taps that make a double tap become one step.
        var index = 0
        while index + 1 < segments.count {
            let (first, second) = (segments[index], segments[index + 1])
            let fingers = first.events.map(\.finger).max() ?? 0
            let shifted = second.events.map { event -> PointerEvent in
                var event = event
                event.finger += fingers
                event.t = GestureFit.round3(event.t + second.start - first.start)
                return event
            }
            if let merged = fit.doubleTap((first.start, gestures[index]), (second.start, gestures[index + 1]), events: first.events + shifted) {
                segments[index].events += shifted
                segments[index].moments += second.moments
                segments.remove(at: index + 1)
                gestures[index] = merged
                gestures.remove(at: index + 1)
            }
            index += 1
        }
        var stepOfMoment: [Int: Int] = [:]
        for (step, segment) in segments.enumerated() { for moment in segment.moments { stepOfMoment[moment] = step } }
        var decisions = [[Decision]](repeating: [], count: segments.count)
        for message in DecidedMessage.read(outbound) where !Self.answers(message, leftOutOf: trace) {
            let step: Int?
            if let seq = message.seq, let moment = trace.momentOfInput[seq] {
                step = stepOfMoment[moment]
            } else if let t = message.t {
                // A timer's: the step running when it fired (one starting at that very time has not begun yet).
                step = segments.lastIndex { $0.start + trace.origin < t }
            } else {
                step = nil
            }
            if let step { decisions[step] += message.decisions }
        }
        guard decisions.contains(where: { !$0.isEmpty }) else {
            throw ExportError("the session decided nothing to expect (no transition, action, control event or cancelled touch)")
        }
        leadIn = segments[0].start
        steps = segments.indices.map { index in
            let timeline = try? gestures[index].gesture.timeline(in: GestureContext(viewport: trace.viewport))
            let end = segments[index].start + (timeline?.duration ?? 0)
            let next = index + 1 < segments.count ? segments[index + 1].start : max(end, (trace.end - trace.origin).rounded(.up))
            return Step(start: segments[index].start, gesture: gestures[index], pauseAfter: GestureFit.round3(max(0, next - end)),
                        decisions: decisions[index])
        }
    }

    /// Whether `message` answers one the trace leaves out (by its `seq`, or for a system `act` by its time).
    private static func answers(_ message: DecidedMessage, leftOutOf trace: RecordedTrace) -> Bool {
        if let seq = message.seq { return trace.uncarried.contains(seq) }
        guard let t = message.t else { return false }
        return trace.uncarriedTimes.contains { abs($0 - t) < 0.001 }
    }

    /// A stretch of the trace from a landing on an empty screen until no finger is down.
    private struct Segment {
        /// ms since the session joined (rounded to 0.001).
        var start: Double
        /// Times from `start`; fingers numbered from 1 by landing (each contact its own).
        var events: [PointerEvent]
        /// Indices of the trace's moments in it.
        var moments: [Int]
    }

    private static func segments(_ trace: RecordedTrace) -> [Segment] {
        var segments: [Segment] = []
        var fingers: [Int: Int] = [:]  // pointer id → finger number in its segment
        var down = Set<Int>()
        for (index, moment) in trace.moments.enumerated() {
            let t = GestureFit.round3(moment.t - trace.origin)
            for change in moment.changes {
                if down.isEmpty, change.phase == .down || segments.isEmpty {
                    segments.append(Segment(start: t, events: [], moments: []))
                    fingers = [:]
                }
                let finger = fingers[change.id] ?? (fingers.count + 1)
                fingers[change.id] = finger
                switch change.phase {
                case .down: down.insert(change.id)
                case .up, .cancel: down.remove(change.id)
                case .move: break
                }
                let last = segments.count - 1
                if segments[last].moments.last != index { segments[last].moments.append(index) }
                segments[last].events.append(PointerEvent(
                    finger: finger, phase: change.phase, point: Point(change.x, change.y), t: GestureFit.round3(t - segments[last].start),
                    pointerType: change.pointerType, pressure: change.pressure, width: change.width, height: change.height))
            }
        }
        return segments
    }
}
