import Foundation

/// Reads the common `input` message (docs/protocol.md §4.2) straight from its UTF-8 bytes into an
/// `Input`, without building the `JSONValue` tree, its dictionaries and its key strings: `input` is
/// almost every message a device sends (one per frame, 120 a second), so its decode is on the hot path.
///
/// It only ever accepts what the general decoder (`JSONParser`, then `FieldReader`) accepts, with
/// the same value: keys are compared byte for byte, numbers go through the parser's own number
/// reader, and anything else — another type, an unknown or repeated key, an escape, `null`, a
/// number as a string, a value out of range, trailing text — returns nil, and the general decoder
/// then decodes the message or explains what is wrong with it. `InputBytesReaderTests` compares
/// the two on generated messages.
struct InputBytesReader {
    private var scanner: JSONScanner

    private init(_ scanner: JSONScanner) { self.scanner = scanner }

    /// The message of `text`, when it is an `input` of the shape the reader knows.
    static func read(_ text: String) -> Input? {
        var text = text
        return text.withUTF8 { buffer in
            var reader = InputBytesReader(JSONScanner(buffer, maxDepth: ClientMessage.maxJSONDepth, validatingUTF8: false))
            return reader.message()
        }
    }

    private mutating func message() -> Input? {
        var isInput = false, seq: Int?, pointers: [Pointer]?
        let complete = members { reader, key -> Bool in
            switch key {
            case "type" where !isInput:
                isInput = reader.string(equalTo: "input")
                return isInput
            case "seq" where seq == nil:
                seq = reader.integer()
                return seq != nil
            case "pointers" where pointers == nil:
                pointers = reader.elements { $0.pointer() }
                return pointers != nil
            default:
                return false
            }
        }
        scanner.skipWhitespace()
        guard complete, scanner.atEnd, isInput, let seq, let pointers else { return nil }
        return Input(seq: seq, pointers: pointers)
    }

    private mutating func pointer() -> Pointer? {
        var id: Int?, phase: PointerPhase?, x: Double?, y: Double?, t: Double?, pointerType: PointerType?
        var pressure: Double?, width: Double?, height: Double?, coalesced: [PointerSample]?
        let complete = members { reader, key -> Bool in
            switch key {
            case "id" where id == nil: id = reader.integer(); return id != nil
            case "phase" where phase == nil: phase = reader.phase(); return phase != nil
            case "x" where x == nil: x = reader.number(); return x != nil
            case "y" where y == nil: y = reader.number(); return y != nil
            case "t" where t == nil: t = reader.number(); return t != nil
            case "pointerType" where pointerType == nil: pointerType = reader.pointerType(); return pointerType != nil
            case "pressure" where pressure == nil: pressure = reader.number(); return pressure != nil
            case "width" where width == nil: width = reader.number(); return width != nil
            case "height" where height == nil: height = reader.number(); return height != nil
            case "coalesced" where coalesced == nil: coalesced = reader.elements { $0.sample() }; return coalesced != nil
            default: return false
            }
        }
        guard complete, let id, let phase, let x, let y, let t, let pointerType else { return nil }
        return Pointer(id: id, phase: phase, x: x, y: y, t: t, pointerType: pointerType, pressure: pressure, width: width,
                       height: height, coalesced: coalesced)
    }

    private mutating func sample() -> PointerSample? {
        var x: Double?, y: Double?, t: Double?
        let complete = members { reader, key -> Bool in
            switch key {
            case "x" where x == nil: x = reader.number(); return x != nil
            case "y" where y == nil: y = reader.number(); return y != nil
            case "t" where t == nil: t = reader.number(); return t != nil
            default: return false
            }
        }
        guard complete, let x, let y, let t else { return nil }
        return PointerSample(x: x, y: y, t: t)
    }

    // MARK: Containers

