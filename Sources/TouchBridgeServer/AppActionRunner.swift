import TouchBridgeProtocol
import TouchKit

/// The `act` message's actions (docs/protocol.md §4.11), read against the running app: every
/// action is checked first — its verb, the views and recognizers it names, its values — and an error
/// names the field (`actions[2].value`), with nothing applied; then all are applied in order in one
/// turn, each with a note in the event log. Views and recognizers are found by the names the event
/// log uses (`root` and `window` too).
struct AppActionRunner {
    private enum Action {
        case setView(UIView, String, JSONValue)
        case setRecognizer(UIGestureRecognizer, String, Bool)
        case removeView(UIView)
        case moveView(UIView, to: UIView)
        case removeRecognizer(UIGestureRecognizer)
        case moveRecognizer(UIGestureRecognizer, to: UIView)
        case remoteControl(Bool)
        case resignActive
        case becomeActive
    }

    static let viewProperties = ["hidden", "alpha", "userInteraction", "multipleTouch", "exclusiveTouch", "frame"]
    static let recognizerProperties = ["enabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded"]

    private let application: UIApplication
    private var actions: [(Action, String)] = []

    /// Reads and checks `values`; throws the first problem, having changed nothing.
    init(_ values: [JSONValue], application: UIApplication) throws(ProtocolError) {
        self.application = application
        for (index, value) in values.enumerated() {
            actions.append(try read(value, path: "actions[\(index)]"))
        }
    }

    /// Applies every action at engine time `time` (seconds), in order.
    func apply(at time: Double) throws(InputError) {
        for (action, description) in actions {
            application.logNote("act: \(description)")
            switch action {
            case .setView(let view, let property, let value): Self.set(property, of: view, to: value)
            case .setRecognizer(let recognizer, let property, let value):
                switch property {
                case "enabled": recognizer.isEnabled = value
                case "cancelsTouchesInView": recognizer.cancelsTouchesInView = value
                case "delaysTouchesBegan": recognizer.delaysTouchesBegan = value
                default: recognizer.delaysTouchesEnded = value
                }
            case .removeView(let view): view.removeFromSuperview()
            case .moveView(let view, let parent): parent.addSubview(view)
            case .removeRecognizer(let recognizer): recognizer.view?.removeGestureRecognizer(recognizer)
            case .moveRecognizer(let recognizer, let view): view.addGestureRecognizer(recognizer)
            case .remoteControl(let on):
                if on { application.beginReceivingRemoteControlEvents() } else { application.endReceivingRemoteControlEvents() }
            case .resignActive: try application.resignActive(at: time)
            case .becomeActive: try application.becomeActive(at: time)
            }
        }
    }

    // MARK: Reading

    private func read(_ value: JSONValue, path: String) throws(ProtocolError) -> (Action, String) {
        guard case .object(let fields) = value, fields.count == 1, let (verb, body) = fields.first else {
            throw .schema(path, "expected an object with one of set, remove, move, remoteControl, app")
        }
        let at = "\(path).\(verb)"
        switch verb {
        case "set":
            let object = try members(body, path: at, allowed: ["view", "recognizer", "property", "value"])
            let property = try string(object["property"], path: "\(at).property")
            let newValue = object["value"] ?? .null
            if object["view"] != nil {
                let view = try self.view(object["view"], path: "\(at).view")
                guard Self.viewProperties.contains(property) else {
                    throw .schema("\(at).property", "expected one of \(Self.viewProperties.joined(separator: ", "))")
                }
                try Self.check(property, newValue, path: "\(at).value")
                return (.setView(view, property, newValue), "set \(view.traceName).\(property) = \(WireJSON.text(newValue))")
            }
            let recognizer = try self.recognizer(object["recognizer"], path: "\(at).recognizer")
            guard Self.recognizerProperties.contains(property) else {
                throw .schema("\(at).property", "expected one of \(Self.recognizerProperties.joined(separator: ", "))")
            }
            guard case .bool(let flag) = newValue else { throw .schema("\(at).value", "expected true or false") }
            return (.setRecognizer(recognizer, property, flag), "set \(recognizer.traceName).\(property) = \(flag)")
        case "remove":
            let object = try members(body, path: at, allowed: ["view", "recognizer"])
            if object["view"] != nil {
                let view = try self.view(object["view"], path: "\(at).view")
                guard view.superview != nil, !(view is UIWindow) else { throw .schema("\(at).view", "the window cannot be removed") }
                return (.removeView(view), "remove view \(view.traceName)")
            }
            let recognizer = try self.recognizer(object["recognizer"], path: "\(at).recognizer")
            return (.removeRecognizer(recognizer), "remove recognizer \(recognizer.traceName)")
        case "move":
            let object = try members(body, path: at, allowed: ["view", "recognizer", "to"])
            let target = try view(object["to"], path: "\(at).to")
            if object["view"] != nil {
                let view = try self.view(object["view"], path: "\(at).view")
                guard !(view is UIWindow), !target.isDescendant(of: view) else {
                    throw .schema("\(at).to", "a view cannot move into itself or its subviews")
                }
                return (.moveView(view, to: target), "move view \(view.traceName) to \(target.traceName)")
            }
            let recognizer = try self.recognizer(object["recognizer"], path: "\(at).recognizer")
            return (.moveRecognizer(recognizer, to: target), "move recognizer \(recognizer.traceName) to \(target.traceName)")
        case "remoteControl":
            guard case .string(let mode) = body, mode == "begin" || mode == "end" else { throw .schema(at, "expected begin or end") }
            return (.remoteControl(mode == "begin"), "\(mode)ReceivingRemoteControlEvents")
        case "app":
            guard case .string(let event) = body, event == "willResignActive" || event == "didBecomeActive" else {
                throw .schema(at, "expected willResignActive or didBecomeActive")
            }
            return (event == "willResignActive" ? .resignActive : .becomeActive, "application \(event)")
        default:
            throw .schema(path, "unknown action \"\(verb)\" (set, remove, move, remoteControl, app)")
        }
    }

