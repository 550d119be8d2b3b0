import TouchKit

/// Scenes and input traces shared by `touchbridge bench` and the allocation counter in Benchmarks/.

/// The peer comparison's recognizer set: tap, double tap (the single tap requires it to fail), long
/// press, pan, swipe, pinch and rotation on one view.
public enum PeerScene {
    public static func make() -> UIApplication {
        let application = UIApplication()
        let window = UIWindow(application: application, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.makeKeyAndVisible()
        let view = UIView(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let tap = UITapGestureRecognizer(handler: { _ in })
        let doubleTap = UITapGestureRecognizer(handler: { _ in })
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        let recognizers: [UIGestureRecognizer] = [
            tap, doubleTap, UILongPressGestureRecognizer(handler: { _ in }), UIPanGestureRecognizer(handler: { _ in }),
            UISwipeGestureRecognizer(handler: { _ in }), UIPinchGestureRecognizer(handler: { _ in }),
            UIRotationGestureRecognizer(handler: { _ in }),
        ]
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        return application
    }
}

/// A grid of `views` views (nested four deep) with `recognizers` recognizers spread over them.
public enum ScaleScene {
    public static func make(views: Int, recognizers: Int) -> UIApplication {
        let application = UIApplication()
        let window = UIWindow(application: application, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.makeKeyAndVisible()
        var all: [UIView] = []
        var parent: UIView = window
        for index in 0..<views {
            if index % 4 == 0 { parent = window }
            let view = UIView(frame: CGRect(x: CGFloat(index % 10) * 2, y: CGFloat(index % 7) * 3, width: 380, height: 760))
            parent.addSubview(view)
            all.append(view)
            parent = view
        }
        for index in 0..<recognizers {
            let view = all[(all.count - 1) - (index * 7) % all.count]
            let recognizer: UIGestureRecognizer = switch index % 4 {
            case 0: UIPanGestureRecognizer(handler: { _ in })
            case 1: UITapGestureRecognizer(handler: { _ in })
            case 2: UILongPressGestureRecognizer(handler: { _ in })
            default: UISwipeGestureRecognizer(handler: { _ in })
            }
            view.addGestureRecognizer(recognizer)
        }
        return application
    }
}

/// 120 Hz traces for the peer comparison.
public enum PeerTrace: String, CaseIterable {
    case pan = "600 ms one-finger pan"
    case pinchRotate = "two-finger pinch + rotate"
    case tap
    case doubleTap = "double tap"

    public var frames: [[PointerChange]] {
        let step = 1.0 / 120
        func change(_ id: Int, _ phase: PointerChange.Phase, _ x: Double, _ y: Double, _ t: Double) -> PointerChange {
            PointerChange(pointerID: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: t)
        }
        switch self {
        case .pan:
            return [[change(1, .down, 100, 400, 0)]]
                + (1..<72).map { [change(1, .move, 100 + Double($0) * 2.5, 400, Double($0) * step)] }
                + [[change(1, .up, 277.5, 400, 72 * step)]]
        case .pinchRotate:
            var frames = [[change(1, .down, 150, 400, 0), change(2, .down, 250, 400, 0)]]
            for index in 1..<60 {
                let angle = Double(index) * 0.01, radius = 50 + Double(index)
                frames.append([change(1, .move, 200 - radius * cos(angle), 400 - radius * sin(angle), Double(index) * step),
                               change(2, .move, 200 + radius * cos(angle), 400 + radius * sin(angle), Double(index) * step)])
            }
            frames.append([change(1, .up, 91, 393, 60 * step), change(2, .up, 309, 407, 60 * step)])
            return frames
        case .tap:
            return [[change(1, .down, 200, 400, 0)]] + (1..<10).map { [change(1, .move, 200, 400 + Double($0) * 0.1, Double($0) * step)] }
                + [[change(1, .up, 200, 401, 10 * step)]]
        case .doubleTap:
            return PeerTrace.tap.frames + PeerTrace.tap.frames.map { frame in
                frame.map { var c = $0; c.pointerID = 2; c.timestamp += 0.2; return c }
            }
        }
    }
}