    /// Reads an object, handing each key to `member` with the cursor on its value; false from
    /// `member` (an unknown or repeated key, a value it does not take) stops the read.
    private mutating func members(_ member: (inout InputBytesReader, RawText) -> Bool) -> Bool {
        guard take(ASCII.openBrace) else { return false }
        scanner.skipWhitespace()
        if take(ASCII.closeBrace) { return true }
        while true {
            scanner.skipWhitespace()
            guard let key = rawString() else { return false }
            scanner.skipWhitespace()
            guard take(ASCII.colon) else { return false }
            scanner.skipWhitespace()
            guard member(&self, key) else { return false }
            scanner.skipWhitespace()
            if take(ASCII.comma) { continue }
            return take(ASCII.closeBrace)
        }
    }

    /// Reads a non-empty or empty array whose every element `element` reads.
    private mutating func elements<Element>(_ element: (inout InputBytesReader) -> Element?) -> [Element]? {
        guard take(ASCII.openBracket) else { return nil }
        var result: [Element] = []
        scanner.skipWhitespace()
        if take(ASCII.closeBracket) { return result }
        while true {
            scanner.skipWhitespace()
            guard let next = element(&self) else { return nil }
            result.append(next)
            scanner.skipWhitespace()
            if take(ASCII.comma) { continue }
            return take(ASCII.closeBracket) ? result : nil
        }
    }

    // MARK: Scalars

    /// A number as the general decoder reads it (`JSONScanner.number()`); `null` and the strings
    /// `"NaN"`/`"Infinity"` are left to the general decoder.
    private mutating func number() -> Double? {
        guard !scanner.atEnd, scanner.bytes[scanner.index] == ASCII.minus || (ASCII.zero...ASCII.nine).contains(scanner.bytes[scanner.index]) else {
            return nil
        }
        return try? scanner.number()
    }

    /// An integer within ±2^53, the general decoder's rule (`FieldReader.integer`).
    private mutating func integer() -> Int? {
        guard let value = number(), value.rounded() == value, abs(value) <= ProtocolLimits.maxInteger else { return nil }
        return Int(value)
    }

    // The two enums of every pointer are matched on their bytes: making a `String` of them for
    // `init(rawValue:)` (and its string comparisons) cost ~600 instructions a pointer (docs/performance.md,
    // "The writer's short appends and the input's enums"). A value missing here only sends the message to
    // the general decoder; `InputBytesReaderTests` reads every case of both.

    private mutating func phase() -> PointerPhase? {
        guard let raw = rawString() else { return nil }
        switch raw {
        case "move": return .move
        case "down": return .down
        case "up": return .up
        case "cancel": return .cancel
        default: return nil
        }
    }

    private mutating func pointerType() -> PointerType? {
        guard let raw = rawString() else { return nil }
        switch raw {
        case "touch": return .touch
        case "pen": return .pen
        case "mouse": return .mouse
        default: return nil
        }
    }

    private mutating func string(equalTo expected: StaticString) -> Bool {
        rawString().map { $0.equals(expected) } ?? false
    }

    /// The bytes of a string without escapes, the cursor on its opening quote; nil for anything else.
    private mutating func rawString() -> RawText? {
        guard take(ASCII.quote) else { return nil }
        let start = scanner.index
        while !scanner.atEnd {
            let byte = scanner.bytes[scanner.index]
            if byte == ASCII.quote {
                defer { scanner.index += 1 }
                return RawText(bytes: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index]))
            }
            guard byte >= 0x20, byte != ASCII.backslash, byte < 0x80 else { return nil }
            scanner.index += 1
        }
        return nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard !scanner.atEnd, scanner.bytes[scanner.index] == byte else { return false }
        scanner.index += 1
        return true
    }
}

/// The bytes of a key or a string value of the message, compared with Swift strings byte for byte
/// (`case "seq":` in a `switch`) instead of being made into a `String` first.
struct RawText {
    let bytes: UnsafeBufferPointer<UInt8>

    func equals(_ literal: StaticString) -> Bool {
        literal.utf8CodeUnitCount == bytes.count
            && literal.withUTF8Buffer { $0.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, $0.count) == 0 }
    }

    static func ~= (pattern: StaticString, value: RawText) -> Bool { value.equals(pattern) }
}
