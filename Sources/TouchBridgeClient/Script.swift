import Foundation
import TouchBridgeProtocol

/// A problem in a script file, with the JSON path of the field (`steps[2].center`).
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    /// The JSON path of the offending field; empty for the whole file.
    public var path: String
    /// What is wrong with it.
    public var message: String

    /// An error at `path`.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A gesture test as data (`touchbridge drive SCRIPT`; format in docs/scripting.md): a scene, then
/// steps — gestures (built-in or W3C WebDriver Actions), waits, app-side changes (`act`, the
/// protocol's vocabulary), and expectations on transitions (with values), actions, responder calls,
/// control events and render properties.
///
/// ```json
/// {"name": "pinch doubles the photo", "scene": "transform-image",
///  "steps": [
///    {"gesture": "pinch", "center": [200, 400], "from": 100, "to": 200},
///    {"expect": "transition", "recognizer": "pinch", "to": "ended"},
///    {"expect": "render", "view": "image", "property": "transform", "equals": [2, 0, 0, 2, 0, 0], "tolerance": 0.05}]}
/// ```
public struct Script: Sendable {
    /// The script's name, for reports.
    public var name: String
    /// Where the script came from (for reports).
    public var source: String?
    /// The scene to run: a catalog name or an inline scene (nil: the server's default).
    public var scene: SceneRequest?
    /// The window size the scene is laid out for.
    public var viewport: Viewport
    /// `manual` (the default) makes the run deterministic; `client` follows real time.
    public var clock: ClockMode
    /// What to do, in order.
    public var steps: [Step]

    /// One step of the script, with where it sits in the file for error messages.
    public struct Step: Sendable {
        /// The step's JSON path, `steps[3]`.
        public var path: String
        /// What the step does.
        public var action: Action
    }

    /// What a step can do (docs/scripting.md lists the JSON of each).
    public enum Action: Sendable {
        /// Perform a gesture.
        case gesture(Gesture)
        /// Let time pass, ms.
        case wait(Double)
        /// Wait for a matching log entry since the latest gesture, up to `within` ms.
        case expect(LogMatch, within: Double?)
        /// Let `within` ms pass, then check that no matching entry happened since the latest gesture.
        case expectNo(LogMatch, within: Double)
        /// Wait for entries matching the list in this order (others may come between).
        case expectSequence([LogMatch], within: Double?)
        /// Wait until a view's rendered property has the value, within the tolerance.
        case expectRender(view: String, property: String, value: ExpectedValue, tolerance: Double, within: Double?)
        /// Mark the moment in the server's recording with a note.
        case mark(String)
        /// Switch to the named scene.
        case scene(String)
        /// App-side changes now (`act` message, docs/protocol.md §4.11).
        case act([JSONValue])
    }

    /// A script; the default viewport is a 400×800 phone at 2× and the default clock `manual`.
    public init(name: String, scene: SceneRequest?, viewport: Viewport = Viewport(width: 400, height: 800, scale: 2),
                clock: ClockMode = .manual, steps: [Step]) {
        self.name = name
        self.scene = scene
        self.viewport = viewport
        self.clock = clock
        self.steps = steps
    }

