import Foundation
import TouchBridgeProtocol

/// Reading a recording's text, which may come from anyone: `open-recording` uploads take a device's
/// file as it is. Every line is checked the way a live message is before anything is replayed —
/// strict JSON without repeated keys, the entry's fields of the right types and ranges, receive times
/// finite, within the protocol's ±10^12 ms and never going backwards — and the error names the line.
extension Recording {
    /// Largest magnitude of a receive or timer time, seconds: the protocol's `maxTimeMilliseconds`.
    /// The session does arithmetic on receive times (the resync interval, the clock's offset), which
    /// must stay finite and convertible.
    package static let maxTimeSeconds = ProtocolLimits.maxTimeMilliseconds / 1000

    /// Reads a recording's text; the error names the first line that is not a header or entry, or
    /// whose times are out of range or go backwards.
    package static func parse(_ text: String) throws -> Recording {
        var reader = try RecordingReader(text)
        var entries: [Entry] = []
        entries.reserveCapacity(reader.count)
        for index in 0..<reader.count { entries.append(try reader.entry(index)) }
        return Recording(header: reader.header, entries: entries)
    }

    /// One line after the header: exactly one entry key (besides `at` with `in`).
    static func entry(_ text: String) throws(RecordingError) -> Entry {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(text)
        } catch {
            throw RecordingError("not a recording line (\(error))")
        }
        guard case .object(let fields) = parsed else { throw RecordingError("not a recording line (not a JSON object)") }
        if let open = fields["open"] {
            guard case .object(let members) = open else { throw RecordingError("\"open\": expected an object") }
            return .open(subprotocol: try optionalString(members["subprotocol"], "open.subprotocol"))
        }
        if let input = fields["in"] {
            guard case .string(let text) = input else { throw RecordingError("\"in\": expected a string") }
            return .input(text, at: try time(fields["at"], "at"))
        }
        if let timer = fields["timer"] { return .timer(at: try time(timer, "timer")) }
        if let out = fields["out"] {
            guard case .string(let text) = out else { throw RecordingError("\"out\": expected a string") }
            return .output(text)
        }
        if let closing = fields["closing"] {
            guard case .object(let members) = closing, case .number(let number)? = members["code"],
                  let code = UInt16(exactly: number), case .string(let reason)? = members["reason"] else {
                throw RecordingError("\"closing\": expected {\"code\": 0…65535, \"reason\": string}")
            }
            return .closing(code: code, reason: reason)
        }
        if let dropped = fields["dropped"] {
            guard case .string(let reason) = dropped else { throw RecordingError("\"dropped\": expected a string") }
            return .dropped(reason)
        }
        if fields["close"] == .bool(true) { return .close }
        throw RecordingError("unknown entry \(text.prefix(80))")
    }

    /// A receive or timer time: a finite number of seconds within ±`maxTimeSeconds`.
    private static func time(_ value: JSONValue?, _ field: String) throws(RecordingError) -> Double {
        guard case .number(let seconds)? = value else { throw RecordingError("\"\(field)\": expected a number of seconds") }
        guard abs(seconds) <= maxTimeSeconds else {
            throw RecordingError("\"\(field)\": \(seconds) s is beyond ±\(maxTimeSeconds) s, the protocol's largest time (±10^12 ms)")
        }
        return seconds
    }

    private static func optionalString(_ value: JSONValue?, _ field: String) throws(RecordingError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw RecordingError("\"\(field)\": expected a string or null")
        }
    }
}

/// A recording read line by line as its replay reaches each line, so that reading a 4 MiB upload is
/// paid slice by slice like its replay (`SessionStepper`), not in one service turn: only the header is
/// read up front. Each line gets the checks of `Recording.parse`.
package struct RecordingReader {
    /// Line 1, read and checked.
    package let header: Recording.Header
    private let lines: [Substring.UTF8View]
    private var lastReceive: (at: Double, line: Int)?

    /// Entries after the header.
    package var count: Int { lines.count - 1 }

    /// Splits `text` into lines and reads the header; throws when line 1 is not a recording header.
    package init(_ text: String) throws {
        // Split as bytes: splitting a 4 MiB `String` by `Character` walks its grapheme clusters, which
        // costs far more (a newline is never part of a multi-byte character in UTF-8).
        lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard let first = lines.first.map(Substring.init) else { throw RecordingError("empty recording") }
        let header: Recording.Header
        do {
            _ = try JSONParser.parse(String(first))
            header = try JSONDecoder().decode(Recording.Header.self, from: Data(first.utf8))
        } catch {
            throw RecordingError("line 1: not a recording header (\(error))")
        }
        guard header.format == Recording.format, header.version == Recording.version else {
            throw RecordingError(
                "line 1: format \(header.format) version \(header.version); this program reads \(Recording.format) version \(Recording.version)")
        }
        self.header = header
    }

    /// Entry `index` (0 ..< count), read in order: a receive time is checked against the one read
    /// before. The error names the line.
    package mutating func entry(_ index: Int) throws(RecordingError) -> Recording.Entry {
        let number = index + 2
        do throws(RecordingError) {
            let entry = try Recording.entry(String(Substring(lines[index + 1])))
            if case .input(_, let at) = entry {
                if let lastReceive, at < lastReceive.at {
                    throw RecordingError("\"at\": \(at) s is before the \(lastReceive.at) s of line \(lastReceive.line); receive times never go backwards")
                }
                lastReceive = (at, number)
            }
            return entry
        } catch {
            throw RecordingError("line \(number): \(error.description)")
        }
    }
}
