import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeClient

/// A script's gestures sampled at another rate (`touchbridge flake SCRIPT --frame-rates`): the rate
/// given overrides the script's and each gesture's own, built-in gestures and W3C Actions alike;
/// a movement's samples are bounded before its timeline is built.
@Suite struct ScriptSampleRateTests {
    /// Made on each use, not kept in a static: LeakSanitizer cannot see a static `Data`'s buffer (its
    /// address is stored with an enum's tag bits in it) and reports it as leaked at exit.
    static var script: Data {
        Data("""
        {"scene": "swipe", "sampleRate": 30, "steps": [
          {"gesture": "pan", "from": [10, 10], "to": [110, 10], "duration": 500, "sampleRate": 90},
          {"actions": [{"type": "pointer", "id": "f", "actions": [{"type": "pointerMove", "x": 10, "y": 10},
            {"type": "pointerDown"}, {"type": "pointerMove", "x": 60, "y": 10, "duration": 500}, {"type": "pointerUp"}]}]}]}
        """.utf8)
    }

    /// Moves per gesture of the script parsed with `sampleRate`.
    static func moves(sampleRate: Double?) throws -> [Int] {
        let parsed = try Script.parse(script, sampleRate: sampleRate)
        return try parsed.steps.map { step in
            guard case .gesture(let gesture) = step.action else { return 0 }
            return try gesture.timeline(in: GestureContext(viewport: parsed.viewport)).events.filter { $0.phase == .move }.count
        }
    }

    @Test func aGivenRateOverridesTheScriptsAndTheGesturesOwn() throws {
        // As written: the pan at its own 90 Hz, the actions at the script's 30 Hz (500 ms each).
        #expect(try Self.moves(sampleRate: nil) == [45, 15])
        #expect(try Self.moves(sampleRate: 240) == [120, 120])
        #expect(try Self.moves(sampleRate: 60) == [30, 30])
    }

    @Test func aMovementPastTheSampleBoundIsRefused() {
        let long = Gesture.pan(from: Point(0, 0), to: Point(10, 0), duration: 1e9, sampleRate: 240)
        let refused = #expect(throws: GestureError.self) { try long.timeline(in: GestureContext(viewport: Viewport(width: 400, height: 800, scale: 2))) }
        #expect(refused?.description == "a 1000000000 ms movement at 240 Hz takes more than 100000 samples")
    }
}
