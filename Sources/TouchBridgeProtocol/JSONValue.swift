import Foundation

/// Any JSON value, kept as-is.
///
/// Used where the protocol carries data this module deliberately does not interpret: inline scenes
/// (defined by the scenes module, not here) and the parse of every client message (`JSONParser`),
/// from which `type`, `seq` and then the typed message are read. The `Codable` conformance remains
/// for tools that decode JSON with Foundation.
public enum JSONValue: Codable, Equatable, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON numbers are IEEE doubles, as in JavaScript.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; the parser refuses a key that appears twice (`JSONParseError.duplicateKeyPath`).
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            // Strings before numbers: the decoder may be configured to read "NaN" as a number.
            self = .string(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The value as an integer, when it is a number without a fractional part.
    public var integerValue: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.007_199_254_740_992e15 else { return nil }
        return Int(value)
    }

    /// The string, when the value is one; nil otherwise.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
