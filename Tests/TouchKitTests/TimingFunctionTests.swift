import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Timing curves by control points (docs/uikit-rules.md UIKIT-CA-TIMING-FUNCTION): the reference values of S76.
@Suite struct TimingFunctionTests {
    /// Pins UIKIT-CA-TIMING-FUNCTION.
    @Test func namedFunctionsHaveApplesControlPoints() {
        func points(_ name: CAMediaTimingFunctionName) -> [Float] {
            let function = CAMediaTimingFunction(name: name)
            var out: [Float] = []
            for index in 0...3 {
                var pair: [Float] = [-1, -1]
                pair.withUnsafeMutableBufferPointer { function.getControlPoint(at: index, values: $0.baseAddress!) }
                out += pair
            }
            return out
        }
        #expect(points(.linear) == [0, 0, 0, 0, 1, 1, 1, 1])
        #expect(points(.easeIn) == [0, 0, 0.42, 0, 1, 1, 1, 1])
        #expect(points(.easeOut) == [0, 0, 0, 0, 0.58, 1, 1, 1])
        #expect(points(.easeInEaseOut) == [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        #expect(points(.default) == [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.25, y: 0.1), controlPoint2: CGPoint(x: 0.25, y: 1))
        #expect(custom.timingCurveType == .cubic && custom.controlPoint2 == CGPoint(x: 0.25, y: 1))
        #expect(UICubicTimingParameters(animationCurve: .easeOut).controlPoint2 == CGPoint(x: 0.58, y: 1))
    }

    /// Pins UIKIT-CA-TIMING-FUNCTION: the curve through (0.25,0.1)(0.25,1) (`default`) is at 0.8024 half way; easeIn 0.3154, easeOut 0.6846.
    @Test(arguments: [("default", 260.48), ("easeIn", 163.08), ("easeOut", 236.92)])
    func controlPointsShapeTheRun(name: String, expected: Double) throws {
        let h = Harness()
        let v = h.add(UIView(frame: CGRect(x: 50, y: 100, width: 100, height: 100)), "V")
        let animator: UIViewPropertyAnimator
        switch name {
        case "default":
            animator = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.25, y: 0.1), controlPoint2: CGPoint(x: 0.25, y: 1)) { v.center.x = 300 }
        case "easeIn":
            animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { v.center.x = 300 }
        default:
            animator = UIViewPropertyAnimator(duration: 1, curve: .easeOut) { v.center.x = 300 }
        }
        animator.startAnimation()
        try h.advance(to: 500)
        let x = try #require(v.layer.presentation()?.position.x)
        #expect(abs(Double(x) - expected) < 0.02, "the reference values have four decimals: \(x)")
    }
}
