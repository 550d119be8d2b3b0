import Foundation
import SeededRandom
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// A live session's what-if and flake sweep (`LiveAnalysis`): run a slice at a time they answer what
/// the command line answers in one go; a sweep varies and counts only the last gesture.
@Suite struct LiveAnalysisTests {
    typealias F = WhatIfFixtures

    static var twoTapsOnMap: Recording {
        F.recording(scene: F.singleAndDoubleTap,
                    F.tap(1, x: 100, y: 100, down: 0, up: 60, seq: 1) + F.tap(2, x: 100, y: 100, down: 260, up: 320, seq: 3) + [F.advance(1000)])
    }

    /// Runs `analysis` one event per slice (a deadline always past); the answer and the slices it took.
    static func sliced(_ analysis: LiveAnalysis) -> (answer: String, slices: Int) {
        var slices = 1
        while true {
            switch analysis.slice(until: 0, now: { 1 }) {
            case nil: slices += 1
            case .success(let text)?: return (text, slices)
            case .failure(let error)?: return ("error \(error)", slices)
            }
        }
    }

    @Test func aWhatIfSlicedEventByEventAnswersWhatTheCommandLineDoes() throws {
        let recording = Self.twoTapsOnMap
        let change = #"{"relate":{"requireToFail":["singleTap","doubleTap"]}}"#
        let analysis = try LiveAnalysis.whatIf(WhatIfRequest(changes: [change]), entries: recording.entries, frame: nil, session: "what-if-test",
                                               limits: ProtocolLimits(), catalog: F.catalog)
        let (answer, slices) = Self.sliced(analysis)
        let steps = ReplayScript(recording).steps.count
        // An entry of the history read per slice, one to start the replays, an event of both apps per slice.
        #expect(slices == recording.entries.count + 1 + steps)
        let report = try WhatIfReplay.run(recording, changes: [try AppChange(change)], catalog: F.catalog)
        #expect(answer == WhatIfAnswer(report: EncodedJSON(WireJSON.text(report)), frame: nil, differsAtFrame: nil, events: steps, omitted: 0).messageText)
    }

    @Test func aChangeThatFitsNoSceneIsASchemaErrorAtTheEnd() throws {
        let analysis = try LiveAnalysis.whatIf(WhatIfRequest(changes: ["ghost.enabled=false"]), entries: Self.twoTapsOnMap.entries, frame: nil,
                                               session: "s", limits: ProtocolLimits(), catalog: F.catalog)
        let (answer, _) = Self.sliced(analysis)
        #expect(answer.hasPrefix("error schema: changes: no change fits the recording's scenes:"))
    }

    @Test func theLastGestureStartsAtTheLastLandingAfterAPauseWithNoFingerDown() {
        let messages = [F.pointer(1, "down", 10, 10, 0, seq: 1), F.pointer(1, "up", 10, 10, 50, seq: 2),
                        F.pointer(1, "down", 10, 10, 600, seq: 3), F.pointer(2, "down", 20, 10, 610, seq: 4),
                        F.pointer(1, "up", 10, 10, 650, seq: 5), F.pointer(1, "down", 10, 10, 660, seq: 6),
                        F.pointer(2, "up", 20, 10, 670, seq: 7), F.pointer(1, "up", 10, 10, 680, seq: 8),
                        F.pointer(1, "down", 10, 10, 900, seq: 9), F.pointer(1, "up", 10, 10, 950, seq: 10), F.advance(2000)]
        let script = ReplayScript(F.recording(scene: F.singleAndDoubleTap, messages))
        // Steps: open, hello, then the messages. The landing at 600 ms (seq 3, step 4) came 550 ms after
        // the last lift: a new gesture. The one at 660 ms came while finger 2 was down; the one at 900 ms
        // 220 ms after every finger lifted: both continue it (a double tap's second tap).
        #expect(LiveAnalysis.lastGesture(of: script) == 4)
        #expect(LiveAnalysis.lastGesture(of: ReplayScript(F.recording(scene: F.singleAndDoubleTap, [F.advance(10)]))) == nil)
    }

    @Test func aVariantVariesOnlyTheStepsFromItsStart() {
        let script = ReplayScript(Self.twoTapsOnMap)
        var random = SplitMix64(seed: 3)
        let variant = Jitter(timingMs: 30, positionPt: 5).variant(of: script, random: &random, from: 4)
        func texts(_ script: ReplayScript) -> [String] {
            script.steps.map { step in
                guard case .message(let message?, _, let at) = step.step else { return "\(step.step)" }
                return "\(message) @\(at)"
            }
        }
        let (before, after) = (texts(script), texts(variant))
        #expect(before.count == after.count)
        #expect(before[..<4] == after[..<4])
        // The second tap's landing and lift and the advance vary; the close has nothing to vary.
        #expect(zip(before[4...], after[4...]).map { $0 != $1 } == [true, true, true, false])
    }

    @Test func aSweepOfTheLastGestureCountsOnlyItsOutcomes() throws {
        // A first double tap, then a second one 300 ms apart: only the second is varied and counted.
        let messages = F.tap(1, x: 100, y: 100, down: 0, up: 60, seq: 1) + F.tap(2, x: 100, y: 100, down: 200, up: 260, seq: 3)
            + [F.advance(2000)] + F.tap(3, x: 100, y: 100, down: 3000, up: 3060, seq: 5) + F.tap(4, x: 100, y: 100, down: 3300, up: 3360, seq: 7)
            + [F.advance(5000)]
        let recording = F.recording(scene: F.singleAndDoubleTap, messages)
        let analysis = try LiveAnalysis.flake(FlakeRequest(variants: 30, seed: 7, jitterMs: 60, jitterPt: 2), entries: recording.entries,
                                              session: "s", limits: ProtocolLimits(), catalog: F.catalog)
        let (answer, _) = Self.sliced(analysis)
        guard case .array(let subjects)? = try JSONParser.parse(answer)["report"]?["subjects"] else {
            Issue.record("no subjects in \(answer)")
            return
        }
        let doubleTap = try #require(subjects.first { $0["subject"]?.stringValue == "doubleTap" })
        #expect(doubleTap["baseline"] == .array([.string("ended")]))
        #expect(try JSONParser.parse(answer)["fromLine"] == .number(9))
    }
}
