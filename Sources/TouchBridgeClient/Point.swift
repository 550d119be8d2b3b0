import Foundation

/// A point in window points (CSS pixels from the scene's top-left corner, y down) — the protocol's
/// coordinate space. Written `Point(120, 300)`; encoded in scripts as `[120, 300]`.
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Points from the left edge.
    public var x: Double
    /// Points from the top edge (down is positive).
    public var y: Double

    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// A point at (`x`, `y`), the short form gestures read best with.
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The window's top-left corner.
    public static let zero = Point(0, 0)

    /// Component-wise sum: a point moved by an offset.
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// Component-wise difference: the offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// An offset scaled by `k`.
    public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }

    /// Straight-line distance to `other`.
    public func distance(to other: Point) -> Double { hypot(other.x - x, other.y - y) }

    /// The point `fraction` of the way from `self` to `other`.
    public func interpolated(to other: Point, _ fraction: Double) -> Point {
        Point(x + (other.x - x) * fraction, y + (other.y - y) * fraction)
    }

    /// `self` rounded to 0.001 pt, so synthesized streams are short, stable JSON.
    var rounded: Point { Point(Self.round3(x), Self.round3(y)) }

    static func round3(_ value: Double) -> Double {
        let result = (value * 1000).rounded() / 1000
        return result == 0 ? 0 : result
    }

    public var description: String { "(\(Self.format(x)), \(Self.format(y)))" }

    static func format(_ value: Double) -> String {
        let rounded = round3(value)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a point [x, y]")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}
