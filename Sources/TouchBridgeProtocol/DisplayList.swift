/// One command of a view's display list (what its `draw(_:)` recorded, then its layer's shapes),
/// in the view's bounds coordinates. Encoded as `{"cmd": "stroke"|"fill"|"text", …}`
/// (docs/protocol.md §5.2). `lineJoin` (nil: "miter") and `rule` (nil: "nonzero") are left out
/// at their defaults.
public enum DisplayCommand: Codable, Equatable, Sendable {
    /// Strokes `path` with `color` (`#rrggbbaa`), `lineWidth` points, `lineCap` (`butt`, `round`, `square`)
    /// and `lineJoin`.
    case stroke(path: [DisplayPathElement], color: String, lineWidth: Double, lineCap: String, lineJoin: String? = nil)
    /// Fills `path` with `color` by the winding `rule` (`nonzero` or `evenodd`).
    case fill(path: [DisplayPathElement], color: String, rule: String? = nil)
    /// Text with its top-left corner at `at` (`[x, y]`).
    case text(String, at: [Double], fontSize: Double, color: String)

    enum CodingKeys: String, CodingKey { case cmd, path, color, lineWidth, lineCap, lineJoin, rule, text, at, fontSize }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .stroke(let path, let color, let lineWidth, let lineCap, let lineJoin):
            try c.encode("stroke", forKey: .cmd)
            try c.encode(path, forKey: .path)
            try c.encode(color, forKey: .color)
            try c.encode(lineWidth, forKey: .lineWidth)
            try c.encode(lineCap, forKey: .lineCap)
            try c.encodeIfPresent(lineJoin, forKey: .lineJoin)
        case .fill(let path, let color, let rule):
            try c.encode("fill", forKey: .cmd)
            try c.encode(path, forKey: .path)
            try c.encode(color, forKey: .color)
            try c.encodeIfPresent(rule, forKey: .rule)
        case .text(let text, let at, let fontSize, let color):
            try c.encode("text", forKey: .cmd)
            try c.encode(text, forKey: .text)
            try c.encode(at, forKey: .at)
            try c.encode(fontSize, forKey: .fontSize)
            try c.encode(color, forKey: .color)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .cmd) {
        case "stroke":
            self = .stroke(
                path: try c.decode([DisplayPathElement].self, forKey: .path), color: try c.decode(String.self, forKey: .color),
                lineWidth: try c.decode(Double.self, forKey: .lineWidth), lineCap: try c.decode(String.self, forKey: .lineCap),
                lineJoin: try c.decodeIfPresent(String.self, forKey: .lineJoin))
        case "fill":
            self = .fill(path: try c.decode([DisplayPathElement].self, forKey: .path), color: try c.decode(String.self, forKey: .color),
                         rule: try c.decodeIfPresent(String.self, forKey: .rule))
        case "text":
            self = .text(
                try c.decode(String.self, forKey: .text), at: try c.decode([Double].self, forKey: .at),
                fontSize: try c.decode(Double.self, forKey: .fontSize), color: try c.decode(String.self, forKey: .color))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .cmd, in: c, debugDescription: "unknown display command \(other)")
        }
    }
}

/// A path element, encoded as a compact array: `["move",x,y]`, `["line",x,y]`, `["rect",x,y,w,h]`,
/// `["ellipse",x,y,w,h]`, `["close"]` — each kind declared once, with its numbers, in
/// PathElementDeclaration.swift (its writer, its reader below, docs/protocol.md's table).
public enum DisplayPathElement: Codable, Equatable, Sendable {
    /// Starts a subpath at (`x`, `y`).
    case move(x: Double, y: Double)
    /// A straight line to (`x`, `y`).
    case line(x: Double, y: Double)
    /// A closed rectangle subpath.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// A closed ellipse subpath inscribed in the rectangle.
    case ellipse(x: Double, y: Double, width: Double, height: Double)
    /// Closes the current subpath.
    case close

    /// Encodes the element by its kind's declaration.
    public func encode(to encoder: Encoder) throws { try encodeTuple(to: encoder) }

    /// Decodes the element by the declaration: an unknown tag, a wrong count of numbers, a member that
    /// is no number, and a number that is not finite or too large are refused with what was expected.
    public init(from decoder: Decoder) throws { self = try Self.decodeTuple(from: decoder) }
}