    /// Reads a script file; `sampleRate` (Hz) samples every gesture's moves at that rate instead of
    /// the rates the script gives (the flake predictor's "the same gestures on another display").
    public static func load(path: String, sampleRate: Double? = nil) throws -> Script {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ScriptError(path: "", "\(path): cannot read the file")
        }
        var script = try parse(data, name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, sampleRate: sampleRate)
        script.source = path
        return script
    }

    /// Parses a script; `name` is used when the script has none; `sampleRate` as for `load`.
    public static func parse(_ data: Data, name: String = "script", sampleRate: Double? = nil) throws(ScriptError) -> Script {
        guard let json = try? WireJSON.makeDecoder().decode(JSONValue.self, from: data) else {
            throw ScriptError(path: "", "not valid JSON")
        }
        var root = try Fields(json, path: "")
        let title = try root.string("name") ?? name
        _ = try root.string("description")
        let scene: SceneRequest?
        switch root.take("scene") {
        case nil, .some(.null): scene = nil
        case .some(.string(let named)): scene = .named(named)
        case .some(let inline):
            guard case .object = inline else { throw ScriptError(path: "scene", "expected a scene name or an inline scene object") }
            scene = .inline(inline)
        }
        var viewport = Viewport(width: 400, height: 800, scale: 2)
        if let value = root.take("viewport") {
            var fields = try Fields(value, path: "viewport")
            viewport.width = try fields.number("width") ?? viewport.width
            viewport.height = try fields.number("height") ?? viewport.height
            viewport.scale = try fields.number("scale") ?? viewport.scale
            try fields.finish()
        }
        let clockName = try root.string("clock") ?? "manual"
        guard let clock = ClockMode(rawValue: clockName) else { throw ScriptError(path: "clock", "expected manual or client") }
        let defaults = Defaults(sampleRate: try root.number("sampleRate") ?? Gesture.defaultSampleRate,
                                tolerance: try root.number("tolerance") ?? 0.001, forcedSampleRate: sampleRate)
        var steps: [Step] = []
        if let list = try root.array("steps") {
            for (index, item) in list.enumerated() {
                steps.append(Step(path: "steps[\(index)]", action: try step(item, path: "steps[\(index)]", defaults: defaults)))
            }
        }
        // Shorthand: every gesture, then every expectation.
        if let list = try root.array("gestures") {
            for (index, item) in list.enumerated() {
                let path = "gestures[\(index)]"
                let action = try step(item, path: path, defaults: defaults)
                guard case .gesture = action else { throw ScriptError(path: path, "expected a gesture") }
                steps.append(Step(path: path, action: action))
            }
        }
        if let list = try root.array("expect") {
            for (index, item) in list.enumerated() {
                let path = "expect[\(index)]"
                var fields = try Fields(item, path: path)
                steps.append(Step(path: path, action: try expectation(&fields, defaults: defaults)))
                try fields.finish()
            }
        }
        guard !steps.isEmpty else { throw ScriptError(path: "steps", "a script needs steps (or gestures and expect)") }
        try root.finish()
        return Script(name: title, scene: scene, viewport: viewport, clock: clock, steps: steps)
    }

    struct Defaults {
        var sampleRate: Double
        var tolerance: Double
        /// Overrides every rate the script gives.
        var forcedSampleRate: Double?

        /// The rate of a gesture that gives `own` (nil: none).
        func sampleRate(own: Double?) -> Double { forcedSampleRate ?? own ?? sampleRate }
    }

    private static func step(_ json: JSONValue, path: String, defaults: Defaults) throws(ScriptError) -> Action {
        var fields = try Fields(json, path: path)
        let action: Action
        if fields.has("gesture") {
            action = .gesture(try gesture(&fields, defaults: defaults))
        } else if fields.has("actions") {
            let sampleRate = defaults.sampleRate(own: try fields.number("sampleRate"))
            let actions = fields.take("actions")!
            do {
                action = .gesture(try WebDriverActions.gesture(actions, sampleRate: sampleRate))
            } catch {
                throw ScriptError(path: "\(path).actions", error.description)
            }
        } else if fields.has("wait") {
            guard let ms = try fields.number("wait"), ms >= 0 else { throw ScriptError(path: "\(path).wait", "expected milliseconds ≥ 0") }
            action = .wait(ms)
        } else if fields.has("expect") {
            action = try expectation(&fields, defaults: defaults)
        } else if fields.has("mark") {
            action = .mark(try fields.string("mark") ?? "")
        } else if fields.has("scene") {
            action = .scene(try fields.string("scene") ?? "")
        } else if fields.has("act") {
            guard case .array(let list)? = fields.take("act"), !list.isEmpty else {
                throw ScriptError(path: "\(path).act", "expected a list of app actions (docs/protocol.md §4.11)")
            }
            action = .act(list)
        } else {
            throw ScriptError(path: path, "expected a step: gesture, actions, wait, expect, mark, scene or act")
        }
        try fields.finish()
        return action
    }

    private static func gesture(_ fields: inout Fields, defaults: Defaults) throws(ScriptError) -> Gesture {
        let kind = try fields.string("gesture") ?? ""
        let rate = defaults.sampleRate(own: try fields.number("sampleRate"))
        func easing() throws(ScriptError) -> Easing {
            let name = try fields.string("easing") ?? "linear"
            guard let easing = Easing(rawValue: name) else { throw fields.error("easing", "expected linear or easeInOut") }
            return easing
        }
        switch kind {
        case "tap", "doubleTap":
            return .tap(at: try fields.point("at", required: true)!, fingers: try fields.integer("fingers") ?? 1,
                        count: try fields.integer("count") ?? (kind == "doubleTap" ? 2 : 1),
                        duration: try fields.number("duration") ?? 60, interval: try fields.number("interval") ?? 120,
                        spread: try fields.number("spread") ?? 40)
        case "longPress":
            return .longPress(at: try fields.point("at", required: true)!, duration: try fields.number("duration") ?? 800,
                              fingers: try fields.integer("fingers") ?? 1, spread: try fields.number("spread") ?? 40)
        case "pan" where fields.has("releaseVelocity"):
            return .pan(from: try fields.point("from", required: true)!, to: try fields.point("to", required: true)!,
                        releaseVelocity: try fields.point("releaseVelocity", required: true)!,
                        duration: try fields.number("duration") ?? 300, fingers: try fields.integer("fingers") ?? 1,
                        sampleRate: rate, spread: try fields.number("spread") ?? 40)
        case "flick":
            return .flick(from: try fields.point("from", required: true)!, velocity: try fields.point("velocity", required: true)!,
                          duration: try fields.number("duration") ?? 150, fingers: try fields.integer("fingers") ?? 1,
                          sampleRate: rate, spread: try fields.number("spread") ?? 40)
        case "pan":
            let path: [Point]
            if let list = try fields.points("path") {
                path = list
            } else {
                path = [try fields.point("from", required: true)!, try fields.point("to", required: true)!]
            }
            return .pan(along: path, duration: try fields.number("duration") ?? 300, hold: try fields.number("hold") ?? 0,
                        fingers: try fields.integer("fingers") ?? 1, sampleRate: rate, easing: try easing(),
                        spread: try fields.number("spread") ?? 40)
        case "swipe":
            let name = try fields.string("direction") ?? ""
            guard let direction = SwipeDirection(rawValue: name) else { throw fields.error("direction", "expected right, left, up or down") }
            return .swipe(direction, from: try fields.point("from", required: true)!, distance: try fields.number("distance") ?? 200,
                          speed: try fields.number("speed") ?? 1000, fingers: try fields.integer("fingers") ?? 1, sampleRate: rate,
                          spread: try fields.number("spread") ?? 40)
        case "pinch":
            guard let from = try fields.number("from"), let to = try fields.number("to") else {
                throw fields.error("from", "a pinch needs from and to (finger distances, pt)")
            }
            if let velocity = try fields.number("releaseVelocity") {
                return .pinch(center: try fields.point("center", required: true)!, from: from, to: to, releaseVelocity: velocity,
                              degrees: try fields.number("degrees") ?? 0, duration: try fields.number("duration") ?? 300,
                              sampleRate: rate)
            }
            return .pinch(center: try fields.point("center", required: true)!, from: from, to: to,
                          degrees: try fields.number("degrees") ?? 0, duration: try fields.number("duration") ?? 300,
                          sampleRate: rate, easing: try easing())
        case "rotate":
            guard let degrees = try fields.number("degrees") else { throw fields.error("degrees", "a rotation needs degrees") }
            if let velocity = try fields.number("releaseVelocity") {
                return .rotate(center: try fields.point("center", required: true)!, radius: try fields.number("radius") ?? 80,
                               degrees: degrees, releaseVelocity: velocity, startDegrees: try fields.number("startDegrees") ?? 0,
                               duration: try fields.number("duration") ?? 300, sampleRate: rate)
            }
            return .rotate(center: try fields.point("center", required: true)!, radius: try fields.number("radius") ?? 80,
                           degrees: degrees, startDegrees: try fields.number("startDegrees") ?? 0,
                           duration: try fields.number("duration") ?? 300, sampleRate: rate, easing: try easing())
        case "edgePan":
            let name = try fields.string("edge") ?? ""
            guard let edge = ScreenEdge(rawValue: name) else { throw fields.error("edge", "expected left, right, top or bottom") }
            return .edgePan(from: edge, at: try fields.number("at"), distance: try fields.number("distance") ?? 150,
                            duration: try fields.number("duration") ?? 300, inset: try fields.number("inset") ?? 2, sampleRate: rate)
        case "raw":
            guard let list = try fields.array("events") else { throw fields.error("events", "a raw gesture needs events") }
            var events: [PointerEvent] = []
            for (index, item) in list.enumerated() {
                var event = try Fields(item, path: "\(fields.path).events[\(index)]")
                let phaseName = try event.string("phase") ?? ""
                guard let phase = PointerPhase(rawValue: phaseName) else { throw event.error("phase", "expected down, move, up or cancel") }
                let typeName = try event.string("pointerType") ?? "touch"
                guard let type = PointerType(rawValue: typeName) else { throw event.error("pointerType", "expected touch, pen or mouse") }
                guard let t = try event.number("t") else { throw event.error("t", "required (ms after the gesture starts)") }
                events.append(PointerEvent(
                    finger: try event.integer("finger") ?? 1, phase: phase, point: try event.point("at", required: true)!, t: t,
                    pointerType: type, pressure: try event.number("pressure"), width: try event.number("width"),
                    height: try event.number("height")))
                try event.finish()
            }
            return .raw(events)
        case "pause":
            return .pause(try fields.number("duration") ?? 0)
        default:
            throw fields.error("gesture", "expected tap, doubleTap, longPress, pan, flick, swipe, pinch, rotate, edgePan, raw or pause, got \"\(kind)\"")
        }
    }

    private static func expectation(_ fields: inout Fields, defaults: Defaults) throws(ScriptError) -> Action {
        let within = try fields.number("within")
        let negated = try fields.bool("not") ?? false
        let kind = try fields.string("expect") ?? ""
        if kind == "render" {
            guard !negated else { throw fields.error("not", "not applies to log expectations") }
            guard let view = try fields.string("view") else { throw fields.error("view", "required: the view's name") }
            guard let property = try fields.string("property") else { throw fields.error("property", "required (transform, center, alpha, …)") }
            guard let value = fields.take("equals") else { throw fields.error("equals", "required: the expected value") }
            return .expectRender(view: view, property: property, value: try ExpectedValue(json: value, path: "\(fields.path).equals"),
                                 tolerance: try fields.number("tolerance") ?? defaults.tolerance, within: within)
        }
        if kind == "sequence" {
            guard !negated else { throw fields.error("not", "not applies to single entries") }
            guard let list = try fields.array("entries") else { throw fields.error("entries", "required: expectations in order") }
            var matches: [LogMatch] = []
            for (index, item) in list.enumerated() {
                var entry = try Fields(item, path: "\(fields.path).entries[\(index)]")
                matches.append(try logMatch(&entry, defaults: defaults))
                try entry.finish()
            }
            return .expectSequence(matches, within: within)
        }
        let match = try logMatch(&fields, defaults: defaults)
        return negated ? .expectNo(match, within: within ?? 0) : .expect(match, within: within)
    }

    private static func logMatch(_ fields: inout Fields, defaults: Defaults) throws(ScriptError) -> LogMatch {
        let kind = try fields.string("expect") ?? ""
        func state(_ key: String) throws(ScriptError) -> RecognizerState? {
            guard let name = try fields.string(key) else { return nil }
            guard let state = RecognizerState(rawValue: name) else {
                throw fields.error(key, "expected one of \(RecognizerState.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return state
        }
        func required(_ key: String) throws(ScriptError) -> String {
            guard let value = try fields.string(key) else { throw fields.error(key, "required") }
            return value
        }
        switch kind {
        case "transition":
            let recognizer = try required("recognizer")
            guard let to = try state("to") else { throw fields.error("to", "required: the state entered") }
            var values: [String: ExpectedValue] = [:]
            if let object = fields.take("values") {
                guard case .object(let members) = object else { throw fields.error("values", "expected an object") }
                for (key, value) in members { values[key] = try ExpectedValue(json: value, path: "\(fields.path).values.\(key)") }
            }
            return .transition(recognizer, to: to, from: try state("from"), values: values, reason: try fields.string("reason"),
                               tolerance: try fields.number("tolerance") ?? defaults.tolerance)
        case "action":
            guard let state = try state("state") else { throw fields.error("state", "required") }
            return .action(try required("recognizer"), state)
        case "responder":
            let name = try required("method")
            guard let method = ResponderMethod(rawValue: name) else {
                throw fields.error("method", "expected one of \(ResponderMethod.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .responder(try required("responder"), method, touches: try fields.integer("touches"),
                              forwardedFrom: try fields.string("forwardedFrom"))
        case "controlEvent":
            return .controlEvent(try required("control"), try required("event"))
        case "note":
            return .note(containing: try required("contains"))
        case "waiting":
            return .waiting(try required("recognizer"))
        case "hitTest":
            return .hitTest(try required("view"))
        default:
            throw fields.error("expect", "expected transition, action, responder, controlEvent, note, waiting, hitTest, render or sequence, got \"\(kind)\"")
        }
    }
}

/// Reads one JSON object's fields and rejects the ones nobody read (typos are errors, not silently
/// ignored). Keys starting with `//` are comments.
struct Fields {
    let path: String
    private var members: [String: JSONValue]
    private var used: Set<String> = []

    init(_ json: JSONValue, path: String) throws(ScriptError) {
        guard case .object(let members) = json else { throw ScriptError(path: path, "expected an object") }
        self.members = members
        self.path = path
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    func error(_ key: String, _ message: String) -> ScriptError {
        ScriptError(path: path.isEmpty ? key : "\(path).\(key)", message)
    }

    mutating func take(_ key: String) -> JSONValue? {
        used.insert(key)
        return members[key]
    }

    mutating func number(_ key: String) throws(ScriptError) -> Double? {
        switch take(key) {
        case nil, .some(.null): return nil
        case .some(.number(let value)) where value.isFinite: return value
        default: throw error(key, "expected a number")
        }
    }

    mutating func integer(_ key: String) throws(ScriptError) -> Int? {
        guard let value = try number(key) else { return nil }
        guard value.rounded() == value, abs(value) < 1e9 else { throw error(key, "expected an integer") }
        return Int(value)
    }

    mutating func string(_ key: String) throws(ScriptError) -> String? {
        switch take(key) {
        case nil, .some(.null): return nil
        case .some(.string(let value)): return value
        default: throw error(key, "expected a string")
        }
    }

    mutating func bool(_ key: String) throws(ScriptError) -> Bool? {
        switch take(key) {
        case nil, .some(.null): return nil
        case .some(.bool(let value)): return value
        default: throw error(key, "expected true or false")
        }
    }

    mutating func array(_ key: String) throws(ScriptError) -> [JSONValue]? {
        switch take(key) {
        case nil, .some(.null): return nil
        case .some(.array(let items)): return items
        default: throw error(key, "expected an array")
        }
    }

    mutating func point(_ key: String, required: Bool = false) throws(ScriptError) -> Point? {
        guard let value = take(key), value != .null else {
            if required { throw error(key, "required: a point [x, y]") }
            return nil
        }
        return try Self.point(value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    mutating func points(_ key: String) throws(ScriptError) -> [Point]? {
        guard let list = try array(key) else { return nil }
        var points: [Point] = []
        for (index, item) in list.enumerated() { points.append(try Self.point(item, path: "\(path).\(key)[\(index)]")) }
        guard !points.isEmpty else { throw error(key, "expected at least one point") }
        return points
    }

    static func point(_ value: JSONValue, path: String) throws(ScriptError) -> Point {
        guard case .array(let items) = value, items.count == 2, case .number(let x) = items[0], case .number(let y) = items[1] else {
            throw ScriptError(path: path, "expected a point [x, y]")
        }
        return Point(x, y)
    }

    /// Fails on a field nobody read.
    func finish() throws(ScriptError) {
        if let unknown = members.keys.sorted().first(where: { !used.contains($0) && !$0.hasPrefix("//") && $0 != "$schema" }) {
            throw error(unknown, "unknown field")
        }
    }
}
