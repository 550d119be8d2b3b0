import Foundation

extension TraceEvent {
    /// The event in the event log's compact notation (docs/protocol.md §7), one line each:
    /// `V.tb(1)` (view V got touchesBegan with touch 1), `T:possible→ended`, `act(T,ended)`,
    /// `B:touchUpInside`; reasons follow in brackets.
    public var notation: String {
        switch self {
        case .hitTest(let touch, let path):
            return "hit(\(touch)) \(path.joined(separator: ">"))"
        case .responder(let call):
            var line = "\(call.responder).\(call.method.shortName)"
            switch call.method {
            case .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled:
                line += "(" + call.touches.map { $0.tapCount > 1 ? "\($0.id)×\($0.tapCount)" : "\($0.id)" }.joined(separator: ",") + ")"
            default:
                line += "(\(call.subtype))"
            }
            if let from = call.forwardedFrom { line += " via \(from)" }
            if let all = call.allTouches { line += " " + Self.allTouchesNotation(all) }
            return line
        case .delivery(let touch, let view, let note):
            return "\(touch)@\(view): \(note)"
        case .transition(let recognizer, let from, let to, let reason, _):
            return "\(recognizer):\(from)→\(to)" + (reason.map { " [\($0)]" } ?? "")
        case .waiting(let recognizer, let reason):
            return "\(recognizer) waits [\(reason)]"
        case .action(let recognizer, let state):
            return "act(\(recognizer),\(state))"
        case .controlEvent(let control, let event):
            return "\(control):\(event)"
        case .note(let text):
            return "note: \(text)"
        case .recognizerTouches(let call):
            let ids = call.touches.map { "\($0.id)" }.joined(separator: ",")
            return "\(call.recognizer) got \(call.method.shortName)(\(ids)) " + Self.allTouchesNotation(call.allTouches)
        case .animation(let text):
            return "anim: \(text)"
        }
    }

    /// `[all 1:stationary 2:began]`: every touch of the event with its phase.
    static func allTouchesNotation(_ touches: [TouchRecord]) -> String {
        "[all " + touches.map { "\($0.id):\($0.phase)" }.joined(separator: " ") + "]"
    }

    /// true for entries that explain rather than act: hit-test paths, withheld/released touches, resets.
    public var isDiagnostic: Bool {
        switch self {
        case .hitTest, .delivery, .note, .waiting, .recognizerTouches: true
        case .transition(_, _, let to, _, _): to == .possible
        default: false
        }
    }
}

extension ResponderCall.Method {
    /// tb, tm, te, tc for touches; the method name otherwise.
    public var shortName: String {
        switch self {
        case .touchesBegan: "tb"
        case .touchesMoved: "tm"
        case .touchesEnded: "te"
        case .touchesCancelled: "tc"
        case .motionBegan: "motionBegan"
        case .motionEnded: "motionEnded"
        case .motionCancelled: "motionCancelled"
        case .remoteControlReceived: "remoteControlReceived"
        }
    }
}
