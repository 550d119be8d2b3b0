import Foundation
import TouchBridgeProtocol

/// A recording's finger trace as W3C WebDriver Actions (https://www.w3.org/TR/webdriver2/#actions): the
/// body of `POST /session/{id}/actions` that Appium's XCUITest driver (WebDriverAgent) plays on a real
/// iPhone, so the very gesture a phone recorded here can be run against real UIKit — and back through
/// `touchbridge drive`, which imports the same format.
///
/// Each pointer of the recording is one `pointer` source (its `pointerType`, one finger). Every moment
/// of the recording becomes up to three ticks: a pause for the time since the previous moment, a
/// pointer move (duration 0, nothing pressed) to where a finger lands, and the moment's changes —
/// `pointerDown`, `pointerMove` with duration 0 (so no samples are added between the recorded ones),
/// `pointerUp`, `pointerCancel`. Durations are whole milliseconds, as the specification requires,
/// rounded from the time since the session joined so no rounding error accumulates. A final pause
/// reaches the last timer the recording saw fire (or the last `advance` of a manual clock), so a trailing
/// double-tap failure or long press happens on replay too.
///
/// What actions cannot say is left out and listed in `notes`: a resize after the first touch (the
/// export uses the viewport in force at the first touch), `act`, scene switches, motion, remote
/// control and coalesced samples.
package struct WebDriverActionsExport: Sendable {
    /// The scene the session showed at its first touch.
    package var scene: SceneRequest
    /// The viewport in force at the first touch.
    package var viewport: Viewport
    /// The Actions body: `{"actions": [source, …]}`.
    package var actions: JSONValue
    /// What the export left out, one line each (empty: the whole session is in the actions).
    package var notes: [String]

    /// The export of `recording`; throws when the recording has no touch to export.
    package init(_ recording: Recording) throws {
        try self.init(RecordedTrace(recording))
    }

    /// The export of a session's `trace`.
    init(_ trace: RecordedTrace) {
        let viewport = trace.viewport
        scene = trace.scene
        self.viewport = viewport
        notes = trace.notes
        actions = .object(["actions": .array(Self.sources(trace))])
    }

    /// A `touchbridge drive` script that plays the actions on the recording's scene and viewport with the
    /// manual clock (docs/scripting.md §3).
    package func driveScript(name: String) -> JSONValue {
        var script: [String: JSONValue] = [
            "name": .string(name),
            "description": .string("W3C WebDriver Actions exported from a recording (touchbridge export)"),
            "viewport": .object(["width": .number(viewport.width), "height": .number(viewport.height), "scale": .number(viewport.scale)]),
            "clock": .string("manual"),
            "steps": .array([actions]),
        ]
        switch scene {
        case .named(let named): script["scene"] = .string(named)
        case .inline(let inline): script["scene"] = inline
        }
        return .object(script)
    }

    private static func sources(_ trace: RecordedTrace) -> [JSONValue] {
        let ids = trace.pointerOrder
        var ticks: [[Int: JSONValue]] = []  // per tick: source index → action; the others pause
        var elapsed = 0  // whole ms of W3C time so far
        func pause(until time: Double) {
            // Recorded times are finite and within ±10^12 ms (`Recording.parse`); exactly: never a trap.
            guard let target = Int(exactly: (time - trace.origin).rounded()) else { return }
            if target > elapsed {
                ticks.append([0: .object(["type": .string("pause"), "duration": .number(Double(target - elapsed))])])
                elapsed = target
            }
        }
        for moment in trace.moments {
            pause(until: moment.t)
            let landing = moment.changes.filter { $0.phase == .down }
            if !landing.isEmpty {
                ticks.append(Dictionary(landing.map { (ids[$0.id]!, move($0)) }, uniquingKeysWith: { first, _ in first }))
            }
            // One change per source per tick: a pointer changing twice in a moment takes two ticks.
            var pending = moment.changes
            while !pending.isEmpty {
                var tick: [Int: JSONValue] = [:]
                var later: [Pointer] = []
                for change in pending {
                    let source = ids[change.id]!
                    if tick[source] == nil { tick[source] = action(change) } else { later.append(change) }
                }
                ticks.append(tick)
                pending = later
            }
        }
        pause(until: trace.end)
        return ids.sorted { $0.value < $1.value }.map { id, index in
            let actions = ticks.map { tick in tick[index] ?? .object(["type": .string("pause"), "duration": .number(0)]) }
            return .object([
                "type": .string("pointer"), "id": .string("pointer \(id)"),
                "parameters": .object(["pointerType": .string(trace.pointerTypes[id]?.rawValue ?? "touch")]),
                "actions": .array(actions),
            ])
        }
    }

    private static func move(_ change: Pointer) -> JSONValue {
        .object(["type": .string("pointerMove"), "duration": .number(0), "x": .number(change.x), "y": .number(change.y)])
    }

    private static func action(_ change: Pointer) -> JSONValue {
        var fields: [String: JSONValue]
        switch change.phase {
        case .down: fields = ["type": .string("pointerDown"), "button": .number(0)]
        case .move: fields = ["type": .string("pointerMove"), "duration": .number(0), "x": .number(change.x), "y": .number(change.y)]
        case .up: fields = ["type": .string("pointerUp"), "button": .number(0)]
        case .cancel: fields = ["type": .string("pointerCancel")]
        }
        if change.phase != .up, change.phase != .cancel {
            if let pressure = change.pressure { fields["pressure"] = .number(pressure) }
            if let width = change.width { fields["width"] = .number(width) }
            if let height = change.height { fields["height"] = .number(height) }
        }
        return .object(fields)
    }
}
