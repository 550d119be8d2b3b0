import Foundation

/// `input`: the pointer changes of one frame, applied as one digitizer frame (all or nothing).
public struct Input: WireObject {
    /// Echoed in the `events` (or `error`) this frame causes.
    public var seq: Int
    /// The changes, in the order they happened.
    public var pointers: [Pointer]

    /// An `input` frame.
    public init(seq: Int, pointers: [Pointer]) {
        self.seq = seq
        self.pointers = pointers
    }

    /// The fields of `input` (docs/protocol.md §4.2).
    public static let wireFields: [WireField<Input>] = [
        .integer("seq", \.seq, type: "integer ≥ 0",
                 "Client's sequence number; echoed in the `events` (and any `error`) this message causes. Use increasing numbers."),
        .objects("pointers", \.pointers, type: "array, 1…`maxPointersPerInput`",
                 "The changes of this frame, **in the order they happened**."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Input { Input(seq: 0, pointers: []) }
}

/// One change of one pointer.
public struct Pointer: WireObject {
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

    /// The fields of one element of `input.pointers` (docs/protocol.md §4.2).
    public static let wireFields: [WireField<Pointer>] = [
        .integer("id", \.id, "The browser's `pointerId`. One id is one finger for its whole life (down … up/cancel). An id may appear more than once in a frame (a quick down and up)."),
        .wire("phase", \.phase, "`pointerdown`, `pointermove`, `pointerup`, `pointercancel` (send `cancel` also when the page loses the pointer, e.g. `lostpointercapture`, `blur`)."),
        .nonFinite("x", \.x, "Location in window points."),
        .nonFinite("y", \.y, "Location in window points."),
        .nonFinite("t", \.t, "Client time of the change, ms (`event.timeStamp`)."),
        .number("pressure", \.pressure, type: "number ≥ 0", "Pointer Events' `pressure` (0…1). Becomes `UITouch.force = pressure × 2` (0.5, a browser's default for an active contact, is force 1.0). Omit when the device has no pressure."),
        .number("width", \.width, type: "number ≥ 0", "Contact size in points. Becomes `majorRadius = max(width, height) / 2`. If only one of `width` and `height` is given it is used for both."),
        .number("height", \.height, type: "number ≥ 0", "Contact size in points, as `width`."),
        .wire("pointerType", \.pointerType, "Becomes `UITouch.type` `direct`, `pencil`, `indirectPointer`."),
        .objects("coalesced", \.coalesced, type: "array of `{x, y, t}`", "`event.getCoalescedEvents()` samples that came **before** this change, oldest first (at most `maxCoalescedPerPointer`). They become extra `move` changes before the pointer's main change: the moves of one pointer in one message are delivered as one `touchesMoved` whose event's `coalescedTouches(for:)` returns every sample (UIKIT-TOUCH-COALESCED). Not allowed on `down` (a pointer has no samples before it lands). Including the main event itself as the last sample is harmless."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Pointer { Pointer(id: 0, phase: .down, x: 0, y: 0, t: 0) }
}

/// A coalesced sample: where the pointer was at an earlier moment of the same frame.
public struct PointerSample: WireObject {
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

    /// The fields of a coalesced sample.
    public static let wireFields: [WireField<PointerSample>] = [
        .nonFinite("x", \.x, "Window points."),
        .nonFinite("y", \.y, "Window points."),
        .nonFinite("t", \.t, "Client time, ms."),
    ]

    /// The reader's starting value.
    public static var wireBlank: PointerSample { PointerSample(x: 0, y: 0, t: 0) }
}
