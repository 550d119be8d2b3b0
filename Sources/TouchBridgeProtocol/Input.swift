import Foundation

/// `input`: the pointer changes of one frame, applied as one digitizer frame (all or nothing).
public struct Input: Codable, Equatable, Sendable {
    /// Echoed in the `events` (or `error`) this frame causes.
    public var seq: Int
    /// The changes, in the order they happened.
    public var pointers: [Pointer]

    /// An `input` frame.
    public init(seq: Int, pointers: [Pointer]) {
        self.seq = seq
        self.pointers = pointers
    }

    enum CodingKeys: String, CodingKey { case seq, pointers }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        seq = try c.decodeInteger(forKey: .seq)
        pointers = try c.decode([Pointer].self, forKey: .pointers)
    }
}

/// One change of one pointer.
public struct Pointer: Codable, Equatable, Sendable {
    /// The browser's `pointerId`.
    public var id: Int
    /// Which Pointer Events event this change is.
    public var phase: PointerPhase
    /// Window points.
    public var x: Double
    /// Window points.
    public var y: Double
    /// Client time, ms.
    public var t: Double
    /// Pointer Events' pressure, 0…1.
    public var pressure: Double?
    /// Contact size, points.
    public var width: Double?
    /// Contact size, points.
    public var height: Double?
    /// The input device (Pointer Events' `pointerType`); decides whether `pressure` becomes `UITouch.force`.
    public var pointerType: PointerType
    /// `getCoalescedEvents()` samples before this change, oldest first.
    public var coalesced: [PointerSample]?

    /// One pointer change; a touch by default, with no pressure, size or coalesced samples.
    public init(
        id: Int, phase: PointerPhase, x: Double, y: Double, t: Double, pointerType: PointerType = .touch,
        pressure: Double? = nil, width: Double? = nil, height: Double? = nil, coalesced: [PointerSample]? = nil
    ) {
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
        self.t = t
        self.pressure = pressure
        self.width = width
        self.height = height
        self.pointerType = pointerType
        self.coalesced = coalesced
    }

    enum CodingKeys: String, CodingKey {
        case id, phase, x, y, t, pressure, width, height, pointerType, coalesced
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeInteger(forKey: .id)
        phase = try container.decode(PointerPhase.self, forKey: .phase)
        x = try container.decodeNonFinite(forKey: .x)
        y = try container.decodeNonFinite(forKey: .y)
        t = try container.decodeNonFinite(forKey: .t)
        pressure = try container.decodeIfPresent(Double.self, forKey: .pressure)
        width = try container.decodeIfPresent(Double.self, forKey: .width)
        height = try container.decodeIfPresent(Double.self, forKey: .height)
        pointerType = try container.decode(PointerType.self, forKey: .pointerType)
        coalesced = try container.decodeIfPresent([PointerSample].self, forKey: .coalesced)
    }
}

/// A coalesced sample: where the pointer was at an earlier moment of the same frame.
public struct PointerSample: Codable, Equatable, Sendable {
    /// Window points.
    public var x: Double
    /// Window points.
    public var y: Double
    /// Client time, ms: no later than the change it precedes.
    public var t: Double

    /// A sample at (`x`, `y`) at client time `t`.
    public init(x: Double, y: Double, t: Double) {
        self.x = x
        self.y = y
        self.t = t
    }

    enum CodingKeys: String, CodingKey { case x, y, t }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decodeNonFinite(forKey: .x)
        y = try container.decodeNonFinite(forKey: .y)
        t = try container.decodeNonFinite(forKey: .t)
    }
}

extension KeyedDecodingContainer {
    /// A required number that may arrive as `null` — what `JSON.stringify` makes of NaN and
    /// infinities. It decodes as NaN so the engine rejects the frame with `non-finite-value`, the
    /// error that says what actually went wrong on the client.
    func decodeNonFinite(forKey key: Key) throws -> Double {
        if try decodeNil(forKey: key) { return .nan }
        return try decode(Double.self, forKey: key)
    }
}
