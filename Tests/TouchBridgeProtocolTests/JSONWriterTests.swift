import SeededRandom
import Foundation
import Testing
@testable import TouchBridgeProtocol

/// The hand-written server-message encoders must write exactly what `JSONEncoder` wrote: clients
/// and the manual-clock determinism guarantee compare bytes.
@Suite("Hand-written JSON writer = JSONEncoder, byte for byte")
struct JSONWriterTests {
    /// Every message the corpus generator makes, encoded both ways.
    @Test func largeCorpusOfServerMessagesEncodesIdentically() {
        var random = SplitMix64(seed: 0x70C4_B21D)
        var compared = 0
        for round in 0..<1500 {
            let messages: [ServerMessage] = [
                .events(Self.events(&random, round: round)),
                .render(Self.render(&random, round: round)),
                .error(ErrorMessage(code: random.string(), message: random.string(),
                                    path: random.chance(0.5) ? random.string() : nil, seq: random.chance(0.5) ? random.integer() : nil)),
                .pong(Pong(id: random.integer(), t: random.double())),
            ]
            for message in messages {
                let fast = message.text
                let reference = message.codableText
                if fast != reference {
                    Issue.record("round \(round): \(message.type) differs\n  writer:      \(fast)\n  JSONEncoder: \(reference)")
                    return
                }
                compared += 1
            }
        }
        #expect(compared == 6000)
    }

    @Test func theWrittenBytesAreValidUTF8() {
        // `JSONWriter.text` makes its String without validating the bytes: they must be valid by
        // construction, whatever Unicode the corpus's strings hold.
        var random = SplitMix64(seed: 0x5AFE_0008)
        for round in 0..<600 {
            var writer = JSONWriter()
            writer.write(Self.events(&random, round: round))
            writer.write(Self.render(&random, round: round))
            writer.value(random.jsonValue())
            writer.string { content in
                for _ in 0..<3 { content.write(random.string()) }
            }
            guard let validated = String(validating: writer.bytes, as: UTF8.self) else {
                Issue.record("round \(round): invalid UTF-8 written")
                return
            }
            #expect(validated == writer.text)
        }
    }

    @Test func aStringWrittenInPiecesIsEscapedAsAWholeOne() {
        var random = SplitMix64(seed: 0x9A37)
        for _ in 0..<2000 {
            let pieces = (0..<Int.random(in: 0...4, using: &random)).map { _ in random.string() }
            var whole = JSONWriter()
            whole.string(pieces.joined())
            var inPieces = JSONWriter()
            inPieces.string { content in
                for piece in pieces { content.write(piece) }
            }
            #expect(inPieces.bytes == whole.bytes, "\(pieces)")
        }
    }

    @Test func everyLogEntryKindEveryRenderOpAndEveryProp() {
        // The deterministic part of the corpus: each kind, op and prop at least once, null and set.
        var random = SplitMix64(seed: 1)
        let entries = Self.logEntryKinds.map { Self.logEntry(kind: $0, &random, allFields: true) }
            + Self.logEntryKinds.map { Self.logEntry(kind: $0, &random, allFields: false) }
        let events = ServerMessage.events(EventsMessage(seq: 3, t: 1016, log: entries))
        #expect(events.text == events.codableText)

        // Every property and control field set, with text that needs escaping.
        var allSet = ServerExamples.everyProperty
        allSet.text = .value("Hi \"there\"\n")
        allSet.fontSize = .value(17.5)
        if case .value(var control)? = allSet.control {
            control.segments = ["One", "Two \"2\""]
            allSet.control = .value(control)
        }
        let list: [DisplayCommand] = [
            .stroke(path: [.move(x: 10, y: 10), .line(x: 200, y: 40.5), .close], color: "#000000ff", lineWidth: 3, lineCap: "round"),
            .fill(path: [.ellipse(x: 50, y: 50, width: 20, height: 20), .rect(x: -1, y: 0, width: 0.001, height: 1e21)], color: "#ff0000ff"),
            .text("Hi ✓", at: [12, 30], fontSize: 17, color: "#000000ff"),
        ]
        allSet.shadow = .value(ShadowProps(color: "#000000ff", opacity: 0.35, offset: [0, 6], radius: 8))
        allSet.animations = [WireAnimation(id: 1, property: "center", from: [50, 150], to: [350, 150], begin: 0, duration: 1000,
                                           curve: "spring", damping: 0.5, velocity: 0, autoreverses: true, repeats: false),
                             WireAnimation(id: 2, property: "alpha", from: [1], to: [0], begin: 100, duration: 0, curve: "bezier",
                                           controlPoints: [0.42, 0, 0.58, 1], startValue: 0.4, endValue: 0.4, joinedAt: 0.25, absolute: true)]
        let render = ServerMessage.render(RenderMessage(full: true, scene: "photo", ops: [
            .create(id: 2, parent: nil, index: 0, kind: "UIWindow", name: "window", props: RenderProps.defaults),
            .create(id: 4, parent: 2, index: 1, kind: "UIView", name: "root", props: allSet),
            .create(id: 5, parent: 4, index: 0, kind: "UIImageView", name: "photo", props: RenderProps()),
            .set(id: 4, props: RenderProps.defaults),
            .set(id: 5, props: allSet),
            .move(id: 5, parent: 2, index: 3),
            .move(id: 4, parent: nil, index: 0),
            .remove(id: 7),
            .display(id: 4, displayList: list),
            .display(id: 4, displayList: []),
            .display(id: 4, displayList: nil),
        ], t: 12.5))
        #expect(render.text == render.codableText)
        let partial = ServerMessage.render(RenderMessage(full: false, ops: []))
        #expect(partial.text == partial.codableText)
        #expect(partial.text == #"{"full":false,"ops":[],"type":"render"}"#)
    }

