import SeededRandom
import Testing
@testable import TouchBridgeProtocol

/// `JSONByteBuffer` stores each piece through a pointer into room it reserved: these tests put every
/// kind of piece at every position relative to the end of the room (each starting capacity of 0–63
/// bytes), write huge and Unicode content from no room at all, and compare with what `JSONEncoder`
/// writes; `scripts/sanitize.sh` runs them under AddressSanitizer, which catches a byte stored past
/// the allocation.
@Suite("The writer's byte buffer: pieces at the end of the room, huge and Unicode content")
struct JSONByteBufferTests {
    /// One piece of a message and the text `JSONEncoder` (or the literal) gives it.
    private enum Piece {
        case byte(UInt8), raw(StaticString), key(StaticString), integer(Int), number(Double), string(String), pieces([String])

        func write(to writer: inout JSONWriter, first: inout Bool) {
            switch self {
            case .byte(let byte): writer.byte(byte)
            case .raw(let text): writer.raw(text)
            case .key(let name): writer.key(name, first: &first)
            case .integer(let value): writer.integer(value)
            case .number(let value): writer.number(value)
            case .string(let value): writer.string(value)
            case .pieces(let values): writer.string { content in for value in values { content.write(value) } }
            }
        }

        func expected(first: inout Bool) -> String {
            switch self {
            case .byte(let byte): return String(UnicodeScalar(byte))
            case .raw(let text): return text.description
            case .key(let name):
                defer { first = false }
                return (first ? "" : ",") + "\"\(name)\":"
            case .integer(let value): return String(foundationText([value]).dropFirst().dropLast())
            case .number(let value): return String(foundationText([value]).dropFirst().dropLast())
            case .string(let value): return String(foundationText([value]).dropFirst().dropLast())
            case .pieces(let values): return String(foundationText([values.joined()]).dropFirst().dropLast())
            }
        }
    }

    private static func randomPiece(_ random: inout SplitMix64) -> Piece {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .byte(random.pick(Array("{}[],:".utf8)))
        case 1: return .raw(random.pick(["null", "\"type\":\"render\"", "", ",\"ops\":["] as [StaticString]))
        case 2: return .key(random.pick(["t", "id", "props", "recognizers", "a-rather-longer-key-than-most"] as [StaticString]))
        case 3: return .integer(random.integer())
        case 4:
            var value = random.double()
            while !value.isFinite { value = random.double() }
            return .number(value)
        case 5: return .string(random.string())
        default: return .pieces((0..<Int.random(in: 0...3, using: &random)).map { _ in random.string() })
        }
    }

    @Test func randomPiecesFromEveryStartingRoom() {
        var random = SplitMix64(seed: 0xB0FF_E125)
        for capacity in 0..<64 {
            for _ in 0..<20 {
                let pieces = (0..<Int.random(in: 1...40, using: &random)).map { _ in Self.randomPiece(&random) }
                var writer = JSONWriter(capacity: capacity)
                var first = true, expectedFirst = true
                for piece in pieces { piece.write(to: &writer, first: &first) }
                let expected = pieces.map { $0.expected(first: &expectedFirst) }.joined()
                #expect(writer.text == expected, "capacity \(capacity)")
                #expect(writer.bytes == Array(expected.utf8))
            }
        }
    }

    @Test func theWidestPiecesRightAtTheEndOfTheRoom() {
        // Each widest piece (a 20-digit negative integer, a 3-decimal number with 13 whole digits, a key,
        // a \u00xx escape) starts at every offset of a 16-byte room: its reservation grows it or fits.
        let widest: [Piece] = [.integer(Int.min), .integer(Int.max), .number(-999_999_999_999.999), .number(-1.5e300),
                               .key("a-rather-longer-key-than-most"), .string("\u{1}\u{1F}\"\\"), .pieces(["\u{0}", "é\u{1}"])]
        for piece in widest {
            for filler in 0...17 {
                var writer = JSONWriter(capacity: 16)
                var first = filler.isMultiple(of: 2), expectedFirst = first
                for _ in 0..<filler { writer.byte(UInt8(ascii: " ")) }
                piece.write(to: &writer, first: &first)
                #expect(writer.text == String(repeating: " ", count: filler) + piece.expected(first: &expectedFirst))
            }
        }
    }

    @Test func hugeUnicodeContentFromNoRoom() {
        var random = SplitMix64(seed: 0x0DD_B175)
        let scalars = (0..<300_000).map { _ -> Character in
            let value = random.pick([UInt32.random(in: 0...0x7F, using: &random), UInt32.random(in: 0x80...0xFFFF, using: &random),
                                     UInt32.random(in: 0x10000...0x10FFFF, using: &random)])
            return Character(Unicode.Scalar(value) ?? "?")
        }
        let huge = String(scalars)
        var writer = JSONWriter(capacity: 0)
        writer.strings([huge, huge])
        #expect(writer.text == foundationText([huge, huge]))
        var inPieces = JSONWriter(capacity: 0)
        inPieces.string { content in for _ in 0..<3 { content.write(huge) } }
        #expect(inPieces.text == foundationText([huge + huge + huge]).dropFirst().dropLast())
        var embedded = JSONWriter(capacity: 0)
        embedded.embed(huge)
        #expect(embedded.bytes == Array(huge.utf8))
    }
}
