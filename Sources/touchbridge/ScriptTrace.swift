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
        let messages = try messageBound(script)
        guard messages <= FlakeSweep.maximumReplayedEvents else {
            throw Failure(description: "\(path): the script could send more than the \(FlakeSweep.maximumReplayedEvents) messages a sweep replays")
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

    /// The most messages the script's run can send, counted before it runs (its cost is paid only when
    /// it fits a sweep): a gesture's frames, one per wait, act, mark or scene switch, and for an
    /// expectation the manual clock's steps through its `within` (`TouchBridgeSession`'s defaults:
    /// 1,000 ms in 50 ms steps).
    static func messageBound(_ script: Script) throws -> Int {
        let context = GestureContext(viewport: script.viewport)
        var total = 1
        for step in script.steps {
            let count: Double
            switch step.action {
            case .gesture(let gesture):
                do {
                    count = Double(try gesture.timeline(in: context).frames.count + 1)
                } catch {
                    throw Failure(description: "\(step.path): \(error)")
                }
            case .expect(_, let within), .expectSequence(_, let within), .expectRender(_, _, _, _, let within):
                count = ((within ?? 1000) / 50).rounded(.up) + 1
            case .expectNo(_, let within):
                count = (within / 50).rounded(.up) + 1
            case .wait, .mark, .scene, .act:
                count = 1
            }
            guard count.isFinite, count < Double(FlakeSweep.maximumReplayedEvents) else { return Int.max }
            total += Int(exactly: max(count, 1)) ?? Int.max / 2
            if total > FlakeSweep.maximumReplayedEvents { return total }
        }
        return total
    }
}
