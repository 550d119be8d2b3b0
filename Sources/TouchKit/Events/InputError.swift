import Foundation

/// Why the digitizer rejected an input frame. A rejected frame changes nothing.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `move`, `up` or `cancel` for a pointer that is not down.
    case unknownPointer(Int)
    /// `down` for a pointer that is already down.
    case pointerAlreadyDown(Int)
    /// A timestamp earlier than the engine's current time.
    case timeWentBackwards(previous: TimeInterval, got: TimeInterval)
    /// A NaN or infinite timestamp.
    case nonFiniteTimestamp
    /// A NaN or infinite coordinate, pressure or contact size.
    case nonFiniteValue(pointer: Int)
    /// A negative pressure or contact size.
    case negativeValue(pointer: Int)
    /// More simultaneous touches than the digitizer allows.
    case tooManyTouches(limit: Int)
    /// A remote-control subtype outside UIKit's 100…109.
    case invalidRemoteControl(Int)

    public var description: String {
        switch self {
        case .unknownPointer(let id): "pointer \(id) is not down"
        case .pointerAlreadyDown(let id): "pointer \(id) is already down"
        case .timeWentBackwards(let previous, let got): "time went backwards: \(got) < \(previous)"
        case .nonFiniteTimestamp: "timestamp is not a finite number"
        case .nonFiniteValue(let id): "pointer \(id) has a coordinate, pressure or size that is not a finite number"
        case .negativeValue(let id): "pointer \(id) has a negative pressure or contact size"
        case .tooManyTouches(let limit): "more than \(limit) simultaneous touches"
        case .invalidRemoteControl(let raw): "\(raw) is not a remote-control subtype"
        }
    }

    /// A short machine-readable code for hosts.
    public var code: String {
        switch self {
        case .unknownPointer: "unknown-pointer"
        case .pointerAlreadyDown: "pointer-already-down"
        case .timeWentBackwards: "time-went-backwards"
        case .nonFiniteTimestamp, .nonFiniteValue: "non-finite-value"
        case .negativeValue: "negative-value"
        case .tooManyTouches: "too-many-touches"
        case .invalidRemoteControl: "invalid-remote-control"
        }
    }
}
