import Foundation
import SeededRandom
import Testing
@testable import TouchBridgeProtocol

/// The server messages' declarations (`WireMessage`) are the authority for what goes on the wire: the
/// specialized writers of the per-frame messages (`render`, `events`) must write exactly what the
/// declaration's table writes, over generated messages in which every optional field of every declared
/// object is both present and absent; the Swift clients' `Codable` types must read and write the
/// declared bytes.
@Suite struct ServerDeclarationTests {
    static func lints(_ random: inout SplitMix64) -> [WireLint] {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in
            WireLint(id: random.string(), name: random.string(), severity: random.pick(["error", "warning", "info"]), rule: random.string(),
                     message: random.string(), fix: random.string(), subjects: [random.string()])
        }
    }

    /// `JSONWriterTests`' events with what that corpus leaves out: lints, and log entries' `allTouches` and margins.
    static func events(_ random: inout SplitMix64, round: Int) -> EventsMessage {
        var message = JSONWriterTests.events(&random, round: round)
        if random.chance(0.3) { message.lints = lints(&random) }
        // The kinds that corpus does not make: the complete log's recognizer calls, animations.
        if random.chance(0.3) {
            var call = LogEntry(kind: "recognizerTouches", text: random.string(), diagnostic: true)
            call.recognizer = random.string()
            call.method = "touchesMoved"
            call.touches = [LogTouch(id: random.integer(), phase: "moved", tapCount: 1, location: [random.double(), 0])]
            call.allTouches = call.touches
            var animation = LogEntry(kind: "animation", text: random.string(), diagnostic: random.chance(0.5))
            animation.message = random.string()
            message.log += [call, animation]
        }
        for index in message.log.indices {
            if random.chance(0.3) {
                message.log[index].allTouches = [LogTouch(id: random.integer(), phase: "moved", tapCount: 1, location: [random.double(), 0])]
            }
            if random.chance(0.3) {
                message.log[index].margins = [LogMargin(rule: random.string(), threshold: random.string(), measured: random.double(),
                                                        limitValue: random.double(), limit: "atMost", side: "inside", unit: "pt")]
            }
        }
        return message
    }

    /// `JSONWriterTests`' renders with what that corpus leaves out: `t` and lints.
    static func render(_ random: inout SplitMix64, round: Int) -> RenderMessage {
        var message = JSONWriterTests.render(&random, round: round)
        if random.chance(0.5) { message.t = random.double() }
        if random.chance(0.3) { message.lints = lints(&random) }
        return message
    }

    @Test func theSpecializedWritersOfRenderAndEventsWriteTheirDeclaration() throws {
        var random = SplitMix64(seed: 0x5E4D_C0DE)
        var coverage = WireCoverage()
        for round in 0..<1000 {
            let events = Self.events(&random, round: round), render = Self.render(&random, round: round)
            for (message, declared) in [(ServerMessage.events(events), events.messageText), (ServerMessage.render(render), render.messageText)] {
                let written = message.text
                guard written == declared else {
                    Issue.record("round \(round): \(message.type)'s specialized writer differs from its declaration\n  writer:      \(written)\n  declaration: \(declared)")
                    return
                }
                let fields = ServerMessage.declarations.first { $0.type == message.type }?.fields ?? []
                coverage.note(try WireJSON.makeDecoder().decode(JSONValue.self, from: Data(written.utf8)), fields: fields, at: message.type)
            }
        }
        // The corpus put every optional field in and left it out, at every level the declarations list.
        #expect(coverage.gaps(fields: EventsMessage.writtenFields.map(\.info), at: "events") == [])
        #expect(coverage.gaps(fields: RenderMessage.writtenFields.map(\.info), at: "render") == [])
    }

    /// Elements of every kind, with the awkward numbers of `SplitMix64.double()` (NaN, infinities, 1e300…).
    static let pathElements: [DisplayPathElement] = {
        var random = SplitMix64(seed: 0x9A7E)
        return (0..<400).flatMap { _ in JSONWriterTests.path(&random) }
    }()

    @Test func theRenderWritersPathWriterWritesTheDeclarationForEveryKind() {
        var kinds: Set<String> = []
        for element in Self.pathElements {
            var fast = JSONWriter(), declared = JSONWriter()
            fast.write([element])
            [element].write(to: &declared)
            guard fast.text == declared.text else {
                Issue.record("the render writer and the declaration differ on \(element)\n  writer:      \(fast.text)\n  declaration: \(declared.text)")
                return
            }
            // Each element is of exactly one declared kind, with as many numbers as that kind names.
            let variants = DisplayPathElement.tupleVariants.filter { $0.numbers(element) != nil }
            #expect(variants.count == 1, "\(element)")
            guard let variant = variants.first else { continue }
            #expect(variant.numbers(element)?.count == variant.info.fields.count, "\(element)")
            kinds.insert(variant.info.tag)
        }
        #expect(kinds == Set(DisplayPathElement.tupleVariants.map(\.info.tag)))
    }

    @Test func theSwiftClientsTypesReadAndWriteTheDeclaredBytes() throws {
        var random = SplitMix64(seed: 29)
        for _ in 0..<300 {
            var welcome = Welcome(session: random.string(), role: random.pick([.device, .observer]),
                                  scenes: [SceneInfo(name: random.string(), title: random.string(), description: random.string())],
                                  scene: random.string(), clock: random.pick([.client, .manual]), thresholds: ServerExamples.thresholds,
                                  limits: ProtocolLimits(maxViewportPoints: random.double()))
            if random.chance(0.5) { welcome.recording = random.chance(0.5) }
            if random.chance(0.5) { welcome.lan = LANAddress(url: random.string(), qr: QRCodePath(size: random.integer(), path: random.string())) }
            if random.chance(0.5) { welcome.lints = Self.lints(&random) }
            let error = ErrorMessage(code: random.string(), message: random.string(), path: random.chance(0.5) ? random.string() : nil,
                                     retryAfterMs: random.chance(0.5) ? random.integer() : nil, seq: random.chance(0.5) ? random.integer() : nil)
            let messages: [ServerMessage] = [.welcome(welcome), .error(error), .pong(Pong(id: random.integer(), t: random.double()))]
            for message in messages {
                #expect(message.text == message.codableText, "\(message.type): the declaration and Encodable differ")
                if message.text.contains("NaN") || message.text.contains("Infinity") { continue }
                #expect(try ServerMessage.decode(message.text) == message)
            }
        }
    }

    @Test func theColdRepliesWriteTheirFieldsSortedWithTheirType() {
        #expect(StepMessage.text(frame: 2, frames: 6, t: 16.0004, renders: [#"{"type":"render"}"#], events: [], pointers: [LivePointer(id: 1, x: 2, y: 3)],
                                 omitted: 0)
            == #"{"events":[],"frame":2,"frames":6,"omitted":0,"pointers":[{"id":1,"x":2,"y":3}],"renders":[{"type":"render"}],"t":16,"type":"step"}"#)
        #expect(ResumedMessage.text(render: "null") == #"{"render":null,"type":"resumed"}"#)
        #expect(UploadingMessage.text(received: 1, parts: 3) == #"{"parts":3,"received":1,"type":"uploading"}"#)
        #expect(SteppingMessage(source: "recording", name: "a.jsonl", frames: 2, times: [0, 16.5]).text
            == #"{"frames":2,"name":"a.jsonl","source":"recording","times":[0,16.5],"type":"stepping"}"#)
        #expect(SteppingMessage(source: "live", name: nil, frames: 0, times: []).text == #"{"frames":0,"source":"live","times":[],"type":"stepping"}"#)
        #expect(ExportedTestMessage(format: .swift, frame: 3, text: "t", notes: ["n"]).wireText
            == #"{"as":"swift","frame":3,"notes":["n"],"text":"t","type":"exported-test"}"#)
    }
}
