import SeededRandom
import Foundation
import Testing
@testable import TouchBridgeProtocol

/// The client-message decoder as it was, on Foundation's `JSONDecoder` and the hand-written
/// `Decodable` conformances (`Reference`): the reference the parser and the declared readers are
/// checked against.
enum FoundationReference {
    static func decode(_ text: String, limits: ProtocolLimits = ProtocolLimits()) throws(ProtocolError) -> ClientMessage {
        let byteCount = text.utf8.count
        guard byteCount <= limits.maxMessageBytes else {
            throw .limit("", "message is \(byteCount) bytes, more than maxMessageBytes \(limits.maxMessageBytes)")
        }
        let data = Data(text.utf8)
        let decoder = WireJSON.makeDecoder()
        guard let raw = try? decoder.decode(JSONValue.self, from: data) else {
            throw ProtocolError(code: ErrorCode.badJSON, message: "the message is not valid JSON")
        }
        guard case .object = raw else {
            throw ProtocolError(code: ErrorCode.badJSON, message: "the message must be a JSON object")
        }
        let seq = raw["seq"]?.integerValue
        do {
            let message = try decodeTyped(raw, data: data, decoder: decoder)
            try message.validate(limits: limits)
            return message
        } catch {
            var error = error
            error.seq = error.seq ?? seq
            throw error
        }
    }

    private static func decodeTyped(_ raw: JSONValue, data: Data, decoder: JSONDecoder) throws(ProtocolError) -> ClientMessage {
        guard let typeValue = raw["type"] else {
            throw ProtocolError(code: ErrorCode.unknownType, message: "the message has no \"type\" field", path: "type")
        }
        guard let type = typeValue.stringValue else {
            throw ProtocolError(code: ErrorCode.unknownType, message: "\"type\" must be a string", path: "type")
        }
        func body<T: Decodable>(_: T.Type) throws(ProtocolError) -> T {
            do {
                return try decoder.decode(T.self, from: data)
            } catch let error as DecodingError {
                throw schemaError(error)
            } catch {
                throw .schema("", "\(error)")
            }
        }
        switch type {
        case "hello":
            if let version = raw["protocol"], version != .number(Double(ProtocolVersion.current)) {
                throw ProtocolError(
                    code: ErrorCode.unsupportedProtocol,
                    message: "protocol \(foundationText(version)) is not supported; this server speaks protocol \(ProtocolVersion.current) (subprotocol \(ProtocolVersion.subprotocol))",
                    path: "protocol")
            }
            return .hello(try body(Reference.Join.self).value)
        case "input": return .input(try body(Reference.Frame.self).value)
        case "resize": return .resize(try body(Reference.Window.self).value)
        case "resync": return .resync
        case "advance", "motion", "remote", "scene", "ping", "mark", "act": return try body(Reference.Command.self).value
        default:
            let known = "hello, input, advance, motion, remote, resize, scene, ping, resync, mark, act"
            throw ProtocolError(code: ErrorCode.unknownType, message: "unknown message type \"\(type)\" (v1 types: \(known))", path: "type")
        }
    }

    /// Foundation's decoding error as a `schema` error with a JSON-style path.
    static func schemaError(_ error: DecodingError) -> ProtocolError {
        switch error {
        case .keyNotFound(let key, let context):
            return .schema(format(context.codingPath + [key]), "required field is missing")
        case .valueNotFound(let type, let context):
            return .schema(format(context.codingPath), "expected \(describe(type)), got null")
        case .typeMismatch(let type, let context):
            return .schema(format(context.codingPath), "expected \(describe(type))")
        case .dataCorrupted(let context):
            return .schema(format(context.codingPath), context.debugDescription)
        @unknown default:
            return .schema("", "\(error)")
        }
    }

