import TouchBridgeProtocol
import TouchKit

/// TouchKit's event log → wire log entries: every case with all its fields, plus the notation
/// line for display (docs/protocol.md §7).
enum TraceEncoding {
    static func entry(_ event: TraceEvent) -> LogEntry {
        var entry = LogEntry(kind: kind(of: event), text: event.notation, diagnostic: event.isDiagnostic)
        switch event {
        case .hitTest(let touch, let path):
            entry.touch = touch
            entry.path = path
        case .responder(let call):
            entry.method = call.method.rawValue
            entry.responder = call.responder
            entry.touches = call.touches.map(touch)
            entry.allTouches = call.allTouches?.map(touch)
            entry.subtype = call.subtype.description
            entry.forwardedFrom = call.forwardedFrom
        case .recognizerTouches(let call):
            entry.recognizer = call.recognizer
            entry.method = call.method.rawValue
            entry.touches = call.touches.map(touch)
            entry.allTouches = call.allTouches.map(touch)
        case .delivery(let touch, let view, let note):
            entry.touch = touch
            entry.view = view
            entry.note = note
        case .transition(let recognizer, let from, let to, let reason, let values):
            entry.recognizer = recognizer
            entry.from = from.description
            entry.to = to.description
            entry.reason = reason
            entry.values = self.values(values)
            if !values.margins.isEmpty { entry.margins = values.margins.map(margin) }
        case .waiting(let recognizer, let reason):
            entry.recognizer = recognizer
            entry.reason = reason
        case .action(let recognizer, let state):
            entry.recognizer = recognizer
            entry.state = state.description
        case .controlEvent(let control, let event):
            entry.control = control
            entry.event = event
        case .note(let message), .animation(let message):
            entry.message = message
        }
        return entry
    }

    static func kind(of event: TraceEvent) -> String {
        switch event {
        case .hitTest: "hitTest"
        case .responder: "responder"
        case .delivery: "delivery"
        case .transition: "transition"
        case .waiting: "waiting"
        case .action: "action"
        case .controlEvent: "controlEvent"
        case .note: "note"
        case .recognizerTouches: "recognizerTouches"
        case .animation: "animation"
        }
    }

    static func touch(_ record: TouchRecord) -> LogTouch {
        LogTouch(id: record.id, phase: record.phase.description, tapCount: record.tapCount, location: WireGeometry.point(record.location))
    }

    static func margin(_ margin: DecisionMargin) -> LogMargin {
        LogMargin(rule: margin.rule, threshold: margin.threshold, measured: WireGeometry.number(CGFloat(margin.measured)),
                  limitValue: WireGeometry.number(CGFloat(margin.limitValue)), limit: margin.limit.rawValue, side: margin.side.rawValue,
                  unit: margin.unit.rawValue)
    }

    static func values(_ values: RecognizerValues) -> LogValues {
        var result = LogValues(location: WireGeometry.point(values.location), numberOfTouches: values.numberOfTouches)
        result.translation = values.translation.map(WireGeometry.point)
        result.velocity = values.velocity.map(WireGeometry.point)
        result.scale = values.scale.map(WireGeometry.number)
        result.rotation = values.rotation.map(WireGeometry.number)
        result.direction = values.direction
        return result
    }
}
