import Foundation

extension UIView {
    /// The four named curves of UIKit's animations, with UIKit's raw values.
    public enum AnimationCurve: Int, Sendable {
        /// Slow start and end (`animate`'s default): Bézier (0.42,0) (0.58,1).
        case easeInOut = 0
        /// Slow start: Bézier (0.42,0) (1,1).
        case easeIn = 1
        /// Slow end: Bézier (0,0) (0.58,1).
        case easeOut = 2
        /// Constant speed.
        case linear = 3

        var curve: TouchKit.AnimationCurve {
            switch self {
            case .easeInOut: .easeInOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }
}

/// Which kind of timing a `UITimingCurveProvider` gives.
public enum UITimingCurveType: Int, Sendable {
    /// The curve of a `UIView.AnimationCurve`.
    case builtin = 0
    /// A cubic Bézier with custom control points.
    case cubic = 1
    /// A damped spring.
    case spring = 2
    /// Cubic and spring together (TouchKit never makes it).
    case composed = 3
}

/// The timing of a property animator (UIKit's protocol; TouchKit's two parameter classes adopt it).
public protocol UITimingCurveProvider: AnyObject {
    /// Which kind of timing this is.
    var timingCurveType: UITimingCurveType { get }
    /// The Bézier timing, for `.builtin` and `.cubic`.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring timing, for `.spring`.
    var springTimingParameters: UISpringTimingParameters? { get }
}

extension UITimingCurveProvider {
    /// The curve TouchKit runs: the spring's when there is one, else the cubic's, else ease-in-out.
    var animationCurve: AnimationCurve {
        if let spring = springTimingParameters { return spring.curve }
        return cubicTimingParameters?.curve ?? .easeInOut
    }
}

/// A cubic Bézier timing curve for a property animator (UIKIT-ANIMATOR-CONTINUE).
public final class UICubicTimingParameters: UITimingCurveProvider {
    /// The named curve, `.easeInOut` for custom control points.
    public let animationCurve: UIView.AnimationCurve
    /// The first control point.
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint
    let curve: AnimationCurve
    /// `.builtin` for a named curve, `.cubic` for custom control points.
    public let timingCurveType: UITimingCurveType

    /// The default curve, ease-in-out.
    public convenience init() { self.init(animationCurve: .easeInOut) }

    /// One of the four named curves.
    public init(animationCurve: UIView.AnimationCurve) {
        self.animationCurve = animationCurve
        curve = animationCurve.curve
        let points = curve.controlPoints ?? (0, 0, 1, 1)
        controlPoint1 = CGPoint(x: points.x1, y: points.y1)
        controlPoint2 = CGPoint(x: points.x2, y: points.y2)
        timingCurveType = .builtin
    }

    /// A custom curve through two control points, x clamped to 0…1 so time runs forward.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        curve = .bezier(x1: min(max(Double(point1.x), 0), 1), y1: Double(point1.y), x2: min(max(Double(point2.x), 0), 1), y2: Double(point2.y))
        timingCurveType = .cubic
    }

    /// Itself.
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    /// nil: this is not a spring.
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// A damped spring for a property animator; it settles within the animator's duration, as
/// `animate(…usingSpringWithDamping:…)` does (UIKIT-ANIMATOR-CONTINUE).
public final class UISpringTimingParameters: UITimingCurveProvider {
    /// 1 settles without overshoot; smaller values oscillate.
    public let dampingRatio: CGFloat
    /// The starting speed in units of the distance still to travel per second (UIKit's convention:
    /// a pan's velocity divided by the remaining distance).
    public let initialVelocity: CGVector

    /// A spring starting at rest.
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }

    /// A spring starting at `velocity` (only `dx` is used: TouchKit animates every component along one curve).
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        initialVelocity = velocity
    }

    /// Velocity 0 here; the animator converts the per-second velocity for the duration it runs.
    var curve: AnimationCurve { .spring(damping: Double(dampingRatio), velocity: 0) }

    /// The spring for a run of `duration` seconds: `initialVelocity` (per second) in units of the
    /// whole run.
    func curve(over duration: TimeInterval) -> AnimationCurve {
        let velocity = Double(initialVelocity.dx) * duration
        return .spring(damping: Double(dampingRatio), velocity: velocity.isFinite ? velocity : 0)
    }

    /// `.spring`.
    public var timingCurveType: UITimingCurveType { .spring }
    /// nil: this is a spring.
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// Itself.
    public var springTimingParameters: UISpringTimingParameters? { self }
}

/// A named timing function of Core Animation.
public struct CAMediaTimingFunctionName: Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public let rawValue: String
    /// A name; prefer the constants.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Constant speed: (0,0) (1,1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Slow start: (0.42,0) (1,1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Slow end: (0,0) (0.58,1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow start and end: (0.42,0) (0.58,1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The system default of implicit animations: (0.25,0.1) (0.25,1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// Core Animation's timing function: the cubic Bézier (0,0) P1 P2 (1,1) mapping time to progress
/// (UIKIT-CA-TIMING-FUNCTION).
public final class CAMediaTimingFunction: @unchecked Sendable {
    let curve: AnimationCurve

    /// A named function; an unknown name is `default`'s curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(curve: .bezier(x1: 0, y1: 0, x2: 1, y2: 1))
        case .easeIn: self.init(curve: .bezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        case .easeOut: self.init(curve: .bezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        case .easeInEaseOut: self.init(curve: .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        default: self.init(curve: .bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        }
    }

    /// A custom function through (c1x, c1y) and (c2x, c2y); x clamped to 0…1 so time runs forward.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(curve: .bezier(x1: min(max(Double(c1x), 0), 1), y1: Double(c1y), x2: min(max(Double(c2x), 0), 1), y2: Double(c2y)))
    }

    private init(curve: AnimationCurve) { self.curve = curve }

    /// Control point `index` (0 = (0,0), 1, 2, 3 = (1,1)) written into `ptr` as two floats; an
    /// index outside 0…3 writes nothing.
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard let points = curve.controlPoints, (0...3).contains(index) else { return }
        let all: [(Double, Double)] = [(0, 0), (points.x1, points.y1), (points.x2, points.y2), (1, 1)]
        ptr[0] = Float(all[index].0)
        ptr[1] = Float(all[index].1)
    }

    /// Progress (0…1 for the named curves) at time fraction `t`.
    func value(at t: Double) -> Double { curve.value(at: t) }
}
