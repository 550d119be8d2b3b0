/// Limits of `JSONParser`: what a peer may make the parser do.
package struct JSONParseLimits: Equatable, Sendable {
    /// Deepest nesting of arrays and objects (the top-level value is depth 1).
    package var maxDepth: Int
    /// Largest text, in UTF-8 bytes.
    package var maxBytes: Int

    /// Limits with the parser's defaults: 128 levels deep, no size bound (the transport bounds messages).
    package init(maxDepth: Int = 128, maxBytes: Int = .max) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }
}

/// Why a text is not JSON: what was wrong, and where.
package struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, in words.
    package var reason: String
    /// 0-based offset in the UTF-8 text where the problem was found.
    package var offset: Int
    /// For an object key that appears twice: where the repeated member sits (`pointers[0].t`), so a
    /// decoder can answer with a schema error naming the field; nil for every other error.
    package var duplicateKeyPath: String?

    /// An error `reason` at byte `offset`; `duplicateKeyPath` only for a repeated key.
    package init(reason: String, offset: Int, duplicateKeyPath: String? = nil) {
        self.reason = reason
        self.offset = offset
        self.duplicateKeyPath = duplicateKeyPath
    }

    /// The same error seen from the container one level up: a repeated key's path gets `component`
    /// (`t` becomes `pointers[0].t` through `[0]` and `pointers`) in front.
    func nested(in component: String) -> JSONParseError {
        guard let path = duplicateKeyPath else { return self }
        var nested = self
        nested.duplicateKeyPath = path.hasPrefix("[") ? component + path : component + "." + path
        return nested
    }

    package var description: String { "\(reason) at byte \(offset)" }
}

/// A strict RFC 8259 JSON parser: UTF-8 text → `JSONValue`, without Foundation.
///
/// Accepts exactly what RFC 8259 calls JSON text (any value at the top level; whitespace is space,
/// tab, LF and CR; no comments, trailing commas, leading zeros, `NaN` literals or byte-order mark).
/// Like Foundation's `JSONDecoder`, which the protocol used before: a number must be representable
/// as a `Double` (no overflow to infinity, no non-zero number that underflows to 0), strings must be
/// valid UTF-8 without unpaired surrogate escapes. An object key that appears twice is an error
/// (`duplicateKeyPath` names it): RFC 8259 leaves the meaning to each parser — some keep the first,
/// most the last — so a message that means different things to different readers is refused.
package enum JSONParser {
    /// Parses `text` as one JSON value, or throws where and why it is not JSON.
    package static func parse(_ text: String, limits: JSONParseLimits = JSONParseLimits()) throws(JSONParseError) -> JSONValue {
        var text = text
        // A Swift string is valid UTF-8 already: no need to check it again.
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, limits: limits, validatingUTF8: false) }
        }
        return try result.get()
    }

    /// Parses UTF-8 `bytes` as one JSON value; invalid UTF-8 is an error, not a replacement character.
    package static func parse(_ bytes: [UInt8], limits: JSONParseLimits = JSONParseLimits()) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, limits: limits, validatingUTF8: true) }
        }
        return try result.get()
    }

    static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, limits: JSONParseLimits, validatingUTF8: Bool
    ) throws(JSONParseError) -> JSONValue {
        guard buffer.count <= limits.maxBytes else {
            throw JSONParseError(reason: "the text is \(buffer.count) bytes, more than the limit of \(limits.maxBytes)", offset: limits.maxBytes)
        }
        var scanner = JSONScanner(buffer, maxDepth: limits.maxDepth, validatingUTF8: validatingUTF8)
        scanner.skipWhitespace()
        let value = try scanner.value(depth: 1)
        scanner.skipWhitespace()
        guard scanner.atEnd else { throw scanner.error("unexpected \(scanner.describeCurrent()) after the JSON value") }
        return value
    }
}

enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
}

