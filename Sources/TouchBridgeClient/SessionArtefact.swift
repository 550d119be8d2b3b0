import Foundation
import TouchBridgeArtefact

/// Where a failed expectation saves the session as one HTML file to step through in a browser
/// (docs/scripting.md §6): the directory `TOUCHBRIDGE_HTML_ON_FAILURE` names, for every Swift test that
/// uses the client, or the one `drive --html-on-failure` gives its scripts. Nil: none is written.
final class FailureArtefacts: @unchecked Sendable {
    /// The variable that asks every session for a file per failed expectation.
    static let environmentVariable = "TOUCHBRIDGE_HTML_ON_FAILURE"

    private let lock = NSLock()
    private var directory: String?
    private var written = 0
    private var place: String?

    init(directory: String? = ProcessInfo.processInfo.environment[FailureArtefacts.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }) {
        self.directory = directory
    }

    /// Sends failures to `directory` from now on (nil: none).
    func save(to directory: String?) { lock.withLock { self.directory = directory } }

    /// Names the step that runs now (a script's file and step path), for the file name and the reason;
    /// nil: the failure's Swift location names them.
    func running(_ place: String?) { lock.withLock { self.place = place } }

    /// Writes the session that received `received` (in order) as `failure`'s file, opening at the last
    /// frame received (where the expectation was decided); its path, or why there is none, or nil when no
    /// directory is set.
    func write(_ failure: ExpectationFailure, session: String, received: [String]) -> String? {
        guard let target = lock.withLock({ () -> (directory: String, number: Int, place: String?)? in
            guard let directory else { return nil }
            written += 1
            return (directory, written, place ?? failure.location)
        }) else { return nil }
        let name = target.place ?? failure.expectation
        let file = String(URL(fileURLWithPath: name).lastPathComponent.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(80))
        let path = URL(fileURLWithPath: target.directory).appendingPathComponent("\(file)-\(session.prefix(8))-\(target.number).html").path
        do throws(ArtefactError) {
            var timeline = ArtefactTimeline()
            for group in ArtefactTimeline.grouped(received: received) { try timeline.append(group.messages, source: group.source) }
            let reason = (target.place.map { "\($0): " } ?? "") + "\(failure.expectation): \(failure.detail)"
            try FailureArtefact(name: name, reason: reason, timeline: timeline, openFrame: nil)
                .write(to: path, page: PageBundle())
            return path
        } catch {
            return "(no HTML file: \(error))"
        }
    }
}
