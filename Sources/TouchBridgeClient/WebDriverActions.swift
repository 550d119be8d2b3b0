import Foundation
import TouchBridgeProtocol

/// W3C WebDriver Actions (https://www.w3.org/TR/webdriver2/#actions) as gesture input: the JSON a
/// WebDriver client sends to `POST /session/{id}/actions`, so gestures written for Appium or
/// Selenium run unchanged.
///
/// Supported: `pointer` sources (`pointerType` `touch` — the default here —, `pen` or `mouse`; one
/// finger per source) with `pointerMove` (`x`, `y`, `duration`, `origin` `"viewport"` or
/// `"pointer"`; optional `width`, `height`, `pressure`), `pointerDown`, `pointerUp`,
/// `pointerCancel` and `pause`; `none` sources (pauses). Actions run tick by tick as the
/// specification says: the n-th action of every source together, the tick lasting as long as its
/// longest `duration`. A `pointerMove` with a duration is sampled at `sampleRate` Hz like the
/// built-in gestures, so `pointerDown`, a 300 ms `pointerMove`, `pointerUp` gives exactly the
/// stream of `Gesture.pan` with the same points. Element origins, `key` and `wheel` actions have
/// no meaning without a DOM and are refused.
public enum WebDriverActions {
    /// A gesture from an Actions payload: `{"actions": [source, …]}` or the bare array.
    public static func gesture(_ json: JSONValue, sampleRate: Double = Gesture.defaultSampleRate) throws(GestureError) -> Gesture {
        let timeline = try self.timeline(json, sampleRate: sampleRate)
        let fingers = Set(timeline.events.map(\.finger)).count
        return Gesture("W3C actions (\(fingers) pointer\(fingers == 1 ? "" : "s"), \(Point.format(timeline.duration)) ms)") { _ throws(GestureError) in
            timeline
        }
    }

    /// Parses and runs the actions into a timeline.
    public static func timeline(_ json: JSONValue, sampleRate: Double = Gesture.defaultSampleRate) throws(GestureError) -> Timeline {
        let sourcesValue: JSONValue
        if case .array = json {
            sourcesValue = json
        } else if let inner = json["actions"] {
            sourcesValue = inner
        } else {
            throw GestureError("actions: expected {\"actions\": [...]} or an array of input sources")
        }
        guard case .array(let sourceValues) = sourcesValue else { throw GestureError("actions: expected an array of input sources") }
        var sources: [Source] = []
        for (index, value) in sourceValues.enumerated() {
            sources.append(try Source(value, path: "actions[\(index)]", finger: index + 1))
        }
        let tickCount = sources.map(\.actions.count).max() ?? 0
        var events: [PointerEvent] = []
        var now = 0.0
        for tick in 0..<tickCount {
            let explicit = sources.compactMap { $0.actions.indices.contains(tick) ? $0.actions[tick].duration : nil }
            let tickDuration = explicit.max() ?? 0
            for index in sources.indices where sources[index].actions.indices.contains(tick) {
                events += try sources[index].perform(tick, at: now, tickDuration: tickDuration, sampleRate: sampleRate)
            }
            now += tickDuration
        }
        return Timeline(events: events, duration: Gesture.round3(now))
    }

    private struct Action {
        enum Kind { case pause, down, up, cancel, move(x: Double, y: Double, relative: Bool) }
        var kind: Kind
        var duration: Double?
        var pressure: Double?
        var width: Double?
        var height: Double?
        var path: String
    }

    private struct Source {
        var id: String
        var pointerType: PointerType?
        var actions: [Action]
        var finger: Int
        var position = Point.zero
        var pressed = false

