import Foundation

extension CALayer {
    /// A copy of this layer with the values on screen now: the model plus every running view
    /// animation's remaining offset (UIKIT-ANIM-MODEL-VALUES, UIKIT-ANIM-ADDITIVE), then its Core
    /// Animation animations in the order added (UIKIT-CA-EXPLICIT). nil while the layer is in no window
    /// of an application (UIKit: nil before the layer was committed).
    public func presentation() -> Self? {
        guard let application = clock else { return nil }
        let copy = Self()
        let time = application.currentTime
        if let view = owner {
            func value(_ property: AnimatableProperty) -> [CGFloat] { view.presentationValue(of: property, at: time) }
            let c = value(.center), b = value(.bounds), t = value(.transform), a = value(.alpha), bg = value(.backgroundColor)
            copy.anchorPoint = anchorPoint
            copy.position = CGPoint(x: c[0], y: c[1])
            copy.bounds = CGRect(x: b[0], y: b[1], width: b[2], height: b[3])
            copy.transform = CATransform3DMakeAffineTransform(CGAffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5]))
            copy.opacity = Float(a[0])
            copy.backgroundColor = view.backgroundColor == nil && propertyAnimations.isEmpty
                ? nil : CGColor(red: bg[0], green: bg[1], blue: bg[2], alpha: bg[3])
            copy.cornerRadius = cornerRadius
            copy.borderWidth = borderWidth
            copy.borderColor = borderColor
            copy.isHidden = isHidden
        } else {
            copyModel(to: copy)
        }
        applyAddedAnimations(to: copy, at: time)
        return copy
    }

    /// The layer as a model: itself (TouchKit's layers are their own model layer).
    public func model() -> Self { self }

    /// Ends every animation of this layer at once: its Core Animation animations (their delegates
    /// hear `finished: false`) and every block animation involving its view, whose completions run with
    /// `false` (UIKIT-ANIM-COMPLETION); the presentation jumps to the model.
    public func removeAllAnimations() {
        removeAddedAnimations()
        guard let view = owner else { return }
        view.window?.application?.animator.removeAnimations(of: view)
    }

    /// The keys of the animations added with `add(_:forKey:)`, then the view properties block
    /// animations move (UIKit lists their keys; TouchKit names the property); nil when none.
    public func animationKeys() -> [String]? {
        let keys = addedAnimations.compactMap(\.key) + propertyAnimations.map(\.part.property.rawValue)
        return keys.isEmpty ? nil : keys
    }
}

extension UIView {
    /// The model value of `property` plus the remaining offset of each running animation.
    func presentationValue(of property: AnimatableProperty, at time: TimeInterval) -> [CGFloat] {
        var value = property.value(of: self)
        for running in layer.propertyAnimations where running.part.property == property {
            guard let animation = running.animation else { continue }
            let remaining = CGFloat(1 - animation.eased(at: time))
            for index in value.indices where index < running.part.from.count && index < running.part.to.count {
                value[index] += (running.part.from[index] - running.part.to[index]) * remaining
            }
        }
        return value
    }

    /// The running animations as the page needs them to interpolate: block animations (additive
    /// offsets), then the layer's own (UIKIT-CA-EXPLICIT).
    var renderAnimations: [RenderAnimation] {
        blockRenderAnimations + layer.renderLayerAnimations
    }

    private var blockRenderAnimations: [RenderAnimation] {
        layer.propertyAnimations.compactMap { running in
            guard let animation = running.animation else { return nil }
            var render = RenderAnimation(
                id: animation.id, property: running.part.property.rawValue, from: running.part.from, to: running.part.to,
                begin: animation.begin, duration: animation.duration, curve: animation.curve,
                autoreverses: animation.options.contains(.autoreverse), repeats: animation.options.contains(.repeat))
            if let segment = animation.driver?.segment {
                render.begin = segment.begin
                render.duration = segment.duration
                render.setCurve(segment.curve)
                render.startValue = segment.startValue
                render.endValue = segment.endValue
                render.joinedAt = animation.joinedAt
            }
            return render
        }
    }
}

