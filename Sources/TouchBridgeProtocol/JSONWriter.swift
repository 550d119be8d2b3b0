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
    private(set) var bytes: [UInt8] = []

    /// An empty writer whose buffer holds `capacity` bytes before it grows.
    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    ///
    /// The bytes are valid UTF-8 by construction: ASCII punctuation and digits, the UTF-8 of Swift
    /// strings (valid, and split only at the ASCII bytes escaped) and of string literals. So the
    /// text is made without `String(decoding:)`'s validation, which scanned every byte of a message
    /// with a non-ASCII character (the `→` of each transition's notation) at ~9 instructions a byte:
    /// ~3.5k of a pan message's ~79k (docs/performance.md). `JSONWriterTests` validates the bytes of
    /// its corpus, whose strings are random Unicode.
    package var text: String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let span = bytes.span
            return String(copying: UTF8Span(unchecked: span))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One ASCII byte (punctuation): anything else would break `text`'s UTF-8.
    @inline(__always)
    package mutating func byte(_ byte: UInt8) {
        assert(byte < 0x80, "JSONWriter.byte takes ASCII only")
        bytes.append(byte)
    }

    /// JSON text that is already encoded (a report embedded in an answer), as it is: a `String`'s
    /// bytes are valid UTF-8, so `text` stays valid without `byte`'s ASCII-only rule.
    package mutating func embed(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Literal JSON (punctuation, keys with their quotes and colon).
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `"key":`, preceded by a comma unless it is the object's first member.
    @inline(__always)
    package mutating func key(_ name: StaticString, first: inout Bool) {
        if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
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
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    private mutating func unsigned(_ value: UInt) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt.max's 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
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
                if thousandths < 0 { bytes.append(UInt8(ascii: "-")) }
                let (whole, fraction) = thousandths.magnitude.quotientAndRemainder(dividingBy: 1000)
                unsigned(whole)
                if fraction != 0 {
                    bytes.append(UInt8(ascii: "."))
                    let hundreds = fraction / 100, tens = fraction / 10 % 10, ones = fraction % 10
                    bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds))
                    if tens != 0 || ones != 0 { bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)) }
                    if ones != 0 { bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ones)) }
                }
                return
            }
        }
        // What JSONEncoder does for every Double.
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// `[a,b,…]`.
    package mutating func numbers(_ values: [Double]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            number(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    // MARK: Strings

    /// `"value"`, escaped as `JSONEncoder` escapes it (the type's comment says how).
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        Self.appendEscaped(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"…"` holding what `body` writes into it, escaped as `string(_:)` escapes: text made in pieces
    /// (`TraceEvent.writeNotation(to:)`) goes into the message without being joined into a `String`.
    package mutating func string(writing body: (inout JSONStringContent) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        var content = JSONStringContent()
        swap(&content.bytes, &bytes)  // the buffer moves in and out: nothing is copied
        body(&content)
        swap(&content.bytes, &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value`'s UTF-8 with `"`, `\` and control characters escaped. Runs are cut only at those ASCII
    /// bytes, so what is appended stays valid UTF-8 (`text` relies on it).
    fileprivate static func appendEscaped(_ value: String, to bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                escape(byte, to: &bytes)
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
    }

    private static func escape(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }

    /// `["a","b",…]`.
    package mutating func strings(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    // MARK: Any JSON

    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // JSONEncoder's `.sortedKeys` order: UTF-8 bytes, no Unicode normalization.
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(key)
                bytes.append(UInt8(ascii: ":"))
                self.value(members[key]!)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}

/// The inside of a JSON string `JSONWriter.string(writing:)` is writing: each piece of text written
/// here is escaped as `JSONWriter.string(_:)` escapes a whole string.
package struct JSONStringContent: TextOutputStream {
    fileprivate var bytes: [UInt8] = []

    /// Appends `string`, escaped.
    package mutating func write(_ string: String) {
        JSONWriter.appendEscaped(string, to: &bytes)
    }
}