/// The parser's cursor over the UTF-8 bytes.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    let validatingUTF8: Bool
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, validatingUTF8: Bool) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.validatingUTF8 = validatingUTF8
    }

    var atEnd: Bool { index >= bytes.count }

    func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset ?? index)
    }

    /// The byte at the cursor, for error messages.
    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte > 0x20, byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(hex(byte))"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case ASCII.openBrace: return try object(depth: depth)
        case ASCII.openBracket: return try array(depth: depth)
        case ASCII.quote: return .string(try string())
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try number())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let start = index
        let matches = word.withUTF8Buffer { expected -> Bool in
            guard bytes.count - start >= expected.count else { return false }
            for offset in 0..<expected.count where bytes[start + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw error("invalid literal, expected '\(word)'", at: start) }
        index += word.utf8CodeUnitCount
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw error("arrays and objects nest deeper than \(maxDepth) levels") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.closeBrace {
            index += 1
            return .object([:])
        }
        var members: [String: JSONValue] = [:]
        while true {
            guard index < bytes.count, bytes[index] == ASCII.quote else {
                throw error("unexpected \(describeCurrent()), expected a string key")
            }
            let keyOffset = index
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ASCII.colon else {
                throw error("unexpected \(describeCurrent()), expected ':' after an object key")
            }
            index += 1
            skipWhitespace()
            let member: JSONValue
            do {
                member = try value(depth: depth + 1)
            } catch {
                throw error.nested(in: key)
            }
            guard members.updateValue(member, forKey: key) == nil else {
                throw JSONParseError(reason: "the key \"\(key)\" appears twice in one object", offset: keyOffset, duplicateKeyPath: key)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == ASCII.comma {
                index += 1
                skipWhitespace()
            } else if bytes[index] == ASCII.closeBrace {
                index += 1
                break
            } else {
                throw error("unexpected \(describeCurrent()), expected ',' or '}' after an object member")
            }
        }
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw error("arrays and objects nest deeper than \(maxDepth) levels") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.closeBracket {
            index += 1
            return .array([])
        }
        var elements: [JSONValue] = []
        while true {
            do {
                elements.append(try value(depth: depth + 1))
            } catch {
                throw error.nested(in: "[\(elements.count)]")
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == ASCII.comma {
                index += 1
                skipWhitespace()
            } else if bytes[index] == ASCII.closeBracket {
                index += 1
                break
            } else {
                throw error("unexpected \(describeCurrent()), expected ',' or ']' after an array element")
            }
        }
        return .array(elements)
    }

    // MARK: Strings

    /// A string, the cursor on its opening quote.
    mutating func string() throws(JSONParseError) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == ASCII.backslash { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            if byte >= 0x80, validatingUTF8 { try skipUTF8Sequence() } else { index += 1 }
        }
        guard index < bytes.count else { throw error("unterminated string", at: open) }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte == ASCII.backslash {
                try escape(into: &utf8)
            } else if byte < 0x20 {
                throw controlCharacterError(byte)
            } else if byte >= 0x80, validatingUTF8 {
                let sequenceStart = index
                try skipUTF8Sequence()
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<index]))
            } else {
                utf8.append(byte)
                index += 1
            }
        }
        throw error("unterminated string", at: open)
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONParseError {
        let digits = Array("0123456789ABCDEF")
        return error("control character U+00\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)]) must be escaped in a string")
    }

    /// One escape sequence, the cursor on its backslash.
    private mutating func escape(into utf8: inout [UInt8]) throws(JSONParseError) {
        let start = index
        guard index + 1 < bytes.count else { throw error("unterminated string") }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case ASCII.quote, ASCII.backslash, ASCII.slash: utf8.append(letter)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: start)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == ASCII.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired UTF-16 surrogate \\u\(String(unit, radix: 16)) (a high surrogate must be followed by a low one)", at: start)
                }
                let lowStart = index
                index += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired UTF-16 surrogate \\u\(String(unit, radix: 16)) (a high surrogate must be followed by a low one)", at: start)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("unpaired UTF-16 surrogate \\u\(String(unit, radix: 16)) (a low surrogate without a high one)", at: start)
            }
            // Every non-surrogate code point is a scalar.
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        default:
            index = start + 1
            throw error("invalid escape sequence \\\(describeCurrent()) (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: start)
        }
    }

    /// The 4 hex digits of a `\u` escape, the cursor after the `u`.
    private mutating func hexQuad(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape: expected 4 hex digits", at: escapeStart) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected 4 hex digits", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence (the cursor on its lead byte) and moves past it.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8")
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { throw error("invalid UTF-8") }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { throw error("invalid UTF-8") }
        index += length
    }

    // MARK: Numbers

    /// Exact powers of ten (every one up to 1e22 is a Double exactly).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A number, the cursor on its first byte. Correctly rounded to the nearest Double.
    mutating func number() throws(JSONParseError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == ASCII.minus {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var truncated = false
        var nonZero = false
        var exponent = 0

        @inline(__always)
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= ASCII.zero && bytes[i] <= ASCII.nine }

        guard isDigit(index) else { throw error("invalid number: expected a digit", at: index) }
        if bytes[index] == ASCII.zero {
            index += 1
            if isDigit(index) { throw error("invalid number: leading zeros are not allowed", at: start) }
        } else {
            while isDigit(index) {
                let digit = UInt64(bytes[index] - ASCII.zero)
                if significantDigits < 19 {
                    mantissa = mantissa * 10 + digit
                    significantDigits += 1
                } else {
                    exponent += 1
                    if digit != 0 { truncated = true }
                }
                nonZero = true
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == ASCII.dot {
            index += 1
            guard isDigit(index) else { throw error("invalid number: expected a digit after the decimal point") }
            while isDigit(index) {
                let digit = UInt64(bytes[index] - ASCII.zero)
                if digit != 0 { nonZero = true }
                if mantissa == 0, digit == 0 {
                    exponent -= 1
                } else if significantDigits < 19 {
                    mantissa = mantissa * 10 + digit
                    significantDigits += 1
                    exponent -= 1
                } else if digit != 0 {
                    truncated = true
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == ASCII.minus || bytes[index] == ASCII.plus {
                exponentNegative = bytes[index] == ASCII.minus
                index += 1
            }
            guard isDigit(index) else { throw error("invalid number: expected a digit in the exponent") }
            var value = 0
            while isDigit(index) {
                value = min(value * 10 + Int(bytes[index] - ASCII.zero), 1_000_000)
                index += 1
            }
            exponent += exponentNegative ? -value : value
        }

        if !nonZero { return negative ? -0.0 : 0 }
        // Clinger's fast path: an exact mantissa times an exact power of ten rounds correctly.
        if !truncated, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let magnitude = Double(mantissa)
            let value = exponent < 0 ? magnitude / Self.powersOfTen[-exponent] : magnitude * Self.powersOfTen[exponent]
            return negative ? -value : value
        }
        // Everything else: the C library's correctly rounded conversion.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite, value != 0 else {
            throw error("number \(text.count > 40 ? text.prefix(40) + "…" : Substring(text)) is out of range (not representable as a 64-bit floating-point number)", at: start)
        }
        return value
    }
}
