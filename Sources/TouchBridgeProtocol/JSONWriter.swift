/// Writes JSON text byte for byte as `WireJSON.makeEncoder()` (Foundation's `JSONEncoder` with
/// sorted keys and unescaped slashes) writes it, without its cost.
///
/// The writer does not sort: whoever writes an object writes its keys in sorted (byte) order and
/// leaves out nil optionals, as the synthesized `Encodable` conformances do. `JSONWriterTests`
/// compares both encoders over a large corpus.
///
/// - Numbers: integral values below 2^53 as integers; other finite values as Swift's shortest
///   round-trip `description` without a trailing `.0` (`1e-07`, `1e+21`, `12.3456`, `-0`); NaN and
///   infinities as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
/// - Strings: `"` and `\` escaped, control characters as `\b \t \n \f \r` or `\u00xx`; everything
///   else (`/`, DEL, non-ASCII) as it is.
package struct JSONWriter {
    private var buffer: JSONByteBuffer

    /// An empty writer whose buffer holds `capacity` bytes before it grows.
    package init(capacity: Int = 256) {
        buffer = JSONByteBuffer(capacity: capacity)
    }

    /// The bytes written so far.
    var bytes: [UInt8] { buffer.bytes }

    /// The text written so far.
    ///
    /// The bytes are valid UTF-8 by construction: ASCII punctuation and digits, the UTF-8 of Swift
    /// strings (valid, and split only at the ASCII bytes escaped) and of string literals. So the
    /// text is made without `String(decoding:)`'s validation, which scanned every byte of a message
    /// with a non-ASCII character (the `→` of each transition's notation) at ~9 instructions a byte:
    /// ~3.5k of a pan message's ~79k (docs/performance.md). `JSONWriterTests` validates the bytes of
    /// its corpus, whose strings are random Unicode.
    package var text: String { buffer.unvalidatedText }

    /// One ASCII byte (punctuation): anything else would break `text`'s UTF-8.
    @inline(__always)
    package mutating func byte(_ byte: UInt8) {
        assert(byte < 0x80, "JSONWriter.byte takes ASCII only")
        buffer.append(byte)
    }

    /// JSON text that is already encoded (a report embedded in an answer), as it is: a `String`'s
    /// bytes are valid UTF-8, so `text` stays valid without `byte`'s ASCII-only rule.
    package mutating func embed(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append($0) }
    }

    /// Literal JSON (punctuation, keys with their quotes and colon).
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append($0) }
    }

    /// `"key":`, preceded by a comma unless it is the object's first member.
    @inline(__always)
    package mutating func key(_ name: StaticString, first: inout Bool) {
        let comma = !first
        first = false
        name.withUTF8Buffer { name in
            // One piece: `,` (unless first), `"`, the name, `"`, `:`.
            buffer.write(atMost: name.count + 4) { room in
                var index = 0
                if comma { room[0] = UInt8(ascii: ","); index = 1 }
                room[index] = UInt8(ascii: "\"")
                if let source = name.baseAddress, let target = room.baseAddress {
                    (target + index + 1).update(from: source, count: name.count)  // room has name.count + 4 ≥ index + 3 + name.count
                }
                index += 1 + name.count
                room[index] = UInt8(ascii: "\"")
                room[index + 1] = UInt8(ascii: ":")
                return index + 2
            }
        }
    }

    /// `true` or `false`.
    package mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// `null`.
    package mutating func null() { raw("null") }

    // MARK: Numbers

    /// An integer, as `JSONEncoder` writes an `Int`.
    package mutating func integer(_ value: Int) {
        // One piece: the sign and at most 20 digits (UInt.max has 20).
        buffer.write(atMost: 21) { room in
            var end = 0
            if value < 0 { room[0] = UInt8(ascii: "-"); end = 1 }
            return Self.writeDigits(of: value.magnitude, into: room, at: end)
        }
    }

    /// Writes `value`'s decimal digits into `room` from `start`, returning the index after the last.
    /// `room` must hold the digits: 20 bytes after `start` hold any `UInt`'s.
    @inline(__always)
    private static func writeDigits(of value: UInt, into room: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var digits = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var rest = value
        var index = start + digits
        let end = index
        repeat {
            index -= 1
            room[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while index > start
        return end
    }

    /// A number, as `JSONEncoder` writes a `Double` (the type's comment says how).
    package mutating func number(_ value: Double) {
        guard value.isFinite else {
            string(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            return
        }
        let magnitude = value.magnitude
        if magnitude < 9_007_199_254_740_992, value.rounded(.towardZero) == value {
            if value == 0, value.sign == .minus {
                raw("-0")
            } else {
                integer(Int(value))
            }
            return
        }
        // The wire's 3-decimal numbers: when `value` is the Double nearest to n/1000 and its ulp is
        // below 0.001, n/1000 is the shortest decimal that round-trips, i.e. its `description`.
        if magnitude < 1e12 {
            let scaled = (value * 1000).rounded()
            if scaled / 1000 == value {
                let thousandths = Int(scaled)
                // One piece: the sign, at most 20 digits of the whole part, the point and 3 decimals.
                buffer.write(atMost: 25) { room in
                    var end = 0
                    if thousandths < 0 { room[0] = UInt8(ascii: "-"); end = 1 }
                    let (whole, fraction) = thousandths.magnitude.quotientAndRemainder(dividingBy: 1000)
                    end = Self.writeDigits(of: whole, into: room, at: end)
                    if fraction != 0 {
                        let hundreds = fraction / 100, tens = fraction / 10 % 10, ones = fraction % 10
                        room[end] = UInt8(ascii: ".")
                        room[end + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
                        end += 2
                        if tens != 0 || ones != 0 { room[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens); end += 1 }
                        if ones != 0 { room[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ones); end += 1 }
                    }
                    return end
                }
                return
            }
        }
        // What JSONEncoder does for every Double.
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        embed(text)
    }

    /// `[a,b,…]`.
    package mutating func numbers(_ values: [Double]) {
        buffer.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            number(value)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    // MARK: Strings

    /// `"value"`, escaped as `JSONEncoder` escapes it (the type's comment says how).
    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            guard Self.needsEscaping(utf8) else {
                // The usual string (a name, a phase, a state): one piece, its quotes around it.
                buffer.write(atMost: utf8.count + 2) { room in
                    room[0] = UInt8(ascii: "\"")
                    if let source = utf8.baseAddress, let target = room.baseAddress {
                        (target + 1).update(from: source, count: utf8.count)  // room has utf8.count + 2 bytes
                    }
                    room[utf8.count + 1] = UInt8(ascii: "\"")
                    return utf8.count + 2
                }
                return
            }
            buffer.append(UInt8(ascii: "\""))
            Self.appendEscaped(utf8, to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// `"…"` holding what `body` writes into it, escaped as `string(_:)` escapes: text made in pieces
    /// (`TraceEvent.writeNotation(to:)`) goes into the message without being joined into a `String`.
    package mutating func string(writing body: (inout JSONStringContent) -> Void) {
        buffer.append(UInt8(ascii: "\""))
        var content = JSONStringContent()
        swap(&content.buffer, &buffer)  // the buffer moves in and out: nothing is copied
        body(&content)
        swap(&content.buffer, &buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Whether `utf8` holds a byte JSON escapes: `"`, `\` or a control character.
    private static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// `utf8` with `"`, `\` and control characters escaped. Runs are cut only at those ASCII bytes, so
    /// what is appended stays valid UTF-8 (`text` relies on it).
    fileprivate static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout JSONByteBuffer) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            runStart = index + 1
            escape(byte, to: &buffer)
        }
        if runStart < utf8.count { buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// One escaped byte: `\"`, `\\`, `\b \t \n \f \r`, or `\u00xx` (at most 6 bytes).
    private static func escape(_ byte: UInt8, to buffer: inout JSONByteBuffer) {
        buffer.write(atMost: 6) { room in
            room[0] = UInt8(ascii: "\\")
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): room[1] = byte
            case 0x08: room[1] = UInt8(ascii: "b")
            case 0x09: room[1] = UInt8(ascii: "t")
            case 0x0A: room[1] = UInt8(ascii: "n")
            case 0x0C: room[1] = UInt8(ascii: "f")
            case 0x0D: room[1] = UInt8(ascii: "r")
            default:
                let hex: StaticString = "0123456789abcdef"
                room[1] = UInt8(ascii: "u")
                room[2] = UInt8(ascii: "0")
                room[3] = UInt8(ascii: "0")
                hex.withUTF8Buffer { digits in
                    room[4] = digits[Int(byte >> 4)]
                    room[5] = digits[Int(byte & 0xF)]
                }
                return 6
            }
            return 2
        }
    }

    /// `["a","b",…]`.
    package mutating func strings(_ values: [String]) {
        buffer.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            string(value)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    // MARK: Any JSON

    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                self.value(element)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let members):
            buffer.append(UInt8(ascii: "{"))
            // JSONEncoder's `.sortedKeys` order: UTF-8 bytes, no Unicode normalization.
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                string(key)
                buffer.append(UInt8(ascii: ":"))
                self.value(members[key]!)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }
}

/// The inside of a JSON string `JSONWriter.string(writing:)` is writing: each piece of text written
/// here is escaped as `JSONWriter.string(_:)` escapes a whole string.
package struct JSONStringContent: TextOutputStream {
    fileprivate var buffer = JSONByteBuffer(capacity: 0)

    /// Appends `string`, escaped.
    package mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { JSONWriter.appendEscaped($0, to: &buffer) }
    }
}
