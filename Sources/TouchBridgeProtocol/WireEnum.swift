/// A string enum of the protocol. Its decoding error lists the allowed values, so a client author
/// reads `expected one of down, move, up, cancel, got "press"` instead of a Swift type name.
public protocol WireEnum: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {}

extension WireEnum {
    /// Decodes the enum with an error that names the allowed values (call from `init(from:)`).
    static func decodeWire(from decoder: Decoder) throws -> Self {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw) else {
            let allowed = allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected one of \(allowed), got \"\(raw)\"")
        }
        return value
    }
}

/// Who a connection is (docs/protocol.md §3).
public enum Role: String, WireEnum {
    /// `device` owns the scene and sends input; `observer` watches a device's session read-only.
    case device, observer
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// Who moves engine time (docs/protocol.md §10).
public enum ClockMode: String, WireEnum {
    /// `client`: time follows the client's timestamps and timers fire on the server; `manual`: time moves
    /// only with timestamps and `advance`, so replies are byte-identical.
    case client, manual
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// How much the event log records (`hello.log`): `complete` adds recognizers' own touch calls
/// and every call's `allTouches` with their phases.
public enum LogLevel: String, WireEnum {
    /// `standard` (the default) or `complete` (recognizers' own touch calls and `allTouches` too).
    case standard, complete
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// A pointer change's phase, as Pointer Events name them.
public enum PointerPhase: String, WireEnum {
    /// Pointer Events' `pointerdown`, `pointermove`, `pointerup` and `pointercancel`.
    case down, move, up, cancel
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// Pointer Events' `pointerType`.
public enum PointerType: String, WireEnum {
    /// The input device; only `pen` and `touch` carry pressure the engine maps to `UITouch.force`.
    case touch, pen, mouse
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// The phases of a shake.
public enum MotionPhase: String, WireEnum {
    /// `UIResponder.motionBegan`, `motionEnded` and `motionCancelled` with `.motionShake`.
    case began, ended, cancelled
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// Remote-control commands, named as UIKit's `UIEvent.EventSubtype.remoteControl…` cases.
public enum RemoteCommand: String, WireEnum {
    /// Playback commands (`remoteControlPlay` …, `remoteControlPreviousTrack`).
    case play, pause, stop, togglePlayPause, nextTrack, previousTrack
    /// Seeking commands (`remoteControlBeginSeekingBackward` …).
    case beginSeekingBackward, endSeekingBackward, beginSeekingForward, endSeekingForward
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}
