import SeededRandom
import Foundation
import Testing
import TouchKit

/// The digitizer against `DigitizerOracle`, an independent model written from the touch rules: random
/// frames of up to four fingers (landings near each other on two views, merged moves, a pointer changing
/// twice in a frame, lifts and cancels, pauses around the 0.35 s tap interval), and every event the
/// window receives compared with what the rules give — which touches, their phases, locations, previous
/// locations, times, tap counts, forces and coalesced samples, and the event's time.
///
/// Pins UIKIT-TOUCH-PHASES, UIKIT-EVENT-SEQUENCE, UIKIT-TOUCH-IDENTITY, UIKIT-TOUCH-COALESCED,
/// UIKIT-TOUCH-TAP-COUNT. `TOUCHKIT_PROPERTY_SEED` and `TOUCHKIT_PROPERTY_CASES` choose the cases as for
/// the engine properties (at most `defaultCases` here).
@Suite("digitizer against the rules")
struct DigitizerPropertyTests {
    static let defaultCases = 600

    /// Pins UIKIT-TOUCH-PHASES, UIKIT-EVENT-SEQUENCE, UIKIT-TOUCH-COALESCED, UIKIT-TOUCH-TAP-COUNT.
    @Test func everyEventIsWhatTheTouchRulesGive() {
        let configuration = EnginePropertyTests.Configuration.current
        var coverage = DigitizerCoverage()
        var ran = 0
        for seed in EnginePropertyTests.caseSeeds(from: configuration.seed, count: min(configuration.cases, Self.defaultCases)) {
            let script = DigitizerScript.generate(seed: seed)
            ran += 1
            guard let mismatch = DigitizerScript.firstMismatch(script, coverage: &coverage) else { continue }
            let shortest = (1...script.steps.count).lazy.map { DigitizerScript(seed: seed, steps: Array(script.steps.prefix($0))) }
                .first { DigitizerScript.firstMismatch($0) != nil } ?? script
            Issue.record("""
                The digitizer broke a touch rule: \(mismatch)
                Case seed \(hex(seed)) — replay with TOUCHKIT_PROPERTY_SEED=\(hex(seed)) TOUCHKIT_PROPERTY_CASES=1
                Shortest failing prefix of the script (\(shortest.steps.count) of \(script.steps.count) steps):
                \(shortest.steps.map(\.description).joined(separator: "\n"))
                """)
            return
        }
        #expect(ran > 0, "TOUCHKIT_PROPERTY_CASES must be at least 1: no case ran")
        // The generator reaches what the rules are about (over the default cases).
        if ran >= Self.defaultCases {
            #expect(coverage.isComplete, "the cases never reached: \(coverage.missing)")
        }
    }

    /// The oracle is not vacuous: a digitizer that did not split a frame where a pointer changes twice, or
    /// counted taps across views, would disagree with it.
    @Test func theOracleDisagreesWithOtherRules() {
        var oracle = DigitizerOracle(viewAt: DigitizerScript.viewAt)
        let t = 0.1
        func change(_ pointer: Int, _ phase: PointerChange.Phase, _ x: CGFloat, at time: TimeInterval) -> PointerChange {
            PointerChange(pointerID: pointer, phase: phase, location: CGPoint(x: x, y: 300.5), timestamp: time, pressure: phase == .up ? nil : 0.5)
        }
        #expect(DigitizerOracle.split([change(1, .down, 10, at: 0), change(1, .move, 20, at: 0), change(1, .move, 30, at: 0), change(1, .up, 30, at: 0)])
            .map { $0.map(\.phase) } == [[.down], [.move, .move], [.up]])
        _ = oracle.expect([change(1, .down, 190.5, at: 0)])
        _ = oracle.expect([change(1, .up, 190.5, at: t)])
        let acrossViews = oracle.expect([change(2, .down, 210.5, at: 2 * t)])
        #expect(acrossViews.map { $0.touches.map(\.tapCount) } == [[1]], "B is another view than A: a new series")
        _ = oracle.expect([change(2, .up, 210.5, at: 3 * t)])
        let sameView = oracle.expect([change(3, .down, 220.5, at: 4 * t)])
        #expect(sameView.map { $0.touches.map(\.tapCount) } == [[2]])
    }
}

/// What the window saw of each touch event, in the oracle's terms.
final class ObservingWindow: UIWindow {
    var seen: [DigitizerOracle.Dispatch] = []
    /// Touch identifiers → the landing the oracle gave the same touch (one touch per landing).
    var landings: [Int: Int] = [:]

    override func sendEvent(_ event: UIEvent) {
        super.sendEvent(event)
        guard event.type == .touches else { return }
        let touches = (event.allTouches ?? []).sorted { $0.pointerID < $1.pointerID }
        seen.append(DigitizerOracle.Dispatch(time: event.timestamp, touches: touches.map { touch in
            DigitizerOracle.ExpectedTouch(
                pointer: touch.pointerID, landing: touch.identifier, phase: touch.phase, location: touch.location(in: nil),
                previousLocation: touch.previousLocation(in: nil), timestamp: touch.timestamp, tapCount: touch.tapCount,
                force: touch.force,
                samples: (event.coalescedTouches(for: touch) ?? []).map {
                    DigitizerOracle.Sample(location: $0.location(in: nil), previousLocation: $0.previousLocation(in: nil),
                                           timestamp: $0.timestamp, force: $0.force)
                })
        }))
    }
}

/// Counts how often the cases reached each behaviour the rules are about.
struct DigitizerCoverage {
    private(set) var counts: [String: Int] = [:]
    static let behaviours = ["a frame split in dispatches", "moves merged into samples", "a stationary touch", "a cancelled touch",
                             "a double tap", "a triple tap", "a quick nearby landing on the other view", "an event later than its changes"]
    /// The latest lift: where, when and on which view.
    private var lastLift: (location: CGPoint, time: TimeInterval, view: String?)?

    mutating func count(_ dispatches: [DigitizerOracle.Dispatch]) {
        if dispatches.count > 1 { bump("a frame split in dispatches") }
        for dispatch in dispatches {
            for touch in dispatch.touches {
                if touch.samples.count > 1 { bump("moves merged into samples") }
                switch touch.phase {
                case .stationary: bump("a stationary touch")
                case .cancelled: bump("a cancelled touch")
                case .began:
                    if touch.tapCount == 2 { bump("a double tap") }
                    if touch.tapCount >= 3 { bump("a triple tap") }
                    if let lift = lastLift, lift.view != DigitizerScript.viewAt(touch.location), touch.timestamp - lift.time < 0.3,
                       abs(lift.location.x - touch.location.x) < 40, abs(lift.location.y - touch.location.y) < 20 {
                        bump("a quick nearby landing on the other view")
                    }
                case .ended: lastLift = (touch.location, touch.timestamp, DigitizerScript.viewAt(touch.location))
                default: break
                }
            }
            if dispatch.touches.contains(where: { $0.phase != .stationary && $0.timestamp < dispatch.time }) {
                bump("an event later than its changes")
            }
        }
    }

    private mutating func bump(_ behaviour: String) { counts[behaviour, default: 0] += 1 }

    var missing: [String] { Self.behaviours.filter { counts[$0, default: 0] == 0 } }
    var isComplete: Bool { missing.isEmpty }
}
