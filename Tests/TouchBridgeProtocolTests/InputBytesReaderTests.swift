import SeededRandom
import Testing
@testable import TouchBridgeProtocol

/// The `input` fast path (`InputBytesReader`) against the general decoder: it reads the messages the
/// page sends, and whatever it accepts, the general decoder accepts with the same value.
@Suite("Reading input straight from its bytes")
struct InputBytesReaderTests {
    /// What the page sends (web/input.mjs): a finger, a pen with pressure and contact size, coalesced samples.
    static let pageMessages = [
        #"{"type":"input","seq":12,"pointers":[{"id":1,"phase":"down","x":60,"y":700,"t":0,"pointerType":"touch"}]}"#,
        #"{"type":"input","seq":13,"pointers":[{"id":1,"phase":"move","x":61.5,"y":699.25,"t":8.333,"pointerType":"touch","pressure":0.5,"width":11.2,"height":10,"coalesced":[{"x":60.5,"y":699.5,"t":4.1},{"x":61,"y":699.4,"t":6.2}]}]}"#,
        #"{"pointers":[{"coalesced":[],"height":1,"id":3,"phase":"up","pointerType":"pen","t":1e3,"width":2,"x":-0.5,"y":-0}],"seq":9007199254740992,"type":"input"}"#,
        #"{ "type" : "input" , "seq" : 1 , "pointers" : [ {"id":2, "phase":"up", "x":3, "y":4, "t":5, "pointerType":"touch"} ]\#n}"#,
        #"{"type":"input","seq":2,"pointers":[{"id":4,"phase":"cancel","x":1,"y":2,"t":3,"pointerType":"mouse"},{"id":5,"phase":"down","x":1E2,"y":2.5e-1,"t":3,"pointerType":"touch"}]}"#,
    ]

    @Test(arguments: pageMessages)
    func readsWhatThePageSends(_ text: String) throws {
        let read = try #require(ClientMessage.validInput(text, limits: ProtocolLimits()), "the fast path declined \(text)")
        #expect(try ClientMessage.decode(text) == read)
    }

    /// Messages the reader leaves to the general decoder, which accepts some and refuses others.
    @Test(arguments: [
        #"{"type":"ping","id":1}"#,
        #" {"type":"input","seq":1,"pointers":[]}"#,
        #"{"type":"input","seq":1,"pointers":[],"extra":true}"#,
        #"{"type":"input","seq":1,"seq":2,"pointers":[]}"#,
        #"{"typ\u0065":"input","seq":1,"pointers":[]}"#,
        #"{"type":"input","seq":1.5,"pointers":[]}"#,
        #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"down","x":null,"y":2,"t":3,"pointerType":"touch"}]}"#,
        #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"down","x":"NaN","y":2,"t":3,"pointerType":"touch"}]}"#,
        #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"hover","x":1,"y":2,"t":3,"pointerType":"touch"}]}"#,
        #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"down","x":1,"y":2,"t":3,"pointerType":"touch","pressure":null}]}"#,
        #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"down","x":1,"y":2,"pointerType":"touch"}]}"#,
        #"{"type":"input","seq":1,"pointers":[]} x"#,
        #"{"type":"input","seq":01,"pointers":[]}"#,
        #"{"type":"input","seq":9007199254740994,"pointers":[]}"#,
    ])
    func leavesEverythingElseToTheGeneralDecoder(_ text: String) {
        #expect(InputBytesReader.read(text) == nil)
    }

    /// A message the reader reads but that breaks a limit is the general decoder's to refuse, with its error.
    @Test func aReadMessageOverALimitGetsTheGeneralError() {
        let limits = ProtocolLimits(maxPointersPerInput: 1)
        let text = #"{"type":"input","seq":5,"pointers":[{"id":1,"phase":"down","x":1,"y":2,"t":3,"pointerType":"touch"},{"id":2,"phase":"down","x":1,"y":2,"t":3,"pointerType":"touch"}]}"#
        #expect(InputBytesReader.read(text) != nil)
        #expect(ClientMessage.validInput(text, limits: limits) == nil)
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(text, limits: limits) }
    }

    /// Generated messages — fields in any order, optional fields present, absent or null, odd number
    /// spellings, unknown keys, repeated keys, wrong types — never get a different value from the two paths.
    @Test func agreesWithTheGeneralDecoderOnGeneratedMessages() throws {
        var generator = SplitMix64(seed: 18)
        let limits = ProtocolLimits(maxMessageBytes: 1 << 20)
        var read = 0
        for _ in 0..<3_000 {
            let text = Self.generatedInput(&generator)
            guard let fast = ClientMessage.validInput(text, limits: limits) else { continue }
            read += 1
            #expect((try? ClientMessage.decode(text, limits: limits)) == fast, "\(text)")
        }
        // Both sides of the comparison are exercised.
        #expect(read > 300)
        #expect(read < 2_900)
    }

    static func generatedInput(_ generator: inout SplitMix64) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &generator)] }
        /// Mostly one of `good`, one time in `odds` one of `bad`.
        func mostly(_ good: [String], else bad: [String], odds: Int = 15) -> String {
            Int.random(in: 0..<odds, using: &generator) == 0 ? pick(bad) : pick(good)
        }
        func number() -> String {
            mostly(["0", "-0", "1", "-12.5", "3.25e2", "1E-3", "8.333", "400", "0.001", "123456789.125", "0.30000000000000004"],
                   else: ["1e400", "null", "\"NaN\"", "01", "2.", "\"1\""])
        }
        func space() -> String { pick(["", "", "", " ", "\n\t"]) }
        func object(_ members: [(String, String)]) -> String {
            var members = members.shuffled(using: &generator)
            if Int.random(in: 0..<30, using: &generator) == 0 { members.append(("extra", "1")) }
            if Int.random(in: 0..<30, using: &generator) == 0, let first = members.first { members.append((first.0, "7")) }
            return "{" + members.map { "\(space())\"\($0.0)\"\(space()):\(space())\($0.1)\(space())" }.joined(separator: ",") + "}"
        }
        func pointer() -> String {
            var members = [("id", mostly(["1", "2", "7"], else: ["1.5", "-3", "\"1\""])),
                           ("phase", mostly(["\"down\"", "\"move\"", "\"up\"", "\"cancel\""], else: ["\"hover\"", "\"d\\u006fwn\""])),
                           ("x", number()), ("y", number()), ("t", number()),
                           ("pointerType", mostly(["\"touch\"", "\"pen\"", "\"mouse\""], else: ["\"finger\"", "null"]))]
            for key in ["pressure", "width", "height"] where Bool.random(using: &generator) { members.append((key, number())) }
            if Bool.random(using: &generator) {
                let samples = (0..<Int.random(in: 0...3, using: &generator)).map { _ in object([("x", number()), ("y", number()), ("t", number())]) }
                members.append(("coalesced", "[" + samples.joined(separator: ",") + "]"))
            }
            if Int.random(in: 0..<15, using: &generator) == 0 { members.removeLast() }
            return object(members)
        }
        let pointers = (0..<Int.random(in: 0...3, using: &generator)).map { _ in pointer() }
        return object([("type", mostly(["\"input\""], else: ["\"advance\"", "\"inp\\u0075t\""])),
                       ("seq", mostly(["0", "41", "2e1"], else: ["-2", "9007199254740993", "1.5"])),
                       ("pointers", "[" + pointers.joined(separator: ",") + "]")])
    }
}
