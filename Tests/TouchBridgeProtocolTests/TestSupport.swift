import SeededRandom
import Foundation
@testable import TouchBridgeProtocol

/// Doubles that stress number formatting: the documented examples, the edges of the integer and
/// 3-decimal fast paths, and the extremes.
let interestingDoubles: [Double] = [
    0, -0.0, 1, -1, 1e-7, 12.3456, 12.346, 1e21, 1e22, 1e15, 1e16, 1e17, 123_456_789_012_345,
    9_007_199_254_740_992, 9_007_199_254_740_991, -9_007_199_254_740_992, 9_007_199_254_740_994, 4_503_599_627_370_496,
    0.001, -0.001, 0.0001, 0.00001, 0.1, 0.2, 0.1 + 0.2, 0.5, -0.5, 1.5, 2.25, 100, 1000.0004, 999_999_999_999.999,
    1e12, 1e12 + 0.001, 4_398_046_511_104.001, 1.000_000_000_1, 1 / 3.0, 2 / 3.0, .pi, -.pi, 6.667, 0.94, 0.98,
    .leastNonzeroMagnitude, 2.2250738585072014e-308, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    .nan, .infinity, -.infinity, 1e-3, 1e-4 * 3, 123.456e10, 160, 284.5, 1.4, 1.6, 1.25, -1234.567, 1e300, 1e-300,
]

/// Strings that stress escaping: every control character, quotes, backslashes, slashes, DEL,
/// non-ASCII, emoji, and line/paragraph separators.
let interestingStrings: [String] = {
    var strings = ["", "a", "photo", "window", "pinch:possible→began", "hit(1) window>root>photo", "#ff3b30ff",
                   "quote \" backslash \\ slash / done", "tab\tnew\nline\rcr", "\u{7F}del", "é€😀", "\u{2028}\u{2029}\u{FEFF}",
                   "👩‍👩‍👧‍👦 family", "e\u{301} combining", "long " + String(repeating: "x", count: 300), "<script>&amp;</script>",
                   "\\u0041 is not an escape", "null", "true", "1.5", "[]", "{}"]
    strings.append(String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }))
    for code in 0..<0x20 { strings.append("x\(Character(Unicode.Scalar(UInt8(code))))y") }
    return strings
}()

extension SplitMix64 {
    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &self)] }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    /// A double of every kind: interesting ones, 3-decimal wire values, integers, arbitrary bit patterns.
    mutating func double() -> Double {
        switch Int.random(in: 0..<6, using: &self) {
        case 0: return pick(interestingDoubles)
        case 1: return WireJSON.rounded(Double.random(in: -2000...2000, using: &self))
        case 2: return WireJSON.rounded(Double.random(in: -1e13...1e13, using: &self))
        case 3: return Double(Int.random(in: -1_000_000...1_000_000, using: &self))
        case 4: return Double(bitPattern: next())
        default: return Double.random(in: -1...1, using: &self) * pow(10, Double(Int.random(in: -30...30, using: &self)))
        }
    }

    mutating func string() -> String {
        if chance(0.7) { return pick(interestingStrings) }
        let scalars = (0..<Int.random(in: 0...12, using: &self)).map { _ -> Character in
            let value = pick([UInt32.random(in: 0...0x7F, using: &self), UInt32.random(in: 0x80...0xFFFF, using: &self),
                              UInt32.random(in: 0x10000...0x10FFFF, using: &self)])
            return Character(Unicode.Scalar(value) ?? "?")
        }
        return String(scalars)
    }

    mutating func integer() -> Int {
        pick([0, 1, -1, 42, Int.max, Int.min, 9_007_199_254_740_992, Int.random(in: -1000...1000, using: &self),
              Int.random(in: Int.min...Int.max, using: &self)])
    }

    /// A random JSON value (finite numbers only: JSON has no others).
    mutating func jsonValue(depth: Int = 0) -> JSONValue {
        let kind = Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &self)
        switch kind {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2:
            var number = double()
            while !number.isFinite { number = double() }
            return .number(number)
        case 3: return .string(string())
        case 4: return .array((0..<Int.random(in: 0...4, using: &self)).map { _ in jsonValue(depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &self) { members[string()] = jsonValue(depth: depth + 1) }
            return .object(members)
        }
    }
}

/// Foundation's encoding of a value, as every server message was encoded before the hand-written writer.
func foundationText<T: Encodable>(_ value: T) -> String {
    String(decoding: try! WireJSON.makeEncoder().encode(value), as: UTF8.self)
}
