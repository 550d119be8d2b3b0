import Foundation

/// Numbers of animation log lines, formatted without an integer conversion (app code can give any
/// duration, and `Int(_:)` of an infinite or huge value traps).
enum LogNumber {
    /// Seconds as whole milliseconds ("inf" for an infinite value).
    static func milliseconds(_ seconds: TimeInterval) -> String { String(format: "%.0f", (seconds * 1000).rounded()) }

    /// A fraction to three decimals, without trailing zeros ("0.4", "1").
    static func fraction(_ value: Double) -> String { String(format: "%g", (value * 1000).rounded() / 1000) }
}
