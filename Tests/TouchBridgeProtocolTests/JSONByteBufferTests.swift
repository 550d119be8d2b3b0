import SeededRandom
import Foundation
import Testing
@testable import TouchBridgeProtocol

/// `JSONWriter` writes each piece through a pointer into room it reserved (`JSONByteBuffer`): every
/// piece must land whole, at every distance from the end of the room, whatever its size or content.
/// `scripts/sanitize.sh address` runs them under AddressSanitizer (docs/testing.md): a write past the
/// room is a sanitizer error there, not only a wrong byte.
@Suite("The writer's buffer: pieces written into reserved room")
struct JSONByteBufferTests {
    /// One piece of the writer's API and the text `JSONEncoder` writes for it.
    enum Piece {
        case byte(UInt8), key(StaticString, first: Bool), integer(Int), number(Double), string(String), embedded(String)
        case stringInPieces([String]), null, bool(Bool)

        static let keys: [StaticString] = ["a", "id", "location", "numberOfTouches", "userInteractionEnabled", ""]

        static func random(_ random: inout SplitMix64) -> Piece {
            switch Int.random(in: 0..<9, using: &random) {
            case 0: .byte(random.pick(Array("{}[],:".utf8)))
            case 1: .key(random.pick(keys), first: random.chance(0.5))
            case 2: .integer(random.integer())
            case 3: .number(random.double())
            case 4: .string(random.string())
            case 5: .embedded(WireJSON.text(random.jsonValue()))
            case 6: .stringInPieces((0..<Int.random(in: 0...4, using: &random)).map { _ in random.string() })
            case 7: .null
            default: .bool(random.chance(0.5))
            }
        }

        func write(to writer: inout JSONWriter) {
            switch self {
            case .byte(let byte): writer.byte(byte)
            case .key(let name, let first):
                var isFirst = first
                writer.key(name, first: &isFirst)
            case .integer(let value): writer.integer(value)
            case .number(let value): writer.number(value)
            case .string(let value): writer.string(value)
            case .embedded(let text): writer.embed(text)
            case .stringInPieces(let pieces): writer.string { content in pieces.forEach { content.write($0) } }
            case .null: writer.null()
            case .bool(let value): writer.bool(value)
            }
        }

        /// What `JSONEncoder` writes for the piece (a key and a byte are literal text).
        var reference: String {
            switch self {
            case .byte(let byte): String(UnicodeScalar(byte))
            case .key(let name, let first): (first ? "" : ",") + "\"\(name)\":"
            case .integer(let value): Self.encoded(value)
            case .number(let value): Self.encoded(value)
            case .string(let value): Self.encoded(value)
            case .embedded(let text): text
            case .stringInPieces(let pieces): Self.encoded(pieces.joined())
            case .null: "null"
            case .bool(let value): value ? "true" : "false"
            }
        }

        /// A value alone as `JSONEncoder` writes it: inside an array, without the brackets.
        static func encoded<Value: Encodable>(_ value: Value) -> String {
            let data = try! WireJSON.makeEncoder().encode([value])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
    }

    @Test func everyPieceLandsWholeAtEveryDistanceFromTheEndOfTheRoom() {
        // Writers that start with 0 to 63 bytes of room grow at every point of a sequence of pieces.
        var random = SplitMix64(seed: 0xB0F_FE25)
        for round in 0..<400 {
            let pieces = (0..<Int.random(in: 1...40, using: &random)).map { _ in Piece.random(&random) }
            var writer = JSONWriter(capacity: round % 64)
            for piece in pieces { piece.write(to: &writer) }
            let expected = pieces.map(\.reference).joined()
            guard writer.text == expected else {
                Issue.record("round \(round), capacity \(round % 64):\n  writer:      \(writer.text)\n  JSONEncoder: \(expected)")
                return
            }
            #expect(writer.bytes == Array(expected.utf8))
        }
    }

    @Test func aHugeUnicodeStringFromNoRoomAtAll() {
        // Megabytes of every kind of scalar (controls escaped six bytes wide, quotes, non-BMP), into a writer
        // that starts empty, whole and in pieces.
        var random = SplitMix64(seed: 0x4_06E5)
        let scalars = (0..<300_000).map { _ -> Character in
            let value = random.pick([UInt32.random(in: 0...0x1F, using: &random), UInt32(0x22), UInt32(0x5C),
                                     UInt32.random(in: 0x20...0x7F, using: &random), UInt32.random(in: 0x80...0xFFFF, using: &random),
                                     UInt32.random(in: 0x10000...0x10FFFF, using: &random)])
            return Character(Unicode.Scalar(value) ?? "?")
        }
        let huge = String(scalars)
        let expected = Piece.encoded(huge)

        var whole = JSONWriter(capacity: 0)
        whole.string(huge)
        #expect(whole.text == expected)

        var inPieces = JSONWriter(capacity: 0)
        inPieces.string { content in
            var rest = Substring(huge)
            while !rest.isEmpty {
                let length = Int.random(in: 0...5_000, using: &random)
                content.write(String(rest.prefix(length)))
                rest = rest.dropFirst(length)
            }
        }
        #expect(inPieces.text == expected)
        #expect(String(validating: inPieces.bytes, as: UTF8.self) == expected)
    }

    @Test func theExtremeIntegersAndNumbersAtTheEndOfTheRoom() {
        // The widest pieces (a sign and 19–20 digits; a 3-decimal number with 12 whole digits) written
        // when the room left is one byte short of them and less.
        let values: [Double] = [-999_999_999_999.999, 999_999_999_999.875, -0.001, .greatestFiniteMagnitude, -.leastNonzeroMagnitude]
        for capacity in 0..<30 {
            for value in [Int.min, Int.max, -9_007_199_254_740_992, 0] {
                var writer = JSONWriter(capacity: capacity)
                writer.integer(value)
                #expect(writer.text == String(value))
            }
            for value in values {
                var writer = JSONWriter(capacity: capacity)
                writer.number(value)
                #expect(writer.text == Piece.encoded(value))
            }
        }
    }
}