    @Test func numbersAsJSONEncoderWritesThem() {
        var random = SplitMix64(seed: 42)
        var values = interestingDoubles
        for _ in 0..<20000 { values.append(random.double()) }
        for exponent in -8...16 {
            let power = pow(10, Double(exponent))
            values += [power, -power, power + 0.001, power - 0.001, power * 1.5]
        }
        for value in values {
            var writer = JSONWriter()
            writer.numbers([value])
            let reference = foundationText([value])
            if writer.text != reference {
                Issue.record("\(value) (bits \(String(value.bitPattern, radix: 16))): writer \(writer.text), JSONEncoder \(reference)")
                return
            }
        }
        var writer = JSONWriter()
        writer.numbers([0, -0.0, 1e-7, 12.3456, 1e21, 3, .nan, .infinity, -.infinity])
        #expect(writer.text == #"[0,-0,1e-07,12.3456,1e+21,3,"NaN","Infinity","-Infinity"]"#)
    }

    @Test func integersAsJSONEncoderWritesThem() {
        var random = SplitMix64(seed: 7)
        for value in [0, 1, -1, 9, 10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1] + (0..<2000).map({ _ in random.integer() }) {
            var writer = JSONWriter()
            writer.integer(value)
            #expect(writer.text == "\(value)")
            #expect(foundationText([value]) == "[\(writer.text)]")
        }
    }

    @Test func stringsAsJSONEncoderWritesThem() {
        var random = SplitMix64(seed: 9)
        var strings = interestingStrings
        for _ in 0..<3000 { strings.append(random.string()) }
        for string in strings {
            var writer = JSONWriter()
            writer.strings([string])
            #expect(writer.text == foundationText([string]), "\(string.debugDescription)")
        }
        var writer = JSONWriter()
        writer.string("a\"b\\c/d\u{1}\u{8}\u{C}\u{7F}é")
        #expect(writer.text == #""a\"b\\c/d\u0001\b\f"# + "\u{7F}é\"")
    }

