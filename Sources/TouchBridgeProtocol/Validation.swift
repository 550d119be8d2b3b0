import Foundation

/// Checks that decoding cannot express: value ranges, required-when rules and limits.
///
/// Values the engine itself validates (a pointer's coordinates and times, pressure and contact
/// size) are left to it, so a bad pointer gets the engine's precise code (`non-finite-value`,
/// `negative-value`, `time-went-backwards`) and the session applies nothing.
extension ClientMessage {
    /// Checks what decoding could not: ranges, required-when rules and limits; throws the `schema` or `limit`
    /// error naming the field.
    public func validate(limits: ProtocolLimits) throws(ProtocolError) {
        switch self {
        case .hello(let hello): try hello.validate(limits: limits)
        case .input(let input): try input.validate(limits: limits)
        case .advance(let advance):
            try Check.seq(advance.seq)
            try Check.finiteTime(advance.t, path: "t")
        case .motion(let motion):
            try Check.seq(motion.seq)
            try Check.finiteTime(motion.t, path: "t")
        case .remote(let remote):
            try Check.seq(remote.seq)
            try Check.finiteTime(remote.t, path: "t")
        case .resize(let viewport): try viewport.validate(limits: limits, path: "")
        case .scene(let change): try change.scene.validate(limits: limits, path: "scene")
        case .ping, .resync: break
        case .mark(let mark):
            try mark.validate(limits: limits)
            if let t = mark.t { try Check.time(t, path: "t") }
        case .act(let act):
            try Check.seq(act.seq)
            try Check.finiteTime(act.t, path: "t")
            guard !act.actions.isEmpty, act.actions.count <= AppActions.maximumActions else {
                throw .limit("actions", "expected 1 to \(AppActions.maximumActions) actions, got \(act.actions.count)")
            }
        }
    }
}

extension Hello {
    /// Checks the version, the viewport, the role's required fields and string lengths.
    public func validate(limits: ProtocolLimits) throws(ProtocolError) {
        guard protocolVersion == ProtocolVersion.current else {
            throw ProtocolError(
                code: ErrorCode.unsupportedProtocol,
                message: "protocol \(protocolVersion) is not supported; this server speaks protocol \(ProtocolVersion.current)",
                path: "protocol")
        }
        try viewport.validate(limits: limits, path: "viewport")
        if role == .observer {
            guard let session else { throw .schema("session", "required for observers") }
            try Check.string(session, limits: limits, path: "session")
        }
        if role == .device, let scene { try scene.validate(limits: limits, path: "scene") }
        if let t {
            guard t.isFinite, t >= 0 else { throw .schema("t", "expected a finite number ≥ 0") }
            try Check.time(t, path: "t")
        }
        if let client { try Check.string(client, limits: limits, path: "client") }
    }
}

