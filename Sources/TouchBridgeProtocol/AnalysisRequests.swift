/// `what-if`: replay the device's own session so far (or up to the frame it is paused on) against a
/// changed app and say which decisions flip (docs/protocol.md §4.13). The changes are in the
/// vocabulary of `touchbridge replay --what-if`: the short form `NAME.PROPERTY=VALUE` as a string, or
/// an `act` action as an object (§4.11), kept here as its JSON text.
public struct WhatIfRequest: Equatable, Sendable {
    /// At most this many changes: an `act` message's limit.
    public static let maximumChanges = 64
    /// Longest change taken, in bytes of its text (an action object's JSON).
    public static let maximumChangeBytes = 16_384

    /// The changes, each as text: a short form, or an action's JSON.
    public var changes: [String]

    /// A what-if of `changes`.
    public init(changes: [String]) { self.changes = changes }

    static func read(_ fields: FieldReader) throws(ProtocolError) -> WhatIfRequest {
        let items = try fields.array("changes")
        guard (1...maximumChanges).contains(items.count) else {
            throw .limit("changes", "expected 1–\(maximumChanges) changes, got \(items.count)")
        }
        var changes: [String] = []
        for (index, item) in items.enumerated() {
            let text: String
            switch item {
            case .string(let short): text = short
            case .object: text = WireJSON.text(item)
            default: throw .schema("changes[\(index)]", "expected NAME.PROPERTY=VALUE as a string, or an act action as an object")
            }
            guard text.utf8.count <= maximumChangeBytes else {
                throw .limit("changes[\(index)]", "longer than \(maximumChangeBytes) bytes")
            }
            changes.append(text)
        }
        return WhatIfRequest(changes: changes)
    }
}

/// `flake`: run the flake predictor on the device's session: the last gesture (from the last moment
/// no finger was down) replayed `variants` times with seeded noise of timing and position
/// (docs/protocol.md §4.13). The bounds are the command line's (`touchbridge flake`), but fewer
/// variants: a live session's sweep runs on the server's shared engine thread.
public struct FlakeRequest: Equatable, Sendable {
    /// Most variants one request runs.
    public static let maximumVariants = 1_000
    /// Largest timing offset taken, ms.
    public static let maximumJitterMs = 1_000.0
    /// Largest position offset taken, points.
    public static let maximumJitterPt = 200.0
    /// Largest share of move frames dropped.
    public static let maximumDropShare = 0.9
    /// Frame rates taken, Hz.
    public static let frameRates = 1.0...1_000.0

    /// Variants to run (default 100).
    public var variants: Int
    /// The seed of the noise, 0…2^53 (default 1): the same seed gives the same variants.
    public var seed: Int
    /// Largest timing offset per input frame, ms (default 8).
    public var jitterMs: Double
    /// Largest position offset per pointer sample and axis, points (default 3).
    public var jitterPt: Double
    /// Share of move-only frames dropped (default 0).
    public var dropFrames: Double
    /// Resample move frames to at most this rate, Hz (default: as recorded).
    public var frameRate: Double?

    /// A sweep with these settings (unchecked: `read` checks what comes off the wire).
    public init(variants: Int = 100, seed: Int = 1, jitterMs: Double = 8, jitterPt: Double = 3, dropFrames: Double = 0, frameRate: Double? = nil) {
        self.variants = variants
        self.seed = seed
        self.jitterMs = jitterMs
        self.jitterPt = jitterPt
        self.dropFrames = dropFrames
        self.frameRate = frameRate
    }

    static func read(_ fields: FieldReader) throws(ProtocolError) -> FlakeRequest {
        var request = FlakeRequest()
        if let variants = try fields.integerIfPresent("variants") {
            guard (1...maximumVariants).contains(variants) else { throw .limit("variants", "expected 1–\(maximumVariants), got \(variants)") }
            request.variants = variants
        }
        if let seed = try fields.integerIfPresent("seed") {
            guard seed >= 0 else { throw .schema("seed", "expected an integer ≥ 0") }
            request.seed = seed
        }
        func within(_ key: String, _ range: ClosedRange<Double>) throws(ProtocolError) -> Double? {
            guard let value = try fields.numberIfPresent(key) else { return nil }
            guard value.isFinite, range.contains(value) else {
                throw .schema(key, "expected a number within \(range.lowerBound)…\(range.upperBound), got \(value)")
            }
            return value
        }
        request.jitterMs = try within("jitterMs", 0...maximumJitterMs) ?? request.jitterMs
        request.jitterPt = try within("jitterPt", 0...maximumJitterPt) ?? request.jitterPt
        request.dropFrames = try within("dropFrames", 0...maximumDropShare) ?? request.dropFrames
        request.frameRate = try within("frameRate", frameRates)
        return request
    }
}