    private func members(_ value: JSONValue, path: String, allowed: Set<String>) throws(ProtocolError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw .schema(path, "expected an object") }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .schema("\(path).\(unknown)", "unknown field (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
        return object
    }

    private func string(_ value: JSONValue?, path: String) throws(ProtocolError) -> String {
        guard case .string(let text)? = value else { throw .schema(path, "expected a string") }
        return text
    }

    private func view(_ value: JSONValue?, path: String) throws(ProtocolError) -> UIView {
        let name = try string(value, path: path)
        for window in application.windows {
            if let found = Self.find(name, in: window) { return found }
        }
        throw .schema(path, "no view named \"\(name)\"")
    }

    private func recognizer(_ value: JSONValue?, path: String) throws(ProtocolError) -> UIGestureRecognizer {
        let name = try string(value, path: path)
        if let found = RecognizerListing.all(of: application).first(where: { $0.traceName == name }) { return found }
        throw .schema(path, "no recognizer named \"\(name)\"")
    }

    private static func find(_ name: String, in view: UIView) -> UIView? {
        if view.traceName == name { return view }
        for subview in view.subviews {
            if let found = find(name, in: subview) { return found }
        }
        return nil
    }

    // MARK: View properties

    private static func check(_ property: String, _ value: JSONValue, path: String) throws(ProtocolError) {
        switch (property, value) {
        case ("alpha", .number(let alpha)) where (0...1).contains(alpha): return
        case ("alpha", _): throw .schema(path, "expected a number from 0 to 1")
        case ("frame", .array(let parts)) where parts.count == 4:
            for (index, part) in parts.enumerated() {
                guard case .number(let number) = part, number.isFinite, abs(number) <= 1e6, index < 2 || number >= 0 else {
                    throw .schema(path, "expected [x, y, width, height] in points (sizes ≥ 0)")
                }
            }
        case ("frame", _): throw .schema(path, "expected [x, y, width, height] in points (sizes ≥ 0)")
        case (_, .bool): return
        default: throw .schema(path, "expected true or false")
        }
    }

    private static func set(_ property: String, of view: UIView, to value: JSONValue) {
        switch (property, value) {
        case ("alpha", .number(let alpha)): view.alpha = CGFloat(alpha)
        case ("frame", .array(let parts)):
            let n: [Double] = parts.map { part in
                if case .number(let number) = part { return number }
                return 0
            }
            view.frame = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        case ("hidden", .bool(let flag)): view.isHidden = flag
        case ("userInteraction", .bool(let flag)): view.isUserInteractionEnabled = flag
        case ("multipleTouch", .bool(let flag)): view.isMultipleTouchEnabled = flag
        case ("exclusiveTouch", .bool(let flag)): view.isExclusiveTouch = flag
        default: break
        }
    }
}
