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
///
/// Noncopyable: it owns the memory its bytes are written into (`JSONByteBuffer`, which says why).
package struct JSONWriter: ~Copyable {
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
            // One piece: `,` (unless first), `"`, the name, `"`, `:` — at most name.count + 4 bytes.
            buffer.reserve(name.count &+ 4)
            var end = buffer.end
            if comma { end.pointee = UInt8(ascii: ","); end += 1 }
            end.pointee = UInt8(ascii: "\"")
            end += 1
            if let source = name.baseAddress { UnsafeMutableRawPointer(end).copyMemory(from: source, byteCount: name.count) }
            end += name.count
            end[0] = UInt8(ascii: "\"")
            end[1] = UInt8(ascii: ":")
            buffer.advance(by: end + 2 - buffer.end)
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
        buffer.reserve(21)
        var end = buffer.end
        if value < 0 { end.pointee = UInt8(ascii: "-"); end += 1 }
        end = Self.writeDigits(of: value.magnitude, at: end)
        buffer.advance(by: end - buffer.end)
    }

    /// Writes `value`'s decimal digits at `start` and returns the byte after the last: at most 20
    /// (`UInt.max`'s), which the caller has reserved.
    @inline(__always)
    private static func writeDigits(of value: UInt, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var length = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            length &+= 1
        }
        let end = start + length
        var digit = end
        var rest = value
        repeat {
            digit -= 1
            digit.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while digit > start
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
                buffer.reserve(25)
                var end = buffer.end
                if thousandths < 0 { end.pointee = UInt8(ascii: "-"); end += 1 }
                let (whole, fraction) = thousandths.magnitude.quotientAndRemainder(dividingBy: 1000)
                end = Self.writeDigits(of: whole, at: end)
                if fraction != 0 {
                    let hundreds = fraction / 100, tens = fraction / 10 % 10, ones = fraction % 10
                    end[0] = UInt8(ascii: ".")
                    end[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
                    end += 2
                    if tens != 0 || ones != 0 { end.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens); end += 1 }
                    if ones != 0 { end.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ones); end += 1 }
                }
                buffer.advance(by: end - buffer.end)
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
        for index in values.indices {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            number(values[index])
        }
        buffer.append(UInt8(ascii: "]"))
    }

    // MARK: Strings

    /// `"value"`, escaped as `JSONEncoder` escapes it (the type's comment says how).
    package mutating func string(_ value: String) {
        buffer.append(UInt8(ascii: "\""))
        Self.appendEscaped(value, to: &buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    /// `"…"` holding what `body` writes into it, escaped as `string(_:)` escapes: text made in pieces
    /// (`TraceEvent.writeNotation(to:)`) goes into the message without being joined into a `String`.
    package mutating func string(writing body: (inout JSONStringContent) -> Void) {
        buffer.append(UInt8(ascii: "\""))
        withUnsafeMutablePointer(to: &buffer) { buffer in
            var content = JSONStringContent(buffer: buffer)
            body(&content)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `value`'s UTF-8, escaped, read where the string holds it.
    ///
    /// Not through `withUTF8`, which is `mutating`: it needed a copy of the string, a retain and a
    /// release each, and a log entry writes some eight strings (names, notation pieces): 560 of a pan
    /// message's ~40k instructions (docs/performance.md, "fourth pass"). A native or small string's
    /// bytes are contiguous; only a string of another kind (bridged, foreign) is copied.
    @inline(__always)
    fileprivate static func appendEscaped(_ value: String, to buffer: inout JSONByteBuffer) {
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &buffer) }
        guard written == nil else { return }
        var contiguous = value
        contiguous.withUTF8 { appendEscaped($0, to: &buffer) }
    }

    /// `utf8` with `"`, `\` and control characters escaped. Runs are cut only at those ASCII bytes, so
    /// what is appended stays valid UTF-8 (`text` relies on it).
    ///
    /// The scan walks pointers (`@_transparent` in the standard library) rather than a range's
    /// iterator, which an unoptimised build calls through generically for every byte.
    fileprivate static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout JSONByteBuffer) {
        guard let first = utf8.baseAddress else { return }
        let end = first + utf8.count
        var runStart = first
        var next = first
        while next < end {
            let byte = next.pointee
            next += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            buffer.append(UnsafeBufferPointer(start: runStart, count: next - 1 - runStart))
            runStart = next
            escape(byte, to: &buffer)
        }
        buffer.append(UnsafeBufferPointer(start: runStart, count: end - runStart))
    }

    /// One escaped byte: `\"`, `\\`, `\b \t \n \f \r`, or `\u00xx` (at most 6 bytes, reserved first).
    private static func escape(_ byte: UInt8, to buffer: inout JSONByteBuffer) {
        buffer.reserve(6)
        let room = buffer.end
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
            buffer.advance(by: 6)
            return
        }
        buffer.advance(by: 2)
    }

    /// `["a","b",…]`.
    package mutating func strings(_ values: [String]) {
        buffer.append(UInt8(ascii: "["))
        for index in values.indices {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            string(values[index])
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
            for index in elements.indices {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                self.value(elements[index])
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
///
/// It writes straight into the writer's buffer, through a pointer valid only while `string(writing:)`
/// runs its body: a content kept past the body would write into freed memory, so the body only writes.
package struct JSONStringContent: TextOutputStream {
    fileprivate let buffer: UnsafeMutablePointer<JSONByteBuffer>

    /// Appends `string`, escaped.
    package mutating func write(_ string: String) {
        JSONWriter.appendEscaped(string, to: &buffer.pointee)
    }
}
