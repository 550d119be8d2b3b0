import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Coalesced and predicted touches, precise locations and estimated properties (UIKIT-TOUCH-COALESCED,
/// UIKIT-TOUCH-PREDICTED, UIKIT-TOUCH-PRECISE-LOCATION, UIKIT-TOUCH-ESTIMATED; acceptance scenario S75).
@Suite struct CoalescedTouchTests {
    /// S75: four moves of one finger in one frame are one `touchesMoved` whose event has the four samples.
    /// Pins UIKIT-TOUCH-COALESCED, UIKIT-TOUCH-PREDICTED.
    @Test func s75MovesInOneFrameAreOneDeliveryWithEverySample() throws {
        let h = Harness()
        let v = h.add(SampleView(0, 0, 400, 800), "V")
        defer { v.forgetTouches() }
        try h.down(1, 100, 100, at: 0)
        try h.app.digitizer.process([110, 120, 130, 140].map { x in
            PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: x, y: 100), timestamp: (x - 100) / 10 * 0.004)
        })
        try h.up(1, 140, 100, at: 32)
        #expect(h.log() == ["V.tb(1)", "V.tm(1)", "V.te(1)"])
        #expect(v.notes == [
            "tb at (100, 100) prev (100, 100); CT [(100, 100, 0, began)]; PT []",
            "tm at (140, 100) prev (100, 100); CT [(110, 100, 4, moved), (120, 100, 8, moved), (130, 100, 12, moved), (140, 100, 16, moved)]; PT []",
            "te at (140, 100) prev (140, 100); CT [(140, 100, 32, ended)]; PT []",
        ])
    }

    /// Each sample keeps its own time, and a copy's previous location is the sample before it; the last
    /// copy equals the touch but is another object.
    /// Pins UIKIT-TOUCH-COALESCED, UIKIT-TOUCH-PRECISE-LOCATION.
    @Test func samplesKeepTheirTimesAndChainTheirPreviousLocations() throws {
        let h = Harness()
        let v = h.add(SampleView(0, 0, 400, 800), "V")
        defer { v.forgetTouches() }
        try h.down(1, 10, 10, at: 0)
        try h.app.digitizer.process([
            PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 20, y: 10), timestamp: 0.004, pressure: 0.25),
            PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 30, y: 12), timestamp: 0.008, pressure: 0.5),
        ])
        let samples = try #require(v.lastSamples)
        #expect(samples.map { $0.timestamp } == [0.004, 0.008])
        #expect(samples.map { $0.previousLocation(in: v) } == [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 10)])
        #expect(samples.map { $0.preciseLocation(in: nil) } == [CGPoint(x: 20, y: 10), CGPoint(x: 30, y: 12)])
        #expect(samples.map { $0.precisePreviousLocation(in: nil) } == [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 10)])
        #expect(samples.map(\.force) == [0.5, 1.0])
        #expect(samples.map(\.identifier) == [1, 1])
        #expect(samples.allSatisfy { $0.view === v && $0.gestureRecognizers == nil })
        let touch = try #require(v.lastTouch)
        #expect(samples.last !== touch)
        #expect(samples.last?.location(in: nil) == touch.location(in: nil))
    }

    /// A touch that is not in the event has neither coalesced nor predicted touches; a stationary touch of
    /// the event has one sample, itself.
    /// Pins UIKIT-TOUCH-COALESCED, UIKIT-TOUCH-PREDICTED.
    @Test func aTouchOutsideTheEventHasNoSamples() throws {
        let h = Harness()
        let v = h.add(SampleView(0, 0, 400, 800), "V")
        defer { v.forgetTouches() }
        v.isMultipleTouchEnabled = true
        try h.down(1, 10, 10, at: 0)
        let first = try #require(v.lastTouch)
        try h.up(1, 10, 10, at: 50)
        try h.down(2, 50, 50, at: 100)
        let event = try #require(v.lastEvent)
        #expect(event.coalescedTouches(for: first) == nil)
        #expect(event.predictedTouches(for: first) == nil)
        try h.down(3, 90, 90, at: 120)
        let second = try #require(event.allTouches?.first { $0.identifier == 2 })
        #expect(second.phase == .stationary)
        #expect(event.coalescedTouches(for: second)?.map { $0.location(in: nil) } == [CGPoint(x: 50, y: 50)])
    }

    /// Precise locations are the browser's own values, and nothing is estimated or expects an update.
    /// Pins UIKIT-TOUCH-PRECISE-LOCATION, UIKIT-TOUCH-ESTIMATED.
    @Test func preciseLocationIsTheLocationAndNothingIsEstimated() throws {
        let h = Harness()
        let v = h.add(SampleView(100, 100, 200, 200), "V")
        defer { v.forgetTouches() }
        try h.down(1, 150.25, 160.75, at: 0)
        let touch = try #require(v.lastTouch)
        #expect(touch.preciseLocation(in: v) == CGPoint(x: 50.25, y: 60.75))
        #expect(touch.preciseLocation(in: v) == touch.location(in: v))
        #expect(touch.estimatedProperties == [])
        #expect(touch.estimatedPropertiesExpectingUpdates == [])
        #expect(touch.estimationUpdateIndex == nil)
        #expect(UITouch.Properties.location.rawValue == 8 && UITouch.Properties.roll.rawValue == 16)
    }
}

/// Notes, for each touch method, the touch's location and previous location and the event's coalesced
/// (x, y, ms, phase) and predicted samples.
private final class SampleView: TouchView {
    var notes: [String] = []
    var lastSamples: [UITouch]?
    var lastTouch: UITouch?
    var lastEvent: UIEvent?

    /// A touch kept past its delivery keeps its view alive (`UITouch.view`), and the view keeps it: as Apple
    /// advises, nothing holds touches beyond the test that reads them.
    func forgetTouches() {
        lastSamples = nil
        lastTouch = nil
        lastEvent = nil
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("tb", touches, event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("tm", touches, event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("te", touches, event) }

    private func note(_ method: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = touches.first, let event else { return }
        func point(_ p: CGPoint) -> String { "(\(Int(p.x)), \(Int(p.y)))" }
        let samples = event.coalescedTouches(for: touch) ?? []
        let listed = samples.map { "(\(Int($0.location(in: self).x)), \(Int($0.location(in: self).y)), \(Int(($0.timestamp * 1000).rounded())), \($0.phase))" }
        let predicted = event.predictedTouches(for: touch).map { "\($0)" } ?? "nil"
        notes.append("\(method) at \(point(touch.location(in: self))) prev \(point(touch.previousLocation(in: self))); CT [\(listed.joined(separator: ", "))]; PT \(predicted)")
        lastSamples = samples
        lastTouch = touch
        lastEvent = event
    }
}
