import SeededRandom
import Foundation
import Testing
@testable import TouchBridgeProtocol

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String, limits: JSONParseLimits = JSONParseLimits()) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) in try JSONParser.parse(text, limits: limits) }
    }

    func error(_ text: String, limits: JSONParseLimits = JSONParseLimits()) -> JSONParseError? {
        if case .failure(let error) = parse(text, limits: limits) { return error }
        Issue.record("\(text.debugDescription) parsed")
        return nil
    }

    @Test func valuesOfEveryKind() throws {
        #expect(try JSONParser.parse(#" {"a":[1,-2.5e2,true,false,null,"x"],"b":{},"c":[]} "#) == .object([
            "a": .array([.number(1), .number(-250), .bool(true), .bool(false), .null, .string("x")]),
            "b": .object([:]), "c": .array([]),
        ]))
        #expect(try JSONParser.parse("\t\r\n 7 \n") == .number(7))
        #expect(try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u00e9\u20AC\ud83d\ude00""#) == .string("\"\\/\u{8}\u{C}\n\r\té€😀"))
        #expect(try JSONParser.parse("\"é€😀\u{7F}\"") == .string("é€😀\u{7F}"))
        #expect(try JSONParser.parse("-0") == .number(-0.0))
        #expect(try JSONParser.parse("0.1e1") == .number(1))
        #expect(try JSONParser.parse("1E+2") == .number(100))
        #expect(try JSONParser.parse("0e-400") == .number(0))
        #expect(try JSONParser.parse("3e-324") == .number(.leastNonzeroMagnitude))
        #expect(try JSONParser.parse("123456789012345678901234567890") == .number(1.2345678901234568e+29))
        #expect(try JSONParser.parse("9007199254740993") == .number(9_007_199_254_740_992))
        #expect(try JSONParser.parse("0.30000000000000004") == .number(0.30000000000000004))
    }

    /// RFC 8259 leaves a repeated key's meaning to each parser (first wins, last wins): the parser
    /// refuses it and says where the repeated member sits, so the decoder can name the field.
    @Test func aRepeatedKeyIsRefusedWithItsPath() throws {
        #expect(error(#"{"k":1,"k":2}"#) == JSONParseError(reason: #"the key "k" appears twice in one object"#, offset: 7, duplicateKeyPath: "k"))
        #expect(error(#"{"p":[{"a":1},{"t":null,"x":1,"t":2}]}"#)?.duplicateKeyPath == "p[1].t")
        #expect(error(#"[0,[{"a":{"b":1,"b":1}}]]"#)?.duplicateKeyPath == "[1][0].a.b")
        #expect(error("[1 2]")?.duplicateKeyPath == nil)
        #expect(try JSONParser.parse(#"{"k":{"k":1},"j":{"k":2}}"#) == .object(["k": .object(["k": .number(1)]), "j": .object(["k": .number(2)])]))
    }

    @Test func rejectsWhatRFC8259Rejects() {
        let bad = [
            "", " ", "{", "[1,]", #"{"a":1,}"#, "01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "NaN", "Infinity", "//c\n1",
            "\u{FEFF}1", "\u{0B}1", "\u{0C}1", "\u{A0}1", "[1 2]", #"{"a":1 "b":2}"#, "tru", "nul", "true false", "[1]x",
            #"{"a"}"#, #"{a:1}"#, "{'a':1}", #"["a\x"]"#, #""\u12""#, #""\U0041""#, "\"a\tb\"", "\"\u{1F}\"", #""abc"#,
            #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800\ud800""#, "1e400", "-1e400", "1e-400", "2e-324",
            "1.7976931348623159e308", "[", "]", "{}}", "\"\\", "\"\\u",
        ]
        for text in bad {
            #expect(throws: JSONParseError.self, "\(text.debugDescription)") { try JSONParser.parse(text) }
        }
    }

    @Test func errorsSayWhatAndWhere() {
        #expect(error(#"{"type":"#)?.description == "unexpected end of input, expected a value at byte 8")
        #expect(error(#"{"a" 1}"#)?.description == "unexpected character '1', expected ':' after an object key at byte 5")
        #expect(error("[1,2 x]")?.description == "unexpected character 'x', expected ',' or ']' after an array element at byte 5")
        #expect(error("01")?.description == "invalid number: leading zeros are not allowed at byte 0")
        #expect(error("\"a\nb\"")?.description == "control character U+000A must be escaped in a string at byte 2")
        #expect(error(#""\q""#)?.description.hasPrefix(#"invalid escape sequence \character 'q'"#) == true)
        #expect(error(#""\ud800x""#)?.reason.hasPrefix("unpaired UTF-16 surrogate") == true)
        #expect(error("1e999")?.reason.hasSuffix("is out of range (not representable as a 64-bit floating-point number)") == true)
        #expect(error("{} {}")?.description == "unexpected character '{' after the JSON value at byte 3")
        #expect(error(#""abc"#)?.description == "unterminated string at byte 0")
    }

    @Test func depthAndSizeLimits() {
        let limits = JSONParseLimits(maxDepth: 3, maxBytes: 20)
        #expect(throws: Never.self) { try JSONParser.parse("[[[]]]", limits: limits) }
        #expect(error("[[[[]]]]", limits: limits)?.description == "arrays and objects nest deeper than 3 levels at byte 3")
        #expect(error(#"{"a":{"b":{"c":{}}}}"#, limits: limits)?.reason == "arrays and objects nest deeper than 3 levels")
        #expect(error(String(repeating: " ", count: 21) + "1", limits: limits)?.reason == "the text is 22 bytes, more than the limit of 20")
        // The default limit leaves room for the deepest inline scene (views nest 32 deep).
        let deep = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(throws: Never.self) { try JSONParser.parse(deep) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[" + deep + "]") }
        // No stack overflow on hostile nesting.
        #expect(throws: JSONParseError.self) { try JSONParser.parse(String(repeating: "[", count: 1_000_000)) }
    }

    @Test func bytesAreCheckedForUTF8() {
        func parseBytes(_ bytes: [UInt8]) -> JSONValue? { try? JSONParser.parse(bytes) }
        #expect(parseBytes(Array("\"é€😀\"".utf8)) == .string("é€😀"))
        for bad: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0x80, 0x22],
                             [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0x5C, 0x6E, 0xFF, 0x22], [0xC3, 0xA9]] {
            #expect(parseBytes(bad) == nil, "\(bad)")
        }
    }

    /// Random documents, pretty and compact, and random corruptions of them: the parser agrees with
    /// Foundation's decoder on what is JSON and on the value.
    @Test func agreesWithFoundation() throws {
        var random = SplitMix64(seed: 2024)
        let decoder = JSONDecoder()
        var texts: [String] = []
        for _ in 0..<1500 {
            let value = random.jsonValue()
            let compact = WireJSON.text(value)
            texts.append(compact)
            let pretty = String(data: try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(
                with: Data(compact.utf8), options: .fragmentsAllowed), options: [.prettyPrinted, .fragmentsAllowed]), encoding: .utf8)!
            texts.append(pretty)
            var bytes = Array(compact.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(random.pick(Array(#"{}[],:"\0123456789.eE+-tfnul x"#.utf8)), at: index)
                default: bytes[index] = random.pick(Array(#"{}[],:"\0123456789.eE+-tfnul x"#.utf8))
                }
            }
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        texts += ["1e-330", "1e-320", "1e308", "-0.0", "0.000000000000000000000000000000000000000000000000001e-280",
                  "1" + String(repeating: "0", count: 400), "0." + String(repeating: "0", count: 400) + "1",
                  "17976931348623157" + String(repeating: "0", count: 292), "2.2250738585072011e-308", "4.9406564584124654e-324",
                  "2.4703282292062327e-324", "2.4703282292062328e-324", "7.2057594037927933e16", "[1.00000000000000011102230246251565404236316680908203125]",
                  "[1.00000000000000011102230246251565404236316680908203124]", "[9007199254740993.0000000000000001]"]
        var disagreements: [String] = []
        for text in texts {
            let ours = try? JSONParser.parse(text)
            let foundation = try? decoder.decode(JSONValue.self, from: Data(text.utf8))
            if ours != foundation { disagreements.append("\(text.debugDescription): ours \(String(describing: ours)), Foundation \(String(describing: foundation))") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).joined(separator: "\n"))")
    }
}
