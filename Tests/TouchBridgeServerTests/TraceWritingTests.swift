import Foundation
import SeededRandom
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
@testable import TouchKit

/// The server writes `events` straight from the engine's log (`TraceEncoding.eventsText`); clients,
/// recordings and the manual-clock determinism guarantee compare bytes, so it must write exactly what
/// the `LogEntry` path (`TraceEncoding.entry`, then the `events` writer) writes.
@Suite("events written from the engine's log = written from LogEntry values")
struct TraceWritingTests {
    @Test func everyKindOfEventWithAndWithoutItsOptionalFields() {
        var random = SplitMix64(seed: 0xE7E5)
        var compared = 0
        for round in 0..<1200 {
            let log = (0..<random.int(0...5)).map { _ in Self.event(&random, allFields: round % 2 == 0) }
            let seq = random.chance(0.7) ? random.int(-5...100_000) : nil
            let t = Self.number(&random)
            let pointers = random.chance(0.5) ? nil : (0..<random.int(0...2)).map { _ in
                LivePointer(id: random.int(0...9), x: Self.number(&random), y: Self.number(&random))
            }
            let lints: [WireLint]? = random.chance(0.8) ? nil : []
            var reference = EventsMessage(seq: seq, t: t, log: log.map(TraceEncoding.entry), pointers: pointers)
            reference.lints = lints
            let written = TraceEncoding.eventsText(seq: seq, t: t, log: log, pointers: pointers, lints: lints)
            let expected = ServerMessage.events(reference).text
            guard written == expected else {
                Issue.record("round \(round) differs\n  from the log:  \(written)\n  from entries: \(expected)")
                return
            }
            compared += log.count
        }
        #expect(compared > 2500)
    }

    @Test func aPanOnTheServerWritesWhatItsLogEntriesWrite() throws {
        // The real engine's log of a drag (hit test, touches, the pan's transitions with values, actions).
        let application = try #require(try LibraryCatalog().makeApplication(scene: "image-translation", windowSize: CGSize(width: 400, height: 800)))
        application.logDetail = .complete
        var changes = [PointerChange(pointerID: 1, phase: .down, location: CGPoint(x: 200, y: 400), timestamp: 1)]
        for step in 1...12 {
            changes.append(PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 200 + Double(step) * 7.3, y: 400), timestamp: 1 + Double(step) / 120))
        }
        changes.append(PointerChange(pointerID: 1, phase: .up, location: CGPoint(x: 290, y: 400), timestamp: 1.2))
        var kinds = Set<String>()
        for change in changes {
            try application.digitizer.process([change])
            let log = application.drainTrace()
            let entries = log.map(TraceEncoding.entry)
            kinds.formUnion(entries.map(\.kind))
            #expect(TraceEncoding.eventsText(seq: 1, t: 5, log: log, pointers: nil, lints: nil)
                == ServerMessage.events(EventsMessage(seq: 1, t: 5, log: entries)).text)
        }
        #expect(kinds.isSuperset(of: ["hitTest", "responder", "recognizerTouches", "transition", "action"]))
    }

    // MARK: Corpus

    /// Names and texts that need escaping, non-ASCII and plain ones.
    static let strings = ["", "photo", "pan", "a \"quoted\" name", "back\\slash", "tab\tnew\nline", "\u{1}\u{1F}", "é→😀",
                          "👩‍👩‍👧‍👦", "UIView#12", "long " + String(repeating: "x", count: 80)]

    static func string(_ random: inout SplitMix64) -> String { random.pick(strings) }

    static func number(_ random: inout SplitMix64) -> Double {
        switch random.below(4) {
        case 0: Double(random.int(-500...500))
        case 1: random.double(-1000...1000)
        case 2: random.pick([0, -0.0, 1e-7, 1e21, .nan, .infinity])
        default: (random.double(-1000...1000) * 1000).rounded() / 1000
        }
    }

    static func point(_ random: inout SplitMix64) -> CGPoint { CGPoint(x: number(&random), y: number(&random)) }

    static func touches(_ random: inout SplitMix64) -> [TouchRecord] {
        (0..<random.int(0...3)).map { _ in
            let touch = UITouch(identifier: random.int(1...40), pointerID: 1, sequence: 0, location: point(&random),
                                timestamp: 0, tapCount: 1, type: .direct, force: 0, maximumPossibleForce: 0, majorRadius: 0,
                                majorRadiusTolerance: 0)
            var record = TouchRecord(touch)
            record.phase = random.pick([.began, .moved, .stationary, .ended, .cancelled])
            record.tapCount = random.int(0...3)
            return record
        }
    }

    static func state(_ random: inout SplitMix64) -> UIGestureRecognizer.State {
        random.pick([.possible, .began, .changed, .ended, .cancelled, .failed])
    }

    static func event(_ random: inout SplitMix64, allFields: Bool) -> TraceEvent {
        func maybe() -> Bool { allFields || random.chance(0.5) }
        let methods: [ResponderCall.Method] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled, .motionBegan, .motionEnded,
                                               .motionCancelled, .remoteControlReceived]
        switch random.below(10) {
        case 0:
            return .hitTest(touch: random.int(1...99), path: (0..<random.int(0...3)).map { _ in string(&random) })
        case 1:
            let subtypes: [UIEvent.EventSubtype] = [.none, .motionShake, .remoteControlTogglePlayPause]
            return .responder(ResponderCall(
                method: random.pick(methods), responder: string(&random), touches: touches(&random),
                subtype: random.pick(subtypes), forwardedFrom: maybe() ? string(&random) : nil,
                allTouches: maybe() ? touches(&random) : nil))
        case 2:
            return .recognizerTouches(RecognizerCall(recognizer: string(&random), method: random.pick(Array(methods.prefix(4))),
                                                     touches: touches(&random), allTouches: touches(&random)))
        case 3:
            return .delivery(touch: random.int(1...99), view: string(&random), note: string(&random))
        case 4:
            var values = RecognizerValues(location: point(&random), numberOfTouches: random.int(0...3))
            if maybe() { values.translation = point(&random) }
            if maybe() { values.velocity = point(&random) }
            if maybe() { values.scale = number(&random) }
            if maybe() { values.rotation = number(&random) }
            if maybe() { values.direction = string(&random) }
            if maybe() {
                values.margins = (0..<random.int(1...2)).map { _ in
                    DecisionMargin(rule: string(&random), threshold: string(&random), measured: number(&random), limitValue: number(&random),
                                   limit: .atMost, side: random.chance(0.5) ? .inside : .outside, unit: random.chance(0.5) ? .pt : .ms)
                }
            }
            return .transition(recognizer: string(&random), from: state(&random), to: state(&random), reason: maybe() ? string(&random) : nil,
                               values: values)
        case 5: return .waiting(recognizer: string(&random), reason: string(&random))
        case 6: return .action(recognizer: string(&random), state: state(&random))
        case 7: return .controlEvent(control: string(&random), event: string(&random))
        case 8: return .note(string(&random))
        default: return .animation(string(&random))
        }
    }
}
