import Foundation

extension TraceEvent {
    /// The event in the event log's compact notation (docs/protocol.md §7), one line each:
    /// `V.tb(1)` (view V got touchesBegan with touch 1), `T:possible→ended`, `act(T,ended)`,
    /// `B:touchUpInside`; reasons follow in brackets.
    public var notation: String {
        var line = ""
        writeNotation(to: &line)
        return line
    }

    /// Writes `notation` piece by piece into `target`: a server writes it straight into the JSON
    /// string of the log entry (escaping as it goes) instead of building the line first — the
    /// interpolated line was ~4.7k of a pan message's ~79k instructions (docs/performance.md).
    public func writeNotation<Target: TextOutputStream>(to target: inout Target) {
        switch self {
        case .hitTest(let touch, let path):
            target.write("hit(")
            target.write(String(touch))
            target.write(") ")
            for (index, name) in path.enumerated() {
                if index > 0 { target.write(">") }
                target.write(name)
            }
        case .responder(let call):
            target.write(call.responder)
            target.write(".")
            target.write(call.method.shortName)
            target.write("(")
            switch call.method {
            case .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled:
                for (index, touch) in call.touches.enumerated() {
                    if index > 0 { target.write(",") }
                    target.write(String(touch.id))
                    if touch.tapCount > 1 {
                        target.write("×")
                        target.write(String(touch.tapCount))
                    }
                }
            default:
                target.write(call.subtype.description)
            }
            target.write(")")
            if let from = call.forwardedFrom {
                target.write(" via ")
                target.write(from)
            }
            if let all = call.allTouches {
                target.write(" ")
                Self.writeAllTouches(all, to: &target)
            }
        case .delivery(let touch, let view, let note):
            target.write(String(touch))
            target.write("@")
            target.write(view)
            target.write(": ")
            target.write(note)
        case .transition(let recognizer, let from, let to, let reason, _):
            target.write(recognizer)
            target.write(":")
            target.write(from.description)
            target.write("→")
            target.write(to.description)
            if let reason {
                target.write(" [")
                target.write(reason)
                target.write("]")
            }
        case .waiting(let recognizer, let reason):
            target.write(recognizer)
            target.write(" waits [")
            target.write(reason)
            target.write("]")
        case .action(let recognizer, let state):
            target.write("act(")
            target.write(recognizer)
            target.write(",")
            target.write(state.description)
            target.write(")")
        case .controlEvent(let control, let event):
            target.write(control)
            target.write(":")
            target.write(event)
        case .note(let text):
            target.write("note: ")
            target.write(text)
        case .recognizerTouches(let call):
            target.write(call.recognizer)
            target.write(" got ")
            target.write(call.method.shortName)
            target.write("(")
            for (index, touch) in call.touches.enumerated() {
                if index > 0 { target.write(",") }
                target.write(String(touch.id))
            }
            target.write(") ")
            Self.writeAllTouches(call.allTouches, to: &target)
        case .animation(let text):
            target.write("anim: ")
            target.write(text)
        }
    }

    /// `[all 1:stationary 2:began]`: every touch of the event with its phase.
    private static func writeAllTouches<Target: TextOutputStream>(_ touches: [TouchRecord], to target: inout Target) {
        target.write("[all ")
        for (index, touch) in touches.enumerated() {
            if index > 0 { target.write(" ") }
            target.write(String(touch.id))
            target.write(":")
            target.write(touch.phase.description)
        }
        target.write("]")
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
