import Foundation

/// Why a declarative scene was rejected: the path to the bad field and what is wrong with it.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The JSON path of the bad field, e.g. `views[2].frame`.
    public let path: String
    /// What is wrong with it.
    public let message: String

    /// An error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Reads untyped JSON with a path, so every error names the field it is about
/// (`recognizers[2].direction[0]: expected one of right, left, up, down`).
struct JSONWalker {
    let value: Any
    let path: String

    static func parse(_ data: Data) throws(SceneError) -> JSONWalker {
        do {
            return JSONWalker(value: try JSONSerialization.jsonObject(with: data), path: "")
        } catch {
            throw SceneError(path: "", message: "not valid JSON")
        }
    }

    func error(_ message: String) -> SceneError { SceneError(path: path, message: message) }

    /// Compact JSON text of a parsed value, for log notes (`[0,0,10,10]`, `true`, `{"circle":true}`).
    static func text(_ value: Any) -> String {
        switch value {
        case let number as NSNumber where number.isJSONBoolean: return number.boolValue ? "true" : "false"
        case let number as NSNumber:
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        case let string as String: return "\"\(string)\""
        case let array as [Any]: return "[" + array.map(text).joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\"\($0)\":\(text(object[$0]!))" }.joined(separator: ",") + "}"
        default: return "null"
        }
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func object(allowing keys: Set<String>) throws(SceneError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw error("expected an object") }
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw SceneError(path: child(unknown), message: "unknown field (allowed: \(keys.sorted().joined(separator: ", ")))")
        }
        return object
    }

    func field(_ key: String, in object: [String: Any]) -> JSONWalker? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return JSONWalker(value: value, path: child(key))
    }

    func required(_ key: String, in object: [String: Any]) throws(SceneError) -> JSONWalker {
        guard let walker = field(key, in: object) else { throw SceneError(path: child(key), message: "required") }
        return walker
    }

    func array(maxCount: Int = .max) throws(SceneError) -> [JSONWalker] {
        guard let array = value as? [Any] else { throw error("expected an array") }
        guard array.count <= maxCount else { throw error("at most \(maxCount) entries") }
        return array.enumerated().map { JSONWalker(value: $1, path: "\(path)[\($0)]") }
    }

    func string() throws(SceneError) -> String {
        guard let string = value as? String else { throw error("expected a string") }
        return string
    }

    func bool() throws(SceneError) -> Bool {
        guard let number = value as? NSNumber, number.isJSONBoolean else { throw error("expected true or false") }
        return number.boolValue
    }

    func number(in range: ClosedRange<Double> = -1e6...1e6) throws(SceneError) -> Double {
        guard let number = value as? NSNumber, !number.isJSONBoolean else { throw error("expected a number") }
        let double = number.doubleValue
        guard double.isFinite, range.contains(double) else { throw error("expected a number in \(range.lowerBound)…\(range.upperBound)") }
        return double
    }

    func integer(in range: ClosedRange<Int>) throws(SceneError) -> Int {
        let double = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard double == double.rounded() else { throw error("expected a whole number") }
        return Int(double)
    }

    func oneOf(_ choices: [String]) throws(SceneError) -> String {
        let string = try string()
        guard choices.contains(string) else { throw error("expected one of \(choices.joined(separator: ", "))") }
        return string
    }

    func size() throws(SceneError) -> CGSize {
        let parts = try array()
        guard parts.count == 2 else { throw error("expected [width, height]") }
        return CGSize(width: try parts[0].number(in: 0...1e6), height: try parts[1].number(in: 0...1e6))
    }

    func color() throws(SceneError) -> UIColorValue {
        let string = try string()
        guard let color = UIColorValue(hex: string) else { throw error("expected a colour #rgb, #rrggbb or #rrggbbaa") }
        return color
    }
}

/// A parsed colour (kept as hex until the scene is built, so specs stay Sendable and comparable).
struct UIColorValue: Equatable, Sendable {
    let hex: String
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex
    }
}

extension NSNumber {
    /// JSONSerialization returns booleans as NSNumbers of C type `char` ('c'); JSON numbers never are.
    var isJSONBoolean: Bool { objCType.pointee == CChar(UInt8(ascii: "c")) }
}
