import Foundation

/// A `touchbridge serve` child process for load measurements: started on a free port, measured
/// through /proc (CPU time, resident memory), stopped with SIGTERM.
final class ServerProcess {
    let process = Process()
    private(set) var port = 0

    init(arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["serve", "--port", "0", "--log-level", "warning"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchError("the server exited before listening") }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #":(\d+)/"#, options: .regularExpression),
              let port = Int(text[range].dropFirst().dropLast()) else {
            throw BenchError("cannot read the port from: \(text)")
        }
        self.port = port
    }

    /// User + system CPU seconds so far.
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14, stime 15 (1-based in proc(5)).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Resident memory in KiB.
    var residentKiB: Int { status("VmRSS:") }

    /// The most resident memory the process has had so far, in KiB (the kernel's high-water mark).
    var peakResidentKiB: Int { status("VmHWM:") }

    private func status(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
