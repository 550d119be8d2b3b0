import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `UIView.AnimationOptions.beginFromCurrentState` since iOS 8 (docs/uikit-rules.md UIKIT-ANIM-BEGIN-FROM-CURRENT-STATE): the
/// exact trajectory of a reversal mid-flight, with and without the option.
@Suite struct BeginFromCurrentStateTests {
    /// V's drawn x at each time (ms) after a 3 s move 0→240 reversed at 1.5 s by a 3 s move back to 0.
    func trajectory(options: UIView.AnimationOptions, at times: [Int]) throws -> [Int: Double] {
        let h = Harness()
        let v = h.add(UIView(frame: CGRect(x: -15, y: 250, width: 30, height: 30)), "V")
        var done: [String] = []
        UIView.animate(withDuration: 3, delay: 0, options: options, animations: { v.center.x = 240 },
                       completion: { done.append("out(\($0)) at \(Int((h.app.currentTime * 1000).rounded()))") })
        var drawn: [Int: Double] = [:]
        var reversed = false
        for ms in times {
            if ms >= 1500, !reversed {
                reversed = true
                try h.advance(to: 1500)
                UIView.animate(withDuration: 3, delay: 0, options: options, animations: { v.center.x = 0 },
                               completion: { done.append("back(\($0)) at \(Int((h.app.currentTime * 1000).rounded()))") })
            }
            try h.advance(to: Double(ms))
            drawn[ms] = v.layer.presentation().map { (Double($0.position.x) * 1000).rounded() / 1000 }
        }
        try h.advance(to: 4500)
        #expect(done == ["out(true) at 3000", "back(true) at 4500"], "both run to their end: the first is not cut short")
        return drawn
    }

    /// Pins UIKIT-ANIM-BEGIN-FROM-CURRENT-STATE: linear, the reversal holds the view still until the first move ends
    /// (+80 pt/s and −80 pt/s add up to nothing), then it goes back — the iOS 8+ "freeze" developers report; without
    /// the option, the very same trajectory (no jump to 240, no wait for the first to finish).
    @Test(arguments: [false, true])
    func aLinearReversalFreezesUntilTheFirstMoveEnds(beginFromCurrentState: Bool) throws {
        let options: UIView.AnimationOptions = beginFromCurrentState ? [.curveLinear, .beginFromCurrentState] : .curveLinear
        let drawn = try trajectory(options: options, at: [750, 1500, 2000, 2999, 3000, 3750, 4500])
        #expect(drawn == [750: 60, 1500: 120, 2000: 120, 2999: 120, 3000: 120, 3750: 60, 4500: 0])
    }

    /// Pins UIKIT-ANIM-BEGIN-FROM-CURRENT-STATE: with the default ease-in-out both curves blend (presentation =
    /// model + Σ (from − to)·(1 − curve)), so the view turns around smoothly; the option changes nothing.
    @Test(arguments: [false, true])
    func anEasedReversalBlendsBothCurves(beginFromCurrentState: Bool) throws {
        let drawn = try trajectory(options: beginFromCurrentState ? .beginFromCurrentState : [], at: [1500, 2250, 3000, 3750])
        func curve(_ x: Double) -> Double { AnimationCurveProbe.easeInOut(x) }
        func expected(_ ms: Double) -> Double {
            let first = 240 * curve(ms / 3000), second = -240 * curve((ms - 1500) / 3000)
            return ((first + second) * 1000).rounded() / 1000
        }
        #expect(drawn == [1500: expected(1500), 2250: expected(2250), 3000: expected(3000), 3750: expected(3750)])
        #expect(drawn[1500] == 120 && (drawn[2250] ?? 0) > 120, "it keeps moving out for a while: no sudden turn")
    }
}
