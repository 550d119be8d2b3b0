import Foundation
import Testing
@testable import TouchBridgeHost
import TouchBridgeProtocol

/// A generated test expects a recognizer's `possible→failed` only when it took part in a decision
/// (`InvolvedFailures`): a pan failing because the finger lifted during a double tap is not the scene's
/// behaviour; a double tap prevented by a pan, or a double tap a single tap waited for, is.
@Suite("Exported failures")
struct ExportedFailureTests {
    /// The decisions of one `events` message per log (entries as JSON texts), read in order as a session's.
    static func decisions(_ logs: [[String]]) -> [[Decision]] {
        DecidedMessage.read(logs.enumerated().map { index, log in
            #"{"type":"events","seq":\#(index),"log":[\#(log.joined(separator: ","))]}"#
        }).map(\.decisions)
    }

    static func failed(_ recognizer: String, from: String = "possible", _ reason: String) -> String {
        #"{"kind":"transition","recognizer":"\#(recognizer)","from":"\#(from)","to":"failed","reason":"\#(reason)"}"#
    }

    static let doubleTapEnded = #"{"kind":"transition","recognizer":"D","from":"possible","to":"ended"}"#

    @Test func aFailureNoRecognizerWaitedForOrCausedIsNotExpected() {
        let decided = Self.decisions([[Self.failed("pan", "lifted before moving 10.0 pt"), Self.doubleTapEnded]])
        #expect(decided == [[.transition(recognizer: "D", from: "possible", to: "ended")]])
    }

    @Test func aFailureAnotherRecognizerWaitedForIsExpectedUntilTheWaitEnds() {
        let waiting = #"{"kind":"waiting","diagnostic":true,"recognizer":"S","reason":"waiting for failure of D"}"#
        let singleEnded = #"{"kind":"transition","recognizer":"S","from":"possible","to":"ended"}"#
        let decided = Self.decisions([
            [waiting],
            [Self.failed("D", "no second tap within 350 ms"), singleEnded],
            // The next tap: nothing waits for D any more.
            [Self.failed("D", "no second tap within 350 ms")],
        ])
        #expect(decided == [[
            .transition(recognizer: "D", from: "possible", to: "failed"),
            .transition(recognizer: "S", from: "possible", to: "ended"),
        ]])
    }

    @Test func aFailureAnArbitrationDecidedIsExpected() {
        let reasons = [
            "prevented by pan",
            "required D to fail, but it recognized",
            "delegate gestureRecognizerShouldBegin returned false",
            "button is a UIButton and keeps its single tap (iOS 6 rule)",
        ]
        let decided = Self.decisions([reasons.map { Self.failed("T", $0) }])
        #expect(decided == [Array(repeating: .transition(recognizer: "T", from: "possible", to: "failed"), count: 4)])
    }

    @Test func aFailureAfterBeginningIsExpected() {
        let decided = Self.decisions([[Self.failed("pan", from: "began", "an illegal transition the engine allowed")]])
        #expect(decided == [[.transition(recognizer: "pan", from: "began", to: "failed")]])
    }

    @Test func theRecordedSessionExpectsThePreventedDoubleTapButNotTheLiftedPinch() throws {
        let steps = try ExportedSwiftTestTests.exported().steps
        let failures = steps.map { $0.decisions.filter { if case .transition(_, _, "failed") = $0 { true } else { false } } }
        // The double tap: pan, pinch and rotation failed as the fingers lifted — none expected.
        #expect(failures[0].isEmpty, "\(failures[0])")
        // The pan: the double tap was prevented by the pan (they are not simultaneous) — expected.
        #expect(failures[1] == [.transition(recognizer: "doubleTap", from: "possible", to: "failed")], "\(failures[1])")
    }
}
