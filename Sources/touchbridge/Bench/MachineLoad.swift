import Foundation

/// The machine's load as the kernel reports it (/proc/loadavg), so a benchmark says how busy the machine
/// was and refuses to report figures from a busy one: on a 2-core machine a build or a browser in the
/// background doubled the server's round trip and CPU per message, and such figures do not reproduce.
struct MachineLoad: CustomStringConvertible {
    /// Runnable processes averaged over the last minute.
    let oneMinute: Double
    /// Processors online.
    let cores: Int

    /// The load now; nil where /proc/loadavg does not exist (not Linux).
    static func now() -> MachineLoad? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first, let load = Double(first) else { return nil }
        return MachineLoad(oneMinute: load, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The most 1-minute load a benchmark accepts by default: half a core per core — the machine mostly
    /// idle before the benchmark starts (the benchmark itself then adds a core or two).
    static func defaultLimit(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Double { 0.5 * Double(cores) }

    var description: String { String(format: "1-minute load %.2f on %d cores", oneMinute, cores) }
}
