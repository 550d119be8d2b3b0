import Foundation
import TouchBridgeProtocol
import TouchBridgeServer

/// A session recording (`touchbridge serve --record DIR`): one JSON Lines file per device session.
///
/// Line 1 is the header — the session id, the scene, the clock, the thresholds and limits in force
/// (from `welcome`) and the server settings replay needs. Then one line per event of the device's
/// connection, in order: `{"open":…}`; `{"in":TEXT,"at":SECONDS}` every message received with its
/// receive time (server monotonic seconds, full precision: the client clock's offset estimate
/// depends on it); `{"timer":SECONDS}` the session's timer fired; `{"out":TEXT}` every message
/// the session sent (as the session produced it: renders the transport coalesced for a slow
/// connection are recorded as produced, since that is what replay reproduces); `{"closing":{"code":…,"reason":…}}` the server closed the connection; `{"dropped":REASON}`
/// a message the transport dropped before the session saw it; `{"close":true}` the connection ended.
package struct Recording: Sendable, Equatable {
    /// The header's `format`, so `replay` refuses a file that is not a recording.
    package static let format = "touchbridge-recording"
    /// The header's `version`; a reader refuses versions it does not know rather than misreplay them.
    package static let version = 1

    /// Line 1 of a recording: everything replay needs to rebuild the session as it was.
    package struct Header: Codable, Sendable, Equatable {
        /// Always `Recording.format`.
        package var format: String
        /// `Recording.version` of the writer.
        package var version: Int
        /// The recorded session's id (`welcome.session`).
        package var session: String
        /// The scene the session started with.
        package var scene: String
        /// The session's clock mode, which decides how replay maps times.
        package var clock: ClockMode
        /// The thresholds in force, so a replay on a changed engine shows what moved.
        package var thresholds: Thresholds
        /// The limits in force; replay validates with the same ones.
        package var limits: ProtocolLimits
        /// Settings that decide what the session could do: inline scenes, declarative scenes.
        package var allowInlineScenes: Bool
        /// The declarative scenes directory the server read (see `allowInlineScenes`).
        package var scenesDirectory: String
        /// Wall-clock start (ISO 8601), for people.
        package var recordedAt: String?
    }

    /// One event of the device's connection, as one line of the file.
    package enum Entry: Sendable, Equatable {
        /// `{"open":…}`: the connection opened with this subprotocol.
        case open(subprotocol: String?)
        /// `{"in":TEXT,"at":SECONDS}`: a message received, with its receive time in server monotonic seconds.
        case input(String, at: Double)
        /// `{"timer":SECONDS}`: the session's timer fired.
        case timer(at: Double)
        /// `{"out":TEXT}`: a message the session sent, as it produced it.
        case output(String)
        /// `{"closing":…}`: the server closed the connection with this code and reason.
        case closing(code: UInt16, reason: String)
        /// `{"dropped":REASON}`: the transport dropped a message before the session saw it.
        case dropped(String)
        /// `{"close":true}`: the connection ended.
        case close
    }

    /// Line 1.
    package var header: Header
    /// The lines after the header, in order.
    package var entries: [Entry]

    /// A recording in memory (tests build them; `load(path:)` reads files).
    package init(header: Header, entries: [Entry]) {
        self.header = header
        self.entries = entries
    }

    /// One line of the file (every key optional; exactly one of them is set besides `at`).
    struct Line: Codable {
        var open: Open?
        var `in`: String?
        var at: Double?
        var timer: Double?
        var out: String?
        var closing: Closing?
        var dropped: String?
        var close: Bool?

        struct Open: Codable { var subprotocol: String? }
        struct Closing: Codable {
            var code: UInt16
            var reason: String
        }
    }

    static func line(_ entry: Entry) -> String {
        var line = Line()
        switch entry {
        case .open(let subprotocol): line.open = Line.Open(subprotocol: subprotocol)
        case .input(let text, let at):
            line.in = text
            line.at = at
        case .timer(let at): line.timer = at
        case .output(let text): line.out = text
        case .closing(let code, let reason): line.closing = Line.Closing(code: code, reason: reason)
        case .dropped(let reason): line.dropped = reason
        case .close: line.close = true
        }
        return WireJSON.text(line)
    }

    /// The file's text.
    package var text: String {
        ([WireJSON.text(header)] + entries.map(Self.line)).map { $0 + "\n" }.joined()
    }

    /// Reads a recording file.
    package static func load(path: String) throws -> Recording {
        guard let data = FileManager.default.contents(atPath: path) else { throw RecordingError("\(path): cannot read the file") }
        return try parse(String(decoding: data, as: UTF8.self))
    }
}

/// A recording that cannot be read.
package struct RecordingError: Error, CustomStringConvertible {
    package let description: String
    /// An error that says, for people, what is wrong and on which line.
    package init(_ description: String) { self.description = description }
}