/// One running property animation in the render tree: the page draws
/// model + (from − to)·(1 − eased) for it (or from + (to − from)·eased in place of the value when `absolute`), where eased = startValue + (endValue − startValue)·curve(progress),
/// rescaled to the part past `joinedAt` (a property animator's block added mid-flight).
public struct RenderAnimation: Equatable, Sendable {
    /// The `animate` call (or property animator block) this belongs to; several properties and views can share it.
    public var id: Int
    /// `center`, `bounds`, `transform`, `alpha` or `backgroundColor`.
    public var property: String
    /// The value before the change, in the property's components.
    public var from: [CGFloat]
    /// The model value after the change.
    public var to: [CGFloat]
    /// Engine time (seconds) the movement starts, after the delay.
    public var begin: TimeInterval
    /// Seconds of one pass (0: it holds at `startValue`, as a paused property animator).
    public var duration: TimeInterval
    /// `linear`, `easeIn`, `easeOut`, `easeInOut`, `spring` or `bezier`.
    public var curve: String
    /// Bézier curves: the control points x1, y1, x2, y2.
    public var controlPoints: [Double]?
    /// Spring curves: the damping ratio.
    public var damping: Double?
    /// Spring curves: the initial velocity.
    public var velocity: Double?
    /// Each pass runs forward then back (`.autoreverse`).
    public var autoreverses: Bool
    /// It runs until removed (`.repeat`).
    public var repeats: Bool
    /// The eased fraction at `begin` (a property animator resumed or reversed mid-way); 0 otherwise.
    public var startValue: Double = 0
    /// The eased fraction at the end of the pass (0 for a reversed property animator); 1 otherwise.
    public var endValue: Double = 1
    /// The eased fraction from which this block moves (a block added to a running property animator).
    public var joinedAt: Double = 0
    /// A non-additive `CABasicAnimation` of a view's layer: it draws from + (to − from)·eased in place of
    /// the value so far, instead of adding an offset to it.
    public var absolute = false
    /// A `CAKeyframeAnimation`'s values (`from` is the first, `to` the last); nil for other animations: the
    /// page draws the keyframes at the eased fraction instead of `from`…`to` (`RenderSublayer.swift`).
    public var keyframes: [[CGFloat]]?
    /// When each keyframe is reached, 0…1, one per keyframe.
    public var keyTimes: [Double]?
    /// Keyframes hold each value until the next key time (`calculationMode` `discrete`).
    public var discrete = false
    /// One Bézier (x1, y1, x2, y2) per keyframe segment (`timingFunctions`); nil: linear segments.
    public var segmentCurves: [[Double]]?
    /// A finite `repeatCount` above 1: the passes it runs; nil for one pass, or for ever (`repeats`).
    public var passes: Double?
    /// An animation of a sublayer of the view's layer: which display-list commands it moves and the
    /// layer's model geometry; nil for the view's own properties.
    public var sublayer: RenderSublayer?

    init(id: Int, property: String, from: [CGFloat], to: [CGFloat], begin: TimeInterval, duration: TimeInterval,
         curve: AnimationCurve, autoreverses: Bool, repeats: Bool) {
        self.id = id
        self.property = property
        self.from = from
        self.to = to
        self.begin = begin
        self.duration = duration
        self.curve = curve.name
        self.autoreverses = autoreverses
        self.repeats = repeats
        setCurve(curve)
    }

    mutating func setCurve(_ curve: AnimationCurve) {
        self.curve = curve.name
        controlPoints = nil
        damping = nil
        velocity = nil
        switch curve {
        case .spring(let d, let v): (damping, velocity) = (d, v)
        case .bezier(let x1, let y1, let x2, let y2): controlPoints = [x1, y1, x2, y2]
        default: break
        }
    }
}
