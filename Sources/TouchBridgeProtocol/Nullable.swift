/// A property value that may be explicitly "none" on the wire.
///
/// Render patches need three states per nullable property: absent (unchanged), `null` (cleared)
/// and a value. Swift's `Optional` has two, so nullable properties are `Nullable<T>?`.
public enum Nullable<Wrapped: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    /// Explicitly none: the property went back to its default.
    case null
    /// A value.
    case value(Wrapped)

    /// `.null` for nil, otherwise the value.
    @inlinable
    public init(_ optional: Wrapped?) {
        if let optional { self = .value(optional) } else { self = .null }
    }

    /// The value, or nil for `null`.
    @inlinable
    public var optional: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension KeyedDecodingContainer {
    /// Absent key → nil; `null` → `.null`; a value → `.value` (`decodeIfPresent` would merge the
    /// first two, losing "cleared").
    func decodeNullable<T>(_: T.Type, forKey key: Key) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        return try decodeNil(forKey: key) ? .null : .value(try decode(T.self, forKey: key))
    }
}