extension Viewport {
    /// `path` is the viewport's own path (`viewport` in hello, empty for `resize`).
    public func validate(limits: ProtocolLimits, path: String) throws(ProtocolError) {
        func field(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        for (name, value) in [("width", width), ("height", height)] {
            guard value.isFinite, value > 0 else { throw .schema(field(name), "expected a positive number of points") }
            guard value <= limits.maxViewportPoints else {
                throw .limit(field(name), "\(value) is more than maxViewportPoints \(limits.maxViewportPoints)")
            }
        }
        guard scale.isFinite, scale > 0 else { throw .schema(field("scale"), "expected a positive number") }
        guard scale <= limits.maxViewportScale else {
            throw .limit(field("scale"), "\(scale) is more than maxViewportScale \(limits.maxViewportScale)")
        }
        guard let safeArea else { return }
        let insets = [("top", safeArea.top), ("left", safeArea.left), ("bottom", safeArea.bottom), ("right", safeArea.right)]
        for (name, value) in insets where !(value.isFinite && value >= 0) {
            throw .schema(field("safeArea.\(name)"), "expected a number of points ≥ 0")
        }
        guard safeArea.top + safeArea.bottom < height else {
            throw .schema(field("safeArea.bottom"), "top + bottom insets must be less than the height \(height)")
        }
        guard safeArea.left + safeArea.right < width else {
            throw .schema(field("safeArea.right"), "left + right insets must be less than the width \(width)")
        }
    }
}

extension SceneRequest {
    /// Checks a scene name's length, or an inline scene's size against `maxInlineSceneBytes`; `path` is where
    /// the request sits.
    public func validate(limits: ProtocolLimits, path: String) throws(ProtocolError) {
        switch self {
        case .named(let name):
            guard !name.isEmpty else { throw .schema(path, "expected a scene name, got an empty string") }
            try Check.string(name, limits: limits, path: path)
        case .inline(let value):
            let bytes = WireJSON.text(value).utf8.count
            guard bytes <= limits.maxInlineSceneBytes else {
                throw .limit(path, "inline scene is \(bytes) bytes, more than maxInlineSceneBytes \(limits.maxInlineSceneBytes)")
            }
        }
    }
}

extension Input {
    /// Checks `seq`, the number of changes and coalesced samples, and times against the fixed time bound.
    public func validate(limits: ProtocolLimits) throws(ProtocolError) {
        try Check.seq(seq)
        guard !pointers.isEmpty else { throw .schema("pointers", "expected at least one pointer change") }
        guard pointers.count <= limits.maxPointersPerInput else {
            throw .limit("pointers", "\(pointers.count) pointer changes, more than maxPointersPerInput \(limits.maxPointersPerInput)")
        }
        for (index, pointer) in pointers.enumerated() {
            try Check.time(pointer.t, path: "pointers[\(index)].t")
            for (sample, point) in (pointer.coalesced ?? []).enumerated() {
                try Check.time(point.t, path: "pointers[\(index)].coalesced[\(sample)].t")
            }
            guard let coalesced = pointer.coalesced else { continue }
            guard pointer.phase != .down || coalesced.isEmpty else {
                throw .schema("pointers[\(index)].coalesced", "not allowed on a down change (a pointer has no samples before it lands)")
            }
            guard coalesced.count <= limits.maxCoalescedPerPointer else {
                throw .limit("pointers[\(index)].coalesced", "\(coalesced.count) samples, more than maxCoalescedPerPointer \(limits.maxCoalescedPerPointer)")
            }
        }
    }
}

/// Small shared checks.
enum Check {
    static func seq(_ seq: Int?) throws(ProtocolError) {
        if let seq, seq < 0 { throw .schema("seq", "expected an integer ≥ 0") }
    }

    /// A finite time beyond `ProtocolLimits.maxTimeMilliseconds` (non-finite ones are left to the
    /// engine, which answers `non-finite-value`). The path is only made for the error: every input's
    /// every time is checked.
    static func time(_ t: Double, path: @autoclosure () -> String) throws(ProtocolError) {
        guard t.isFinite, abs(t) > ProtocolLimits.maxTimeMilliseconds else { return }
        throw .limit(path(), "\(t) ms is beyond ±\(Int(ProtocolLimits.maxTimeMilliseconds)) ms, the largest time a client may send")
    }

    /// A message's own time (`advance`, `motion`, `remote`, `act`): unlike a pointer's, no engine
    /// check follows that would name a non-finite one, so NaN and infinities (`"NaN"`) are a schema
    /// error here, not a `time-went-backwards` comparison with NaN later.
    static func finiteTime(_ t: Double, path: @autoclosure () -> String) throws(ProtocolError) {
        guard t.isFinite else { throw .schema(path(), "expected a finite number of milliseconds, got \(t)") }
        try time(t, path: path())
    }

    static func string(_ value: String, limits: ProtocolLimits, path: String) throws(ProtocolError) {
        guard value.count <= limits.maxStringLength else {
            throw .limit(path, "\(value.count) characters, more than maxStringLength \(limits.maxStringLength)")
        }
    }
}