    @Test func anyJSONValueAsJSONEncoderWritesIt() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<3000 {
            let value = random.jsonValue()
            #expect(WireJSON.text(value) == foundationText(value))
        }
    }

    // MARK: Corpus

    static let logEntryKinds = ["hitTest", "responder", "delivery", "transition", "waiting", "action", "controlEvent", "note"]

    /// A log entry of `kind` with the fields `TraceEncoding` gives that kind (all of them, or a random
    /// subset of the optional ones).
    static func logEntry(kind: String, _ random: inout SplitMix64, allFields: Bool) -> LogEntry {
        var entry = LogEntry(kind: kind, text: random.string(), diagnostic: random.chance(0.5))
        func maybe(_ probability: Double = 0.6) -> Bool { allFields || random.chance(probability) }
        switch kind {
        case "hitTest":
            entry.touch = random.integer()
            entry.path = (0..<Int.random(in: 0...4, using: &random)).map { _ in random.string() }
        case "responder":
            entry.method = random.pick(["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "motionBegan",
                                        "remoteControlReceived"])
            entry.responder = random.string()
            entry.touches = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                LogTouch(id: random.integer(), phase: random.pick(["began", "moved", "stationary", "ended", "cancelled"]),
                         tapCount: random.integer(), location: [random.double(), random.double()])
            }
            entry.subtype = random.pick(["none", "motionShake", "togglePlayPause"])
            if maybe(0.3) { entry.forwardedFrom = random.string() }
        case "delivery":
            entry.touch = random.integer()
            entry.view = random.string()
            entry.note = random.string()
        case "transition":
            entry.recognizer = random.string()
            entry.from = random.pick(["possible", "began", "changed"])
            entry.to = random.pick(["began", "changed", "ended", "cancelled", "failed"])
            if maybe() { entry.reason = random.string() }
            var values = LogValues(location: [random.double(), random.double()], numberOfTouches: random.integer())
            if maybe() { values.translation = [random.double(), random.double()] }
            if maybe() { values.velocity = [random.double(), 0] }
            if maybe() { values.scale = random.double() }
            if maybe() { values.rotation = random.double() }
            if maybe(0.3) { values.direction = random.pick(["left", "right", "up", "down"]) }
            entry.values = values
        case "waiting":
            entry.recognizer = random.string()
            entry.reason = random.string()
        case "action":
            entry.recognizer = random.string()
            entry.state = random.pick(["began", "changed", "ended"])
        case "controlEvent":
            entry.control = random.string()
            entry.event = random.pick(["touchDown", "touchUpInside", "valueChanged|primaryActionTriggered"])
        default:
            entry.message = random.string()
        }
        if !allFields, random.chance(0.05) {
            // Fields of other kinds too: the encoder writes whatever is set.
            entry.view = random.string()
            entry.touch = random.integer()
            entry.state = random.string()
        }
        return entry
    }

    static func events(_ random: inout SplitMix64, round: Int) -> EventsMessage {
        let log = (0..<Int.random(in: 0...6, using: &random)).map { _ in
            logEntry(kind: random.pick(logEntryKinds), &random, allFields: random.chance(0.2))
        }
        let pointers = random.chance(0.5) ? nil : (0..<Int.random(in: 0...3, using: &random)).map { _ in
            LivePointer(id: random.integer(), x: random.double(), y: random.double())
        }
        return EventsMessage(seq: random.chance(0.7) ? random.integer() : nil, t: random.double(), log: log, pointers: pointers)
    }

    static func props(_ random: inout SplitMix64) -> RenderProps {
        var props = RenderProps()
        func point() -> [Double] { [random.double(), random.double()] }
        func nullable<T>(_ make: () -> T) -> Nullable<T>? {
            random.chance(0.4) ? nil : random.chance(0.4) ? .null : .value(make())
        }
        if random.chance(0.5) { props.center = point() }
        if random.chance(0.5) { props.bounds = point() + point() }
        if random.chance(0.5) { props.transform = point() + point() + point() }
        if random.chance(0.5) { props.anchorPoint = point() }
        if random.chance(0.5) { props.alpha = random.double() }
        if random.chance(0.5) { props.hidden = random.chance(0.5) }
        if random.chance(0.5) { props.userInteractionEnabled = random.chance(0.5) }
        if random.chance(0.5) { props.clipsToBounds = random.chance(0.5) }
        props.backgroundColor = nullable { random.string() }
        if random.chance(0.5) { props.cornerRadius = random.double() }
        if random.chance(0.5) { props.borderWidth = random.double() }
        props.borderColor = nullable { random.string() }
        props.text = nullable { random.string() }
        props.textColor = nullable { random.string() }
        props.fontSize = nullable { random.double() }
        props.fontBold = nullable { random.chance(0.5) }
        props.textAlignment = nullable { random.pick(["left", "center", "right"]) }
        props.image = nullable { random.string() }
        props.control = nullable {
            ControlProps(
                highlighted: random.chance(0.5), enabled: random.chance(0.5), selected: random.chance(0.5),
                value: random.chance(0.5) ? random.double() : nil, minimumValue: random.chance(0.5) ? random.double() : nil,
                maximumValue: random.chance(0.5) ? random.double() : nil, on: random.chance(0.5) ? random.chance(0.5) : nil,
                title: random.chance(0.5) ? random.string() : nil, tint: random.chance(0.5) ? random.string() : nil,
                segments: random.chance(0.5) ? [random.string(), random.string()] : nil,
                selectedSegment: random.chance(0.5) ? random.integer() : nil, highlightedSegment: random.chance(0.5) ? random.integer() : nil,
                stepper: random.chance(0.5)
                    ? StepperProps(pressed: random.chance(0.5) ? random.string() : nil, canDecrement: random.chance(0.5), canIncrement: random.chance(0.5))
                    : nil)
        }
        props.shadow = nullable { ShadowProps(color: random.string(), opacity: random.double(), offset: point(), radius: random.double()) }
        props.contentMode = nullable { random.pick(["scaleAspectFit", "scaleAspectFill", "center", "topLeft"]) }
        props.contentSize = nullable { point() }
        if random.chance(0.5) {
            props.animations = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                WireAnimation(
                    id: random.integer(), property: random.string(), from: point(), to: point(), begin: random.double(),
                    duration: random.double(), curve: random.string(), damping: random.chance(0.5) ? random.double() : nil,
                    velocity: random.chance(0.5) ? random.double() : nil, autoreverses: random.chance(0.5), repeats: random.chance(0.5),
                    controlPoints: random.chance(0.5) ? point() + point() : nil, startValue: random.chance(0.5) ? random.double() : nil,
                    endValue: random.chance(0.5) ? random.double() : nil, joinedAt: random.chance(0.5) ? random.double() : nil,
                    absolute: random.chance(0.5) ? random.chance(0.5) : nil)
            }.map { plain in
                // Core Animation's parts: keyframes, finite repeats, a sublayer's animation.
                var animation = plain
                if random.chance(0.5) {
                    animation.keyframes = [point(), point()]
                    animation.keyTimes = [0, 1]
                    animation.discrete = random.pick([nil, true, false])
                    animation.segmentCurves = random.chance(0.5) ? [point() + point()] : nil
                }
                if random.chance(0.5) { animation.passes = random.double() }
                if random.chance(0.5) {
                    animation.sublayer = WireSublayer(
                        // Display-list indices: small (the render writer writes them as numbers, exact below 2^53).
                        commands: [Int.random(in: 0...999, using: &random), Int.random(in: 0...999, using: &random)], parent: point() + point() + point(), position: point(),
                        transform: point() + point() + point(), opacity: random.double(), stroke: random.chance(0.5) ? point() : nil,
                        strokeCommand: random.chance(0.5) ? random.integer() : nil,
                        strokePath: random.chance(0.5) ? path(&random) : nil)
                }
                return animation
            }
        }
        return props
    }

    /// A path of every kind of element, in any order.
    static func path(_ random: inout SplitMix64) -> [DisplayPathElement] {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
            switch Int.random(in: 0..<5, using: &random) {
            case 0: .move(x: random.double(), y: random.double())
            case 1: .line(x: random.double(), y: random.double())
            case 2: .rect(x: random.double(), y: random.double(), width: random.double(), height: random.double())
            case 3: .ellipse(x: random.double(), y: random.double(), width: random.double(), height: random.double())
            default: .close
            }
        }
    }

    static func displayList(_ random: inout SplitMix64) -> [DisplayCommand] {
        func path() -> [DisplayPathElement] { Self.path(&random) }
        return (0..<Int.random(in: 0...4, using: &random)).map { _ in
            switch Int.random(in: 0..<3, using: &random) {
            case 0: .stroke(path: path(), color: random.string(), lineWidth: random.double(), lineCap: random.pick(["butt", "round", "square"]),
                            lineJoin: random.pick([nil, "round", "bevel"]))
            case 1: .fill(path: path(), color: random.string(), rule: random.pick([nil, "evenodd"]))
            default: .text(random.string(), at: [random.double(), random.double()], fontSize: random.double(), color: random.string())
            }
        }
    }

    static func render(_ random: inout SplitMix64, round: Int) -> RenderMessage {
        let ops = (0..<Int.random(in: 0...6, using: &random)).map { _ -> RenderOp in
            let parent = random.chance(0.2) ? nil : random.integer()
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return .create(id: random.integer(), parent: parent, index: random.integer(), kind: random.string(),
                                   name: random.string(), props: props(&random))
            case 1: return .remove(id: random.integer())
            case 2: return .move(id: random.integer(), parent: parent, index: random.integer())
            case 3: return .set(id: random.integer(), props: props(&random))
            default: return .display(id: random.integer(), displayList: random.chance(0.3) ? nil : displayList(&random))
            }
        }
        let recognizers = random.chance(0.7) ? nil : (0..<Int.random(in: 0...3, using: &random)).map { _ in
            RecognizerInfo(name: random.string(), kind: random.string(), view: random.string(), state: random.string())
        }
        return RenderMessage(full: random.chance(0.3), scene: random.chance(0.3) ? random.string() : nil, ops: ops, recognizers: recognizers)
    }
}
