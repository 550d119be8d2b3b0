import Foundation

/// Timing curves: UIKit's four (the cubic Béziers of `CAMediaTimingFunction`) and the spring of
/// `usingSpringWithDamping:` [choose: a damped harmonic oscillator whose envelope has decayed to
/// under 0.1 % by the end of the duration]. web/animation.mjs evaluates the same formulas.
enum AnimationCurve: Equatable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    case spring(damping: Double, velocity: Double)
    /// A cubic Bézier from (0,0) to (1,1) through two control points (`CAMediaTimingFunction`'s form).
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)

    var name: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .spring: "spring"
        case .bezier: "bezier"
        }
    }

    /// The control points of the Bézier curves (`linear`'s are (0,0) and (1,1)); nil for a spring.
    var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInOut: (0.42, 0, 0.58, 1)
        case .bezier(let x1, let y1, let x2, let y2): (x1, y1, x2, y2)
        case .spring: nil
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
        case .bezier(let x1, let y1, let x2, let y2): return Self.bezier(x1, y1, x2, y2, t)
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

extension AnimationCurve {
    /// The part of this curve between time fractions `start` and `end` (either order), scaled to run
    /// from (0,0) to (1,1): a property animator resuming at fraction `start` keeps the shape of its
    /// curve instead of starting it over (UIKIT-ANIMATOR-CONTINUE). A Bézier's piece is a Bézier (de
    /// Casteljau's split, then an affine rescale), so the page evaluates it with the same formula. A
    /// spring, or a piece too short to rescale, is returned as it is.
    func piece(from start: Double, to end: Double) -> AnimationCurve {
        guard self != .linear, let (x1, y1, x2, y2) = controlPoints, start != end, !(start == 0 && end == 1) else { return self }
        let p = [(0.0, 0.0), (x1, y1), (x2, y2), (1.0, 1.0)]
        let split = Self.parameter(x1, x2, forX: start)
        func lerp(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
            (a.0 + (b.0 - a.0) * split, a.1 + (b.1 - a.1) * split)
        }
        let a = lerp(p[0], p[1]), b = lerp(p[1], p[2]), c = lerp(p[2], p[3])
        let ab = lerp(a, b), bc = lerp(b, c), mid = lerp(ab, bc)
        // Forward: the right half mid→(1,1); backward: the left half (0,0)→mid walked from mid.
        let (origin, far, q1, q2) = end > start ? (mid, p[3], bc, c) : (mid, p[0], ab, a)
        let width = far.0 - origin.0, height = far.1 - origin.1
        guard abs(width) > 1e-9, abs(height) > 1e-9 else { return .linear }
        func scaled(_ q: (Double, Double)) -> (Double, Double) { ((q.0 - origin.0) / width, (q.1 - origin.1) / height) }
        let n1 = scaled(q1), n2 = scaled(q2)
        return .bezier(x1: n1.0, y1: n1.1, x2: n2.0, y2: n2.1)
    }

    /// The Bézier parameter where x reaches `x` (bisection, as `bezier`).
    private static func parameter(_ x1: Double, _ x2: Double, forX x: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let s = (low + high) / 2
            let at = 3 * x1 * s * (1 - s) * (1 - s) + 3 * x2 * s * s * (1 - s) + s * s * s
            if at < x { low = s } else { high = s }
        }
        return (low + high) / 2
    }
}