        init(_ value: JSONValue, path: String, finger: Int) throws(GestureError) {
            guard case .object = value else { throw GestureError("\(path): expected an input source object") }
            self.finger = finger
            id = value["id"]?.stringValue ?? "source \(finger)"
            let type = value["type"]?.stringValue
            switch type {
            case "pointer":
                let name = value["parameters"]?["pointerType"]?.stringValue ?? "touch"
                guard let kind = PointerType(rawValue: name) else {
                    throw GestureError("\(path).parameters.pointerType: expected one of touch, pen, mouse, got \"\(name)\"")
                }
                pointerType = kind
            case "none":
                pointerType = nil
            case "key", "wheel":
                throw GestureError("\(path).type: \(type ?? "") actions are not supported (touch input only); use pointer or none")
            default:
                throw GestureError("\(path).type: expected pointer or none, got \(type.map { "\"\($0)\"" } ?? "nothing")")
            }
            guard case .array(let list) = value["actions"] ?? .null else {
                throw GestureError("\(path).actions: expected an array of actions")
            }
            var actions: [Action] = []
            for (index, item) in list.enumerated() {
                actions.append(try Self.action(item, path: "\(path).actions[\(index)]", pointer: pointerType != nil))
            }
            self.actions = actions
        }

        static func action(_ value: JSONValue, path: String, pointer: Bool) throws(GestureError) -> Action {
            func number(_ key: String) throws(GestureError) -> Double? {
                guard let field = value[key], field != .null else { return nil }
                guard case .number(let number) = field, number.isFinite else { throw GestureError("\(path).\(key): expected a number") }
                return number
            }
            let duration = try number("duration")
            if let duration, duration < 0 { throw GestureError("\(path).duration: cannot be negative") }
            let type = value["type"]?.stringValue ?? ""
            var action = Action(kind: .pause, duration: duration, path: path)
            if type == "pause" { return action }
            guard pointer else { throw GestureError("\(path).type: a none source only pauses, got \"\(type)\"") }
            action.pressure = try number("pressure")
            action.width = try number("width")
            action.height = try number("height")
            switch type {
            case "pointerDown": action.kind = .down
            case "pointerUp": action.kind = .up
            case "pointerCancel": action.kind = .cancel
            case "pointerMove":
                guard let x = try number("x"), let y = try number("y") else { throw GestureError("\(path): pointerMove needs x and y") }
                var relative = false
                switch value["origin"] {
                case nil, .some(.null), .some(.string("viewport")): relative = false
                case .some(.string("pointer")): relative = true
                default:
                    throw GestureError("\(path).origin: only \"viewport\" and \"pointer\" are supported (there are no elements)")
                }
                action.kind = .move(x: x, y: y, relative: relative)
            default:
                throw GestureError("\(path).type: expected pause, pointerDown, pointerUp, pointerMove or pointerCancel, got \"\(type)\"")
            }
            return action
        }

        mutating func perform(_ tick: Int, at now: Double, tickDuration: Double, sampleRate: Double) throws(GestureError) -> [PointerEvent] {
            let action = actions[tick]
            guard let pointerType else { return [] }
            func event(_ phase: PointerPhase, _ point: Point, _ t: Double) -> PointerEvent {
                PointerEvent(finger: finger, phase: phase, point: point.rounded, t: Gesture.round3(t), pointerType: pointerType,
                             pressure: action.pressure, width: action.width, height: action.height)
            }
            switch action.kind {
            case .pause:
                return []
            case .down:
                // WebDriver: pressing a pressed button does nothing.
                guard !pressed else { return [] }
                pressed = true
                return [event(.down, position, now)]
            case .up, .cancel:
                guard pressed else { return [] }
                pressed = false
                if case .cancel = action.kind { return [event(.cancel, position, now)] }
                return [event(.up, position, now)]
            case .move(let x, let y, let relative):
                let start = position
                let target = relative ? start + Point(x, y) : Point(x, y)
                position = target
                guard pressed else { return [] }
                let duration = action.duration ?? tickDuration
                let times = try Gesture.sampleTimes(duration: duration, sampleRate: sampleRate)
                return times.map { t in
                    event(.move, start.interpolated(to: target, duration == 0 ? 1 : t / duration), now + t)
                }
            }
        }
    }
}
