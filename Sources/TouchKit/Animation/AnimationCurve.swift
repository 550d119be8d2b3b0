import Foundation

/// Timing curves: UIKit's four (the cubic Béziers of `CAMediaTimingFunction`) and the spring of
/// `usingSpringWithDamping:` [choose: a damped harmonic oscillator whose envelope has decayed to
/// under 0.1 % by the end of the duration]. web/animation.mjs evaluates the same formulas.
enum AnimationCurve: Equatable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    case spring(damping: Double, velocity: Double)

    var name: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .spring: "spring"
        }
    }

    /// Eased fraction of the change at `t` in 0…1.
    func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier(0.42, 0, 1, 1, t)
        case .easeOut: return Self.bezier(0, 0, 0.58, 1, t)
        case .easeInOut: return Self.bezier(0.42, 0, 0.58, 1, t)
        case .spring(let damping, let velocity):
            if t >= 1 { return 1 }
            let zeta = min(max(damping, 0.01), 1)
            let omega = 7 / zeta
            if zeta >= 1 { return 1 - exp(-omega * t) * (1 + (omega - velocity) * t) }
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(damped * t) + (zeta * omega - velocity) / damped * sin(damped * t))
        }
    }

    /// y on the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where x = t (bisection: exact enough and
    /// the same in JavaScript).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func at(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s }
        var low = 0.0, high = 1.0, s = x
        for _ in 0..<40 {
            s = (low + high) / 2
            if at(x1, x2, s) < x { low = s } else { high = s }
        }
        return at(y1, y2, s)
    }
}