    static func format(_ codingPath: [CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is Bool.Type: "a boolean (true or false)"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}

@Suite("Client messages: the declared readers = the Foundation decoder they replaced")
struct ClientMessageReadingTests {
    /// What a decode did, comparable across decoders (NaN-safe). `bad-json` messages differ on
    /// purpose (the parser says what and where), so only their code is compared.
    static func outcome(_ decode: () throws(ProtocolError) -> ClientMessage) -> String {
        do {
            return "ok \(try decode())"
        } catch let error where error.code == ErrorCode.badJSON {
            return "bad-json seq=\(String(describing: error.seq))"
        } catch {
            return "\(error.code) path=\(String(describing: error.path)) seq=\(String(describing: error.seq)) \(error.message)"
        }
    }

    static func compare(_ text: String, limits: ProtocolLimits = ProtocolLimits()) -> String? {
        var ours = outcome { () throws(ProtocolError) in try ClientMessage.decode(text, limits: limits) }
        let reference = outcome { () throws(ProtocolError) in try FoundationReference.decode(text, limits: limits) }
        // A repeated key differs on purpose: Foundation kept one of them, the parser refuses it (issue
        // 30) with a schema error naming it.
        if case .failure(let error) = Result(catching: { () throws(JSONParseError) in try JSONParser.parse(text) }),
           let path = error.duplicateKeyPath, ours.hasPrefix("schema path=Optional(\"\(path)\") seq=nil \(path): appears twice") {
            return nil
        }
        if ours != reference, ours.hasPrefix("bad-json"), let strict = withoutTrailingCommas(text) {
            // Foundation accepted trailing commas (`[1,]`, `{"a":1,}`); RFC 8259 and the parser do not.
            ours = outcome { () throws(ProtocolError) in try ClientMessage.decode(strict, limits: limits) }
        }
        return ours == reference ? nil : "\(text)\n  ours:       \(ours)\n  Foundation: \(reference)"
    }

    /// `text` without the commas before a `]` or `}` outside strings (nil if it has none).
    static func withoutTrailingCommas(_ text: String) -> String? {
        var bytes = Array(text.utf8)
        var inString = false, escaped = false, lastComma: Int?, changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                lastComma = nil
            } else if byte == UInt8(ascii: ",") {
                lastComma = index
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"), let comma = lastComma {
                bytes.remove(at: comma)
                index -= 1
                lastComma = nil
                changed = true
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                lastComma = nil
            }
            index += 1
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// A valid message of every type, with every optional field.
    static let bases: [JSONValue] = {
        let viewport: JSONValue = .object(["width": .number(390), "height": .number(844), "scale": .number(3)])
        let sample: JSONValue = .object(["x": .number(118), "y": .number(301), "t": .number(16004.1)])
        let pointer: JSONValue = .object([
            "id": .number(1), "phase": .string("move"), "x": .number(120.5), "y": .number(300), "t": .number(16012.3),
            "pressure": .number(0.5), "width": .number(24), "height": .number(20), "pointerType": .string("touch"),
            "coalesced": .array([sample, sample]),
        ])
        return [
            .object(["type": .string("hello"), "protocol": .number(1), "role": .string("device"), "scene": .string("photo"),
                     "viewport": viewport, "clock": .string("client"), "t": .number(15234.5), "client": .string("web/1"),
                     "log": .string("complete")]),
            .object(["type": .string("hello"), "protocol": .number(1), "role": .string("observer"), "session": .string("abc"),
                     "scene": .object(["views": .array([.object(["kind": .string("label")])])]),
                     "viewport": viewport, "clock": .string("manual")]),
            .object(["type": .string("input"), "seq": .number(7), "pointers": .array([
                pointer, .object(["id": .number(2), "phase": .string("down"), "x": .number(240), "y": .number(310),
                                  "t": .number(16011.9), "pointerType": .string("pen")]),
            ])]),
            .object(["type": .string("advance"), "t": .number(16600), "seq": .number(8)]),
            .object(["type": .string("motion"), "phase": .string("began"), "t": .number(17000), "seq": .number(9)]),
            .object(["type": .string("remote"), "command": .string("togglePlayPause"), "t": .number(17100), "seq": .number(10)]),
            .object(["type": .string("resize"), "width": .number(844), "height": .number(390), "scale": .number(3)]),
            .object(["type": .string("scene"), "scene": .string("photo")]),
            .object(["type": .string("ping"), "id": .number(42)]),
            .object(["type": .string("resync")]),
            .object(["type": .string("mark"), "note": .string("that tap was wrong"), "t": .number(17250.5)]),
            .object(["type": .string("act"), "t": .number(60), "seq": .number(7), "actions": .array([
                .object(["remove": .object(["view": .string("image")])]),
            ])]),
            .object(["type": .string("resize"), "width": .number(844), "height": .number(390), "scale": .number(3),
                     "safeArea": .object(["top": .number(47), "left": .number(0), "bottom": .number(34), "right": .number(0)])]),
        ]
    }()

    /// Values every field is tried with.
    static let replacements: [JSONValue?] = [
        nil, .null, .bool(true), .bool(false), .number(0), .number(-1), .number(1.5), .number(2), .number(1e300), .number(-0.0),
        .number(9_007_199_254_740_992), .number(9_007_199_254_740_994), .number(-9_007_199_254_740_992), .number(1e16), .number(20000),
        .string(""), .string("x"), .string("5"), .string("NaN"), .string("Infinity"), .string("-Infinity"), .string("nan"),
        .string("down"), .string("observer"), .string("began"), .string("stop"), .string("manual"), .string("mouse"),
        .string(String(repeating: "s", count: 300)), .string("é\"\\\n😀"),
        .array([]), .array([.number(1)]), .array([.null]), .object([:]), .object(["x": .number(1)]),
    ]

    /// Every path of `value` that names an object member or array element.
    static func paths(in value: JSONValue, prefix: [PathStep] = []) -> [[PathStep]] {
        switch value {
        case .object(let members):
            members.keys.sorted().flatMap { key in [prefix + [.key(key)]] + paths(in: members[key]!, prefix: prefix + [.key(key)]) }
        case .array(let elements):
            elements.indices.flatMap { index in [prefix + [.index(index)]] + paths(in: elements[index], prefix: prefix + [.index(index)]) }
        default: []
        }
    }

    enum PathStep { case key(String), index(Int) }

    /// `value` with the member at `path` replaced (nil: removed).
    static func replacing(_ path: ArraySlice<PathStep>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue? {
        guard let step = path.first else { return replacement }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(path.dropFirst(), in: members[key] ?? .null, with: replacement)
            return .object(members)
        case (.index(let index), .array(var elements)):
            if let element = replacing(path.dropFirst(), in: elements[index], with: replacement) {
                elements[index] = element
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default: return value
        }
    }

    @Test func everyFieldWithEveryKindOfWrongValue() {
        var failures: [String] = []
        var compared = 0
        for base in Self.bases {
            if let failure = Self.compare(WireJSON.text(base)) { failures.append(failure) }
            for path in Self.paths(in: base) {
                for replacement in Self.replacements {
                    guard let mutated = Self.replacing(path[...], in: base, with: replacement) else { continue }
                    compared += 1
                    if let failure = Self.compare(WireJSON.text(mutated)) { failures.append(failure) }
                }
            }
        }
        #expect(compared > 2500)
        #expect(failures.isEmpty, "\(failures.count) of \(compared) differ:\n\(failures.prefix(8).joined(separator: "\n"))")
    }

    @Test func pairsOfWrongFieldsReportTheSameFirstError() {
        var random = SplitMix64(seed: 77)
        var failures: [String] = []
        for _ in 0..<4000 {
            var message = random.pick(Self.bases)
            for _ in 0..<Int.random(in: 2...4, using: &random) {
                let paths = Self.paths(in: message)
                guard !paths.isEmpty, let mutated = Self.replacing(random.pick(paths)[...], in: message, with: random.pick(Self.replacements))
                else { continue }
                message = mutated
            }
            if let failure = Self.compare(WireJSON.text(message)) { failures.append(failure) }
        }
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(8).joined(separator: "\n"))")
    }

    @Test func limitsAndTextLevelCases() {
        let texts = [
            "", "{", "[1,2]", "7", "null", #"{"type":"ping","id":1,"id":2}"#, #"{"type":"ping","type":"resync","id":1}"#,
            #"{"type":"ping" , "id" : 1 }"#, " \n{\"type\":\"resync\"}\n ", #"{"type":"teleport","seq":3}"#, #"{"seq":1.5}"#,
            #"{"type":"hello","protocol":2}"#, #"{"type":"hello","protocol":"1"}"#, #"{"type":"hello","protocol":1.0}"#,
            #"{"type":"hello","protocol":{"b":[1,"x"],"a":null}}"#, #"{"type":"hello","protocol":1e-7}"#,
            #"{"type":"input","seq":4,"pointers":[{"id":1,"phase":"down","x":null,"y":"Infinity","t":"NaN","pointerType":"touch"}]}"#,
            #"{"type":"input","seq":1e400,"pointers":[]}"#, #"{"type":"input","seq":-0,"pointers":[]}"#,
            #"{"type":"scene","scene":{"blob":"\#(String(repeating: "y", count: 50))"}}"#,
            #"{"type":"ping","id":1,"padding":"\#(String(repeating: "x", count: 100))"}"#,
        ]
        let limits = [ProtocolLimits(), ProtocolLimits(maxMessageBytes: 64, maxPointersPerInput: 1, maxCoalescedPerPointer: 1,
                                                         maxInlineSceneBytes: 40, maxViewportPoints: 500, maxViewportScale: 2, maxStringLength: 5)]
        for limit in limits {
            for text in texts + Self.bases.map({ WireJSON.text($0) }) {
                #expect(Self.compare(text, limits: limit) == nil, "\(Self.compare(text, limits: limit) ?? "")")
            }
        }
    }

    @Test func randomCorruptionsOfValidMessages() {
        var random = SplitMix64(seed: 31337)
        var failures: [String] = []
        let alphabet = Array(#"{}[],:"\0123456789.eE+-tfnul xNaI"#.utf8)
        for _ in 0..<4000 {
            var bytes = Array(WireJSON.text(random.pick(Self.bases)).utf8)
            for _ in 0..<Int.random(in: 1...2, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(random.pick(alphabet), at: index)
                default: bytes[index] = random.pick(alphabet)
                }
            }
            if let failure = Self.compare(String(decoding: bytes, as: UTF8.self)) { failures.append(failure) }
        }
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(8).joined(separator: "\n"))")
    }

    @Test func badJSONSaysWhereTheTextWentWrong() {
        let error = decodeError(#"{"type":"ping","id":}"#)
        #expect(error?.code == "bad-json")
        #expect(error?.message == "the message is not valid JSON: unexpected character '}', expected a value at byte 20")
        #expect(decodeError(String(repeating: "[", count: 200) + String(repeating: "]", count: 200))?.code == "bad-json")
    }
}
