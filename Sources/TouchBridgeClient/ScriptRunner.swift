import Foundation
import TouchBridgeProtocol

/// The outcome of one script: a line per step, pass or fail, for people and CI.
public struct ScriptReport: Sendable {
    /// One reported step.
    public struct Line: Sendable {
        /// Whether the step did what it expected.
        public var passed: Bool
        /// The step in a few words.
        public var text: String
        /// Explanations under the line (a failure's detail, the log of a gesture in verbose mode).
        public var detail: [String]
    }

    /// The script's name.
    public var name: String
    /// Where the script came from (its file), when known.
    public var source: String?
    /// The steps run, in order.
    public var lines: [Line] = []
    /// A problem that stopped the script (no connection, a rejected message, a bad gesture).
    public var abort: String?

    /// True when no step failed and nothing stopped the script: what `drive`'s exit status says.
    public var passed: Bool { abort == nil && lines.allSatisfy(\.passed) }
    /// Failed steps, plus one for an abort.
    public var failures: Int { lines.filter { !$0.passed }.count + (abort == nil ? 0 : 1) }

    /// The readable report.
    public var text: String {
        var out = "\(source ?? name)" + (source == nil ? "" : " — \(name)") + "\n"
        for line in lines {
            out += "  \(line.passed ? "ok  " : "FAIL") \(line.text)\n"
            for detail in line.detail { out += "         \(detail)\n" }
        }
        if let abort { out += "  FAIL \(abort)\n" }
        out += passed ? "PASS \(source ?? name) (\(lines.count) steps)\n"
            : "FAIL \(source ?? name): \(failures) of \(lines.count + (abort == nil ? 0 : 1)) steps failed\n"
        return out
    }
}

/// Runs scripts against a server.
public enum ScriptRunner {
    /// Connects to `url`, runs every step, closes. Failed expectations do not stop the script (the
    /// report lists all of them); a rejected message or a lost connection does. `failures`: a directory
    /// where each failed expectation saves the session as an HTML file (default: `TOUCHBRIDGE_HTML_ON_FAILURE`'s).
    public static func run(_ script: Script, url: String, verbose: Bool = false, failures: String? = nil) async -> ScriptReport {
        var report = ScriptReport(name: script.name, source: script.source)
        let session: TouchBridgeSession
        do {
            session = try await TouchBridgeSession.connect(url, sceneRequest: script.scene, viewport: script.viewport, clock: script.clock)
        } catch {
            report.abort = "connect to \(url): \(error)"
            return report
        }
        if let failures { session.saveFailures(to: failures) }
        report.lines.append(ScriptReport.Line(
            passed: true, text: "scene \(session.welcome.scene) (\(Point.format(script.viewport.width))×\(Point.format(script.viewport.height)), \(script.clock.rawValue) clock)",
            detail: []))
        var previousWasGesture = false
        for step in script.steps {
            session.artefacts.running("\(script.source ?? script.name) \(step.path)")
            do {
                switch step.action {
                case .gesture(let gesture):
                    let result = try await session.perform(gesture, resetExpectations: !previousWasGesture)
                    let log = verbose ? result.log.filter { !$0.diagnostic }.map(verboseLine) : []
                    report.lines.append(ScriptReport.Line(passed: true, text: "\(gesture) (\(result.frames) frames)", detail: log))
                case .wait(let ms):
                    let log = try await session.advance(by: ms)
                    report.lines.append(ScriptReport.Line(
                        passed: true, text: "wait \(Point.format(ms)) ms", detail: verbose ? log.filter { !$0.diagnostic }.map(verboseLine) : []))
                case .expect(let match, let within):
                    let entry = try await session.expect(match, within: within)
                    report.lines.append(ScriptReport.Line(passed: true, text: "expect \(match)", detail: verbose ? [entry.text] : []))
                case .expectNo(let match, let within):
                    try await session.expectNo(match, within: within)
                    report.lines.append(ScriptReport.Line(passed: true, text: "expect no \(match)", detail: []))
                case .expectSequence(let matches, let within):
                    let entries = try await session.expectSequence(matches, within: within)
                    report.lines.append(ScriptReport.Line(
                        passed: true, text: "expect in order: " + matches.map(\.description).joined(separator: ", then "),
                        detail: verbose ? entries.map(\.text) : []))
                case .expectRender(let view, let property, let value, let tolerance, let within):
                    try await session.expectRender(view, property, value, tolerance: tolerance, within: within)
                    report.lines.append(ScriptReport.Line(
                        passed: true, text: "expect \(view).\(property) = \(value)" + (tolerance != 0.001 ? " ± \(Point.format(tolerance))" : ""),
                        detail: []))
                case .mark(let note):
                    try await session.mark(note)
                    report.lines.append(ScriptReport.Line(passed: true, text: "mark \"\(note)\"", detail: []))
                case .scene(let name):
                    try await session.switchScene(name)
                    report.lines.append(ScriptReport.Line(passed: true, text: "scene \(name)", detail: []))
                case .act(let actions):
                    let log = try await session.act(actions)
                    report.lines.append(ScriptReport.Line(
                        passed: true, text: "act (\(actions.count) action\(actions.count == 1 ? "" : "s"))",
                        detail: verbose ? log.filter { !$0.diagnostic || $0.kind == "note" }.map(\.text) : []))
                }
            } catch let failure as ExpectationFailure {
                report.lines.append(ScriptReport.Line(
                    passed: false, text: "\(step.path): \(failure.expectation)",
                    detail: [failure.detail, "log since the gesture: " + logSummary(failure.log)]
                        + (failure.artefact.map { ["step through it in a browser: \($0)"] } ?? [])))
            } catch {
                report.abort = "\(step.path): \(error)"
                break
            }
            if case .gesture = step.action { previousWasGesture = true } else { previousWasGesture = false }
        }
        await session.close()
        return report
    }

    /// An entry for `--verbose`: its text, and for a continuous gesture's last transition (ended or cancelled)
    /// the velocity it was released at — points per second for a pan, per second for a pinch's scale or a
    /// rotation's radians.
    static func verboseLine(_ entry: LogEntry) -> String {
        guard entry.kind == "transition", entry.to == "ended" || entry.to == "cancelled",
              let values = entry.values, let velocity = values.velocity, velocity.count == 2 else { return entry.text }
        if values.scale != nil { return entry.text + " · velocity \(Point.format(velocity[0]))/s" }
        if values.rotation != nil { return entry.text + " · velocity \(Point.format(velocity[0])) rad/s" }
        return entry.text + " · velocity (\(Point.format(velocity[0])), \(Point.format(velocity[1]))) pt/s"
    }

    /// The non-diagnostic entries on one line; past 30, the first 10 and the last 20 (how the gesture ended
    /// matters as much as how it began).
    static func logSummary(_ log: [LogEntry]) -> String {
        let lines = log.filter { !$0.diagnostic }.map(\.text)
        guard !lines.isEmpty else { return "(empty)" }
        guard lines.count > 30 else { return lines.joined(separator: " · ") }
        return (lines.prefix(10) + ["… \(lines.count - 30) more …"] + lines.suffix(20)).joined(separator: " · ")
    }
}
