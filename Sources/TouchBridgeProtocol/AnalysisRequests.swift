/// `what-if`: replay the device's own session so far (or up to the frame it is paused on) against a
/// changed app and say which decisions flip (docs/protocol.md §4.13). The changes are in the
/// vocabulary of `touchbridge replay --what-if`: the short form `NAME.PROPERTY=VALUE` as a string, or
/// an `act` action as an object (§4.11), kept here as its JSON text.
package struct WhatIfRequest: WireObject {
    /// At most this many changes: an `act` message's limit.
    package static let maximumChanges = 64
    /// Longest change taken, in bytes of its text (an action object's JSON).
    package static let maximumChangeBytes = 16_384

    /// The changes, each as text: a short form, or an action's JSON.
    package var changes: [String]

    /// A what-if of `changes`.
    package init(changes: [String]) { self.changes = changes }

    /// The field of `what-if` (docs/protocol.md §4.13).
    package static let wireFields: [WireField<WhatIfRequest>] = [
        .custom("changes", \.changes, required: true, type: "array, 1–64", "Strings `NAME.PROPERTY=VALUE` or `act` action objects, each at most 16 KiB.",
                read: { fields throws(ProtocolError) in try readChanges(fields) },
                write: { changes in .array(changes.map(wireValue)) }),
    ]

    /// The reader's starting value.
    package static var wireBlank: WhatIfRequest { WhatIfRequest(changes: []) }

    /// A change on the wire: an action's object, or the short form's string.
    static func wireValue(_ change: String) -> JSONValue {
        guard let value = try? JSONParser.parse(change), case .object = value else { return .string(change) }
        return value
    }

    static func readChanges(_ fields: FieldReader) throws(ProtocolError) -> [String] {
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
        return changes
    }
}

/// `flake`: run the flake predictor on the device's session: the last gesture (from the last moment
/// no finger was down) replayed `variants` times with seeded noise of timing and position
/// (docs/protocol.md §4.13). The bounds are the command line's (`touchbridge flake`), but fewer
/// variants: a live session's sweep runs on the server's shared engine thread.
package struct FlakeRequest: WireObject {
    /// Most variants one request runs.
    package static let maximumVariants = 1_000
    /// Largest timing offset taken, ms.
    package static let maximumJitterMs = 1_000.0
    /// Largest position offset taken, points.
    package static let maximumJitterPt = 200.0
    /// Largest share of move frames dropped.
    package static let maximumDropShare = 0.9
    /// Frame rates taken, Hz.
    package static let frameRates = 1.0...1_000.0

    /// Variants to run (default 100).
    package var variants: Int
    /// The seed of the noise, 0…2^53 (default 1): the same seed gives the same variants.
    package var seed: Int
    /// Largest timing offset per input frame, ms (default 8).
    package var jitterMs: Double
    /// Largest position offset per pointer sample and axis, points (default 3).
    package var jitterPt: Double
    /// Share of move-only frames dropped (default 0).
    package var dropFrames: Double
    /// Resample move frames to at most this rate, Hz (default: as recorded).
    package var frameRate: Double?

    /// A sweep with these settings (unchecked: `read` checks what comes off the wire).
    package init(variants: Int = 100, seed: Int = 1, jitterMs: Double = 8, jitterPt: Double = 3, dropFrames: Double = 0, frameRate: Double? = nil) {
        self.variants = variants
        self.seed = seed
        self.jitterMs = jitterMs
        self.jitterPt = jitterPt
        self.dropFrames = dropFrames
        self.frameRate = frameRate
    }

    /// The fields of `flake` (docs/protocol.md §4.13), each checked as soon as it is read.
    package static let wireFields: [WireField<FlakeRequest>] = [
        .integerOrDefault("variants", \.variants, "Variants to run, 1–1,000 (default 100).").checked { request, _ throws(ProtocolError) in
            guard (1...maximumVariants).contains(request.variants) else { throw .limit("variants", "expected 1–\(maximumVariants), got \(request.variants)") }
        },
        .integerOrDefault("seed", \.seed, "The noise's seed, 0…2^53 (default 1): the same seed gives the same answer.").checked { request, _ throws(ProtocolError) in
            guard request.seed >= 0 else { throw .schema("seed", "expected an integer ≥ 0") }
        },
        .numberOrDefault("jitterMs", \.jitterMs, "Largest timing offset per input frame, ms, 0–1,000 (default 8).")
            .checked { request, _ throws(ProtocolError) in try within("jitterMs", request.jitterMs, 0...maximumJitterMs) },
        .numberOrDefault("jitterPt", \.jitterPt, "Largest position offset per sample and axis, points, 0–200 (default 3).")
            .checked { request, _ throws(ProtocolError) in try within("jitterPt", request.jitterPt, 0...maximumJitterPt) },
        .numberOrDefault("dropFrames", \.dropFrames, "Share of move-only frames dropped, 0–0.9 (default 0).")
            .checked { request, _ throws(ProtocolError) in try within("dropFrames", request.dropFrames, 0...maximumDropShare) },
        .number("frameRate", \.frameRate, "Moves resampled to at most this rate, Hz, 1–1,000 (default: as sent).")
            .checked { request, _ throws(ProtocolError) in
                if let rate = request.frameRate { try within("frameRate", rate, frameRates) }
            },
    ]

    /// The reader's starting value: the defaults.
    package static var wireBlank: FlakeRequest { FlakeRequest() }

    private static func within(_ key: String, _ value: Double, _ range: ClosedRange<Double>) throws(ProtocolError) {
        guard value.isFinite, range.contains(value) else {
            throw .schema(key, "expected a number within \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
    }
}
