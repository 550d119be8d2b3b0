import Foundation
import TouchBridgeProtocol

/// The client messages' `Decodable` conformances as they were written by hand before the messages
/// were declared once (`WireObject`): kept here, apart from the code, as the independent reference
/// `ClientMessageReadingTests` checks the declared readers' rules and error wording against.
enum Reference {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    typealias Container = KeyedDecodingContainer<Key>

    static func integer(_ c: Container, _ key: String) throws -> Int {
        let key = Key(key)
        if c.contains(key), try c.decodeNil(forKey: key) {
            throw DecodingError.valueNotFound(Int.self, .init(codingPath: c.codingPath + [key], debugDescription: "null"))
        }
        let value = try c.decode(Double.self, forKey: key)
        guard value.rounded() == value else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected an integer")
        }
        guard abs(value) <= ProtocolLimits.maxInteger else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c,
                debugDescription: "\(value) is beyond ±2^53 (9007199254740992), the largest integer a JSON number holds exactly")
        }
        return Int(value)
    }

    static func integerIfPresent(_ c: Container, _ key: String) throws -> Int? {
        guard c.contains(Key(key)), try !c.decodeNil(forKey: Key(key)) else { return nil }
        return try integer(c, key)
    }

    static func nonFinite(_ c: Container, _ key: String) throws -> Double {
        if try c.decodeNil(forKey: Key(key)) { return .nan }
        return try c.decode(Double.self, forKey: Key(key))
    }

    static func number(_ c: Container, _ key: String) throws -> Double { try c.decode(Double.self, forKey: Key(key)) }
    static func numberIfPresent(_ c: Container, _ key: String) throws -> Double? { try c.decodeIfPresent(Double.self, forKey: Key(key)) }
    static func stringIfPresent(_ c: Container, _ key: String) throws -> String? { try c.decodeIfPresent(String.self, forKey: Key(key)) }

    struct Scene: Decodable {
        let value: SceneRequest
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let name = try? container.decode(String.self) {
                value = .named(name)
                return
            }
            let json = try container.decode(JSONValue.self)
            guard case .object = json else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a scene name or an inline scene object")
            }
            value = .inline(json)
        }
    }

    struct Insets: Decodable {
        let value: SafeAreaInsets
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            value = SafeAreaInsets(top: try number(c, "top"), left: try number(c, "left"), bottom: try number(c, "bottom"), right: try number(c, "right"))
        }
    }

    struct Window: Decodable {
        let value: Viewport
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            let width = try number(c, "width"), height = try number(c, "height"), scale = try number(c, "scale")
            value = Viewport(width: width, height: height, scale: scale, safeArea: try c.decodeIfPresent(Insets.self, forKey: Key("safeArea"))?.value)
        }
    }

    struct Join: Decodable {
        let value: Hello
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            let version = try integer(c, "protocol")
            let role = try c.decode(Role.self, forKey: Key("role"))
            let scene = try c.decodeIfPresent(Scene.self, forKey: Key("scene"))?.value
            let session = try stringIfPresent(c, "session")
            let viewport = try c.decode(Window.self, forKey: Key("viewport")).value
            let clock = try c.decode(ClockMode.self, forKey: Key("clock"))
            let t = try numberIfPresent(c, "t")
            var hello = Hello(role: role, scene: scene, session: session, viewport: viewport, clock: clock, t: t,
                              client: try stringIfPresent(c, "client"), protocolVersion: version)
            hello.log = try c.decodeIfPresent(LogLevel.self, forKey: Key("log"))
            value = hello
        }
    }

    struct Sample: Decodable {
        let value: PointerSample
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            value = PointerSample(x: try nonFinite(c, "x"), y: try nonFinite(c, "y"), t: try nonFinite(c, "t"))
        }
    }

    struct Change: Decodable {
        let value: Pointer
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            let id = try integer(c, "id")
            let phase = try c.decode(PointerPhase.self, forKey: Key("phase"))
            let x = try nonFinite(c, "x"), y = try nonFinite(c, "y"), t = try nonFinite(c, "t")
            let pressure = try numberIfPresent(c, "pressure"), width = try numberIfPresent(c, "width"), height = try numberIfPresent(c, "height")
            let pointerType = try c.decode(PointerType.self, forKey: Key("pointerType"))
            let coalesced = try c.decodeIfPresent([Sample].self, forKey: Key("coalesced"))?.map(\.value)
            value = Pointer(id: id, phase: phase, x: x, y: y, t: t, pointerType: pointerType, pressure: pressure, width: width, height: height,
                            coalesced: coalesced)
        }
    }

    struct Frame: Decodable {
        let value: Input
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            let seq = try integer(c, "seq")
            value = Input(seq: seq, pointers: try c.decode([Change].self, forKey: Key("pointers")).map(\.value))
        }
    }

    /// `advance`, `motion`, `remote`, `ping`, `scene`, `mark` and `act`, by type.
    struct Command: Decodable {
        let value: ClientMessage
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            switch try c.decode(String.self, forKey: Key("type")) {
            case "advance":
                let t = try number(c, "t")
                value = .advance(Advance(t: t, seq: try integerIfPresent(c, "seq")))
            case "motion":
                let phase = try c.decode(MotionPhase.self, forKey: Key("phase"))
                let t = try number(c, "t")
                value = .motion(Motion(phase: phase, t: t, seq: try integerIfPresent(c, "seq")))
            case "remote":
                let command = try c.decode(RemoteCommand.self, forKey: Key("command"))
                let t = try number(c, "t")
                value = .remote(Remote(command: command, t: t, seq: try integerIfPresent(c, "seq")))
            case "ping": value = .ping(Ping(id: try integer(c, "id")))
            case "scene": value = .scene(SceneSwitch(scene: try c.decode(Scene.self, forKey: Key("scene")).value))
            case "mark":
                let note = try stringIfPresent(c, "note")
                value = .mark(Mark(note: note, t: try numberIfPresent(c, "t")))
            default:
                let t = try number(c, "t")
                let seq = try integerIfPresent(c, "seq")
                value = .act(AppActions(t: t, seq: seq, actions: try c.decode([JSONValue].self, forKey: Key("actions"))))
            }
        }
    }
}
