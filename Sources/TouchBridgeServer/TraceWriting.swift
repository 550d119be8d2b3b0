import Foundation
import TouchBridgeProtocol
import TouchKit

/// TouchKit's event log written straight into an `events` message: byte for byte what
/// `TraceEncoding.entry` and `JSONWriter.write(_: LogEntry)` write together (`TraceWritingTests`), without
/// the `LogEntry` values in between.
///
/// Why: making a `LogEntry` (~25 optional strings and arrays, each touch's location an array), writing
/// it, and releasing it, plus the notation built as an interpolated `String`, were ~30k of the ~79k
/// instructions a pan message costs the hub (docs/performance.md, "The events path"). Here the keys are
/// literals in sorted order per kind, numbers go from the engine's values to the buffer, and the
/// notation is written piece by piece into its JSON string. `LogEntry`s are still made for a `logTap`
/// (what-if, flake), which reads them.
extension TraceEncoding {
    /// The `events` message of one dispatch: `EventsMessage(seq:t:log:pointers:)` with `lints`, written
    /// from the engine's log.
    static func eventsText(seq: Int?, t: Double, log: [TraceEvent], pointers: [LivePointer]?, lints: [WireLint]?) -> String {
        var writer = JSONWriter(capacity: 64 + 256 * log.count)
        writer.events(seq: seq, t: t, pointers: pointers, lints: lints) { writer in
            for index in log.indices {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.write(log[index])
            }
        }
        return writer.text
    }
}

extension JSONWriter {
    /// One log entry: the members `TraceEncoding.entry` sets for the event's kind, in sorted key order.
    mutating func write(_ event: TraceEvent) {
        let diagnostic = event.isDiagnostic
        switch event {
        case .hitTest(let touch, let path):
            raw("{\"diagnostic\":"); bool(diagnostic)
            raw(",\"kind\":\"hitTest\",\"path\":"); strings(path)
            notation(of: event)
            raw(",\"touch\":"); integer(touch)
        case .responder(let call):
            byte(UInt8(ascii: "{"))
            if let all = call.allTouches { raw("\"allTouches\":"); write(all); byte(UInt8(ascii: ",")) }
            raw("\"diagnostic\":"); bool(diagnostic)
            if let from = call.forwardedFrom { raw(",\"forwardedFrom\":"); string(from) }
            raw(",\"kind\":\"responder\",\"method\":"); string(call.method.rawValue)
            raw(",\"responder\":"); string(call.responder)
            raw(",\"subtype\":"); string(call.subtype.description)
            notation(of: event)
            raw(",\"touches\":"); write(call.touches)
        case .recognizerTouches(let call):
            raw("{\"allTouches\":"); write(call.allTouches)
            raw(",\"diagnostic\":"); bool(diagnostic)
            raw(",\"kind\":\"recognizerTouches\",\"method\":"); string(call.method.rawValue)
            raw(",\"recognizer\":"); string(call.recognizer)
            notation(of: event)
            raw(",\"touches\":"); write(call.touches)
        case .delivery(let touch, let view, let note):
            raw("{\"diagnostic\":"); bool(diagnostic)
            raw(",\"kind\":\"delivery\",\"note\":"); string(note)
            notation(of: event)
            raw(",\"touch\":"); integer(touch)
            raw(",\"view\":"); string(view)
        case .transition(let recognizer, let from, let to, let reason, let values):
            raw("{\"diagnostic\":"); bool(diagnostic)
            raw(",\"from\":"); string(from.description)
            raw(",\"kind\":\"transition\"")
            if !values.margins.isEmpty { raw(",\"margins\":"); write(values.margins.map(TraceEncoding.margin)) }
            if let reason { raw(",\"reason\":"); string(reason) }
            raw(",\"recognizer\":"); string(recognizer)
            notation(of: event)
            raw(",\"to\":"); string(to.description)
            raw(",\"values\":"); write(values)
        case .waiting(let recognizer, let reason):
            raw("{\"diagnostic\":"); bool(diagnostic)
            raw(",\"kind\":\"waiting\",\"reason\":"); string(reason)
            raw(",\"recognizer\":"); string(recognizer)
            notation(of: event)
        case .action(let recognizer, let state):
            raw("{\"diagnostic\":"); bool(diagnostic)
            raw(",\"kind\":\"action\",\"recognizer\":"); string(recognizer)
            raw(",\"state\":"); string(state.description)
            notation(of: event)
        case .controlEvent(let control, let controlEvent):
            raw("{\"control\":"); string(control)
            raw(",\"diagnostic\":"); bool(diagnostic)
            raw(",\"event\":"); string(controlEvent)
            raw(",\"kind\":\"controlEvent\"")
            notation(of: event)
        case .note(let message):
            raw("{\"diagnostic\":"); bool(diagnostic)
            raw(",\"kind\":\"note\",\"message\":"); string(message)
            notation(of: event)
        case .animation(let message):
            raw("{\"diagnostic\":"); bool(diagnostic)
            raw(",\"kind\":\"animation\",\"message\":"); string(message)
            notation(of: event)
        }
        byte(UInt8(ascii: "}"))
    }

    /// `,"text":"…"`: the event's notation, written into the string as TouchKit makes it.
    private mutating func notation(of event: TraceEvent) {
        raw(",\"text\":")
        string { event.writeNotation(to: &$0) }
    }

    /// `[touch, …]` as `LogTouch`s: `{"id":…,"location":[x,y],"phase":…,"tapCount":…}`.
    private mutating func write(_ touches: [TouchRecord]) {
        byte(UInt8(ascii: "["))
        for index in touches.indices {
            if index > 0 { byte(UInt8(ascii: ",")) }
            let touch = touches[index]
            raw("{\"id\":"); integer(touch.id)
            raw(",\"location\":"); point(touch.location)
            raw(",\"phase\":"); string(touch.phase.description)
            raw(",\"tapCount\":"); integer(touch.tapCount)
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
    }

    /// The members of `LogValues` that are set, in sorted key order.
    private mutating func write(_ values: RecognizerValues) {
        byte(UInt8(ascii: "{"))
        if let direction = values.direction { raw("\"direction\":"); string(direction); byte(UInt8(ascii: ",")) }
        raw("\"location\":"); point(values.location)
        raw(",\"numberOfTouches\":"); integer(values.numberOfTouches)
        if let rotation = values.rotation { raw(",\"rotation\":"); number(WireGeometry.number(rotation)) }
        if let scale = values.scale { raw(",\"scale\":"); number(WireGeometry.number(scale)) }
        if let translation = values.translation { raw(",\"translation\":"); point(translation) }
        if let velocity = values.velocity { raw(",\"velocity\":"); point(velocity) }
        byte(UInt8(ascii: "}"))
    }

    /// `[x,y]` as `WireGeometry.point` makes it, without the array.
    private mutating func point(_ point: CGPoint) {
        byte(UInt8(ascii: "["))
        number(WireGeometry.number(point.x))
        byte(UInt8(ascii: ","))
        number(WireGeometry.number(point.y))
        byte(UInt8(ascii: "]"))
    }
}
