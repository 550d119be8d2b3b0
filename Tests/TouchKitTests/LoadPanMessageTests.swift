import Foundation
import Testing
import TouchKitBenchSupport

/// The load generator's frame text, written without Foundation, against the `String(format:)` text
/// it replaced: the server must see the same bytes, or its per-message figures would move.
@Suite struct LoadPanMessageTests {
    private static func formatted(frame: Int, milliseconds: Double) -> String {
        let (phase, x, y) = LoadPan.frame(frame)
        return String(format: #"{"pointers":[{"id":1,"phase":"%@","pointerType":"touch","t":%.3f,"x":%.2f,"y":%.2f}],"seq":%d,"type":"input"}"#,
                      phase.rawValue, milliseconds, x, y, frame)
    }

    @Test func matchesPrintfOverTwoHundredThousandFrames() {
        var mismatches: [String] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for frame in 0..<200_000 {
            // Clock offsets as a run makes them: 120 Hz plus a monotonic clock's arbitrary fraction of a
            // millisecond (a decimal tie, where the two roundings may differ, is as rare as in a run).
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Double(frame) * 8.333 + Double(state >> 11) / Double(1 << 53)
            let expected = Self.formatted(frame: frame, milliseconds: milliseconds)
            let written = LoadPan.inputMessage(frame: frame, milliseconds: milliseconds)
            if written != expected, mismatches.count < 5 { mismatches.append("\(written) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func writesSmallAndNegativeValuesWithTheirZeros() {
        var text = ""
        LoadPan.appendFixed(0.005, decimals: 3, to: &text)
        text += " "
        LoadPan.appendFixed(-1.5, decimals: 2, to: &text)
        text += " "
        LoadPan.appendFixed(12, decimals: 3, to: &text)
        #expect(text == "0.005 -1.50 12.000")
    }
}
