import Foundation
import TouchBridgeClient
import TouchBridgeHost

/// A gesture script as a recording: the script run once, unjittered, against a server inside this
/// process that records its session (`drive --record`), so the flake predictor sweeps a script as it
/// sweeps a recorded phone. Expectations run as `drive` runs them (with the manual clock an
/// expectation that waits moves engine time, and the recording keeps that time), so a script's
/// gestures land when they land under `drive`.
struct ScriptTrace {
    /// The script's session as recorded.
    var recording: Recording
    /// `drive`'s report of the run (its expectations failing does not stop the sweep: it compares
    /// variants with this run, whatever the script expected).
    var report: ScriptReport

    /// Why a script gave no trace: it could not be read, or its run stopped (a rejected message, a
    /// gesture that cannot be made).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the script at `path` (every gesture's moves at `sampleRate` Hz when given) on scenes
    /// from `scenesDirectory` (nil: the settings' default) and returns its recorded session.
    static func record(path: String, sampleRate: Double?, scenesDirectory: String?) async throws -> ScriptTrace {
        let script: Script
        do {
            script = try Script.load(path: path, sampleRate: sampleRate)
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("touchbridge-flake-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var settings = InProcessServer.defaultSettings()
        if let scenesDirectory { settings.scenesDirectory = scenesDirectory }
        let server = try InProcessServer(settings: settings, record: directory)
        let report = await ScriptRunner.run(script, url: server.url)
        server.stop()
        if let abort = report.abort { throw Failure(description: "\(path): the script stopped: \(abort)") }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".jsonl") } ?? []
        guard files.count == 1, let file = files.first else {
            throw Failure(description: "\(path): the run recorded \(files.count) sessions, not one")
        }
        return ScriptTrace(recording: try Recording.load(path: (directory as NSString).appendingPathComponent(file)), report: report)
    }
}
