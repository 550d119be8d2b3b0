import TouchKit

/// Scenes and input traces shared by `touchbridge bench` and the allocation counter in Benchmarks/.

/// The peer comparison's recognizer set, wired as Hammer.js's preset wires its seven (shared
/// bench/peer-traces.md): tap, double tap (the tap requires it to fail), long press, pan, swipe,
/// pinch and rotation on one view; pinch and rotation, and pan and swipe, recognize together.
public enum PeerScene {
    /// The window is wide enough for the pinch trace (around (400, 300), fingers up to 541 pt out).
    public static let windowSize = CGSize(width: 800, height: 800)

    /// A fresh application showing the seven recognizers, ready for a trace.
    public static func make() -> UIApplication {
        let application = UIApplication()
        let window = UIWindow(application: application, frame: CGRect(origin: .zero, size: windowSize))
        window.rootViewController = PeerViewController()
        window.makeKeyAndVisible()
        return application
    }
}

/// The seven recognizers on the controller's full-window view; the controller keeps the delegate
/// (recognizers hold their delegates weakly, as in UIKit).
final class PeerViewController: UIViewController {
    private var pairs: SimultaneousPairs?

    override func viewDidLoad() {
        view.isMultipleTouchEnabled = true
        func named<R: UIGestureRecognizer>(_ recognizer: R, _ name: String) -> R {
            recognizer.name = name
            return recognizer
        }
        let tap = named(UITapGestureRecognizer(handler: { _ in }), "tap")
        let doubleTap = named(UITapGestureRecognizer(handler: { _ in }), "doubleTap")
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        let press = named(UILongPressGestureRecognizer(handler: { _ in }), "press")
        let pan = named(UIPanGestureRecognizer(handler: { _ in }), "pan")
        let swipe = named(UISwipeGestureRecognizer(handler: { _ in }), "swipe")
        let pinch = named(UIPinchGestureRecognizer(handler: { _ in }), "pinch")
        let rotation = named(UIRotationGestureRecognizer(handler: { _ in }), "rotation")
        let pairs = SimultaneousPairs([(pinch, rotation), (pan, swipe)])
        for recognizer in [pan, swipe, pinch, rotation] as [UIGestureRecognizer] { recognizer.delegate = pairs }
        for recognizer in [tap, doubleTap, press, pan, swipe, pinch, rotation] as [UIGestureRecognizer] {
            view.addGestureRecognizer(recognizer)
        }
        self.pairs = pairs
    }
}

/// A delegate that lets the given pairs recognize together.
final class SimultaneousPairs: UIGestureRecognizerDelegate {
    private let pairs: [(ObjectIdentifier, ObjectIdentifier)]

    init(_ pairs: [(UIGestureRecognizer, UIGestureRecognizer)]) {
        self.pairs = pairs.map { (ObjectIdentifier($0.0), ObjectIdentifier($0.1)) }
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        let a = ObjectIdentifier(gestureRecognizer), b = ObjectIdentifier(other)
        return pairs.contains { ($0.0 == a && $0.1 == b) || ($0.0 == b && $0.1 == a) }
    }
}

