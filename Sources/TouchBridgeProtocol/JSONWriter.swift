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

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    /// Literal JSON (punctuation, keys with their quotes and colon).
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `"key":`, preceded by a comma unless it is the object's first member.
    @inline(__always)
    mutating func key(_ name: StaticString, first: inout Bool) {
        if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    mutating func null() { raw("null") }

    // MARK: Numbers

    mutating func integer(_ value: Int) {
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

    mutating func number(_ value: Double) {
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
    mutating func numbers(_ values: [Double]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            number(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    // MARK: Strings

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                escape(byte)
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
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
            raw("u00")
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }

    /// `["a","b",…]`.
    mutating func strings(_ values: [String]) {
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
