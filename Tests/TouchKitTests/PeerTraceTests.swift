import Foundation
import Testing
import TouchKit
import TouchKitBenchSupport

/// The benchmark's peer traces are Hammer.js's (shared bench/peer-traces.md) and the seven
/// recognizers recognize each as Hammer does — the benchmark measures what its name says.
@Suite struct PeerTraceTests {
    @Test func tracesHaveThePeersFramesTimesAndPoints() {
        let pan = PeerTrace.pan.frames
        #expect(pan.count == 73)
        #expect(pan.first?.first?.phase == .down && pan.last?.first?.phase == .up)
        #expect(pan[36][0].location == CGPoint(x: 250, y: 300) && abs(pan[36][0].timestamp - 0.3) < 1e-9)
        #expect(abs(pan[72][0].timestamp - 0.6) < 1e-9 && pan[72][0].location == CGPoint(x: 400, y: 300))
        let pinch = PeerTrace.pinch.frames
        #expect(pinch.count == 73 && pinch.allSatisfy { $0.count == 2 })
        let last = pinch[72]
        #expect(abs(last[0].location.distance(to: last[1].location) - 200) < 1e-9, "spread 100 → 200 pt")
        #expect(abs(atan2(last[1].location.y - last[0].location.y, last[1].location.x - last[0].location.x) - .pi / 4) < 1e-9)
        #expect(PeerTrace.tap.frames.map { $0[0].timestamp } == [0, 0.083])
        #expect(PeerTrace.doubleTap.frames.map { $0[0].timestamp } == [0, 0.083, 0.2, 0.283])
        #expect(PeerTrace.doubleTap.frames[2][0].location == CGPoint(x: 202, y: 201))
    }

    /// What shared bench/peer-traces.md says Hammer.js recognizes on each trace, written here from that
    /// document (not taken from the benchmark's own table): "pan → pan (swipe may also fire), pinch → pinch
    /// and rotation, tap → tap (after the double tap fails), doubletap → double tap (and no tap)".
    static let hammer: [PeerTrace: (required: Set<String>, forbidden: Set<String>)] = [
        .pan: (["pan"], ["tap", "doubleTap", "press", "pinch", "rotation"]),
        .pinch: (["pinch", "rotation"], ["tap", "doubleTap", "press", "pan", "swipe"]),
        .tap: (["tap"], ["doubleTap", "press", "pan", "swipe", "pinch", "rotation"]),
        .doubleTap: (["doubleTap"], ["tap", "press", "pan", "swipe", "pinch", "rotation"]),
    ]

    @Test(arguments: PeerTrace.allCases)
    func theSevenRecognizersRecognizeEachTraceAsHammerDoes(trace: PeerTrace) throws {
        let recognized = try trace.recognitions()
        let expected = try #require(Self.hammer[trace])
        #expect(expected.required.isSubset(of: recognized), "recognized \(recognized.sorted())")
        #expect(expected.forbidden.isDisjoint(with: recognized), "recognized \(recognized.sorted())")
        // The benchmark refuses to report a trace recognized otherwise: its own table must say the same.
        #expect(trace.expectedRecognitions.required == expected.required && trace.expectedRecognitions.forbidden == expected.forbidden)
    }
}

extension CGPoint {
    fileprivate func distance(to other: CGPoint) -> CGFloat { hypot(x - other.x, y - other.y) }
}