/// A grid of `views` views (nested four deep) with `recognizers` recognizers: either all on the
/// chain a touch at the window's middle is hit-tested along (every one of them sees every touch of
/// the drag), or all on other views (none sees it).
public enum ScaleScene {
    /// A fresh application with the grid, ready for a drag from the window's middle.
    public static func make(views: Int, recognizers: Int, onTouchedChain: Bool) -> UIApplication {
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
        var chain: [UIView] = []
        var hit = window.hitTest(CGPoint(x: 200, y: 300), with: nil)
        while let view = hit, view !== window {
            chain.append(view)
            hit = view.superview
        }
        let others = all.filter { view in !chain.contains { $0 === view } }
        let hosts = onTouchedChain ? chain : others
        for index in 0..<recognizers {
            let view = hosts[(index * 7) % hosts.count]
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

/// The four 120 Hz traces of the peer comparison, exactly as shared bench/peer-traces.md defines
/// them (frame k at round(k · 1000 / 120) ms; window points): one input frame per event.
public enum PeerTrace: String, CaseIterable, Sendable {
    /// A one-finger 300 pt drag over 72 frames.
    case pan
    /// Two fingers spreading and turning 45° over 72 frames.
    case pinch
    /// A quick tap.
    case tap
    /// Two quick taps 2 pt apart.
    case doubleTap = "doubletap"

    /// What the seven recognizers must recognize, as Hammer.js does (the benchmark checks it).
    public var expectedRecognitions: (required: Set<String>, forbidden: Set<String>) {
        switch self {
        case .pan: (["pan"], ["tap", "doubleTap", "press", "pinch", "rotation"])
        case .pinch: (["pinch", "rotation"], ["tap", "doubleTap", "press", "pan", "swipe"])
        case .tap: (["tap"], ["doubleTap", "press", "pan", "swipe", "pinch", "rotation"])
        case .doubleTap: (["doubleTap"], ["tap", "press", "pan", "swipe", "pinch", "rotation"])
        }
    }

    /// What the seven recognizers recognize (began or ended) in one replay of this trace.
    public func recognitions() throws -> Set<String> {
        let application = PeerScene.make()
        for frame in frames { try application.digitizer.process(frame) }
        try application.advance(to: 1)
        var recognized: Set<String> = []
        for case .transition(let name, .possible, let to, _, _) in application.drainTrace() where to == .began || to == .ended {
            recognized.insert(name)
        }
        return recognized
    }

    /// The trace's input frames, one per 120 Hz event.
    public var frames: [[PointerChange]] {
        func time(_ frame: Int) -> TimeInterval { (Double(frame) * 1000 / 120).rounded() / 1000 }
        func change(_ id: Int, _ phase: PointerChange.Phase, _ x: Double, _ y: Double, _ frame: Int) -> PointerChange {
            PointerChange(pointerID: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: time(frame))
        }
        switch self {
        case .pan:
            return (0...72).map { k in
                [change(1, k == 0 ? .down : k == 72 ? .up : .move, 100 + 300 * Double(k) / 72, 300, k)]
            }
        case .pinch:
            return (0...72).map { k in
                let f = Double(k) / 72, r = 50 * (1 + f), a = Double.pi / 4 * f
                let (dx, dy) = (r * cos(a), r * sin(a))
                let phase: PointerChange.Phase = k == 0 ? .down : k == 72 ? .up : .move
                return [change(1, phase, 400 - dx, 300 - dy, k), change(2, phase, 400 + dx, 300 + dy, k)]
            }
        case .tap:
            return [[change(1, .down, 200, 200, 0)], [change(1, .up, 200, 200, 10)]]
        case .doubleTap:
            return PeerTrace.tap.frames + [[change(2, .down, 202, 201, 24)], [change(2, .up, 202, 201, 34)]]
        }
    }
}

extension PeerTrace {
    /// `count` frames of `trace` replayed every second from `start` s, timestamps shifted.
    public static func replays(of trace: PeerTrace, frames count: Int, startingAt start: Int = 0) -> [[PointerChange]] {
        let frames = trace.frames
        var result: [[PointerChange]] = []
        result.reserveCapacity(count + frames.count)
        var replay = start
        while result.count < count {
            for frame in frames {
                result.append(frame.map { var change = $0; change.timestamp += Double(replay); return change })
            }
            replay += 1
        }
        return result
    }
}

/// The load generator's gesture (`touchbridge bench load`): 72-frame one-finger pans over the
/// image-translation scene's image, back and forth. Each pan ends where its finger's path started in
/// y and the next retraces it in x, so the dragged image returns after every pair of pans and the
/// finger stays on it for the whole run.
public enum LoadPan {
    /// Frames in one pan, down to up.
    public static let framesPerPan = 72

    /// Frame `frame` of the endless gesture: its phase (`down`, `move`, `up`) and window point.
    public static func frame(_ frame: Int) -> (phase: PointerChange.Phase, x: Double, y: Double) {
        let index = frame % framesPerPan
        let direction: Double = (frame / framesPerPan) % 2 == 0 ? 1 : -1
        let start = direction > 0 ? 200.0 : 340.0
        let phase: PointerChange.Phase = index == 0 ? .down : index == framesPerPan - 1 ? .up : .move
        // The lift repeats the last move's point: a pan's translation stops at its last move.
        let step = Double(min(index, framesPerPan - 2))
        return (phase, start + direction * step * 2, 400 + 20 * sin(Double.pi * step / Double(framesPerPan - 2)))
    }
}
