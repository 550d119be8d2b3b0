import Foundation
import TouchKit

/// Engine benchmarks: nanoseconds per input frame for recorded-style traces, measured on the pure
/// engine with no I/O. Each case builds a fresh application, warms up once, then replays its trace
/// `repetitions` times and reports the median per-frame cost.
struct EngineBenchmark {
    struct Result {
        var name: String
        var framesPerRun: Int
        var nanosecondsPerFrame: Double
    }

    var repetitions: Int
    var tracing: Bool

    func runAll(only filter: String? = nil) throws -> [Result] {
        var cases: [(String, () throws -> Result)] = []
        for trace in PeerTrace.allCases {
            let name = "7 recognizers, 1 view: \(trace.rawValue)"
            cases.append((name, { try measure(name, frames: trace.frames) { PeerScene.make() } }))
        }
        for (views, recognizers) in [(10, 1), (100, 10), (1000, 50)] {
            let name = "\(views) views, \(recognizers) recognizers: one-finger drag"
            cases.append((name, { try measure(name, frames: PeerTrace.pan.frames) { ScaleScene.make(views: views, recognizers: recognizers) } }))
        }
        cases.append(("hit-test, 1000 views", { measureHitTest(views: 1000) }))
        cases.append(("render snapshot, 1000 views", { measureRenderSnapshot(views: 1000) }))
        cases.append(("pipeline: decode, engine, diff, encode (pan)", { PipelineBenchmark(repetitions: repetitions).run() }))
        return try cases.filter { filter == nil || $0.0.contains(filter!) }.map { try $0.1() }
    }

    private func measure(_ name: String, frames: [[PointerChange]], make: () -> UIApplication) throws -> Result {
        var samples: [Double] = []
        for run in 0...repetitions {
            let application = make()
            application.isTracing = tracing
            let start = DispatchTime.now().uptimeNanoseconds
            for frame in frames { try application.digitizer.process(frame) }
            try application.advance(to: (frames.last?.last?.timestamp ?? 0) + 1)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            _ = application.drainTrace()
            if run > 0 { samples.append(elapsed / Double(frames.count)) }
        }
        return Result(name: name, framesPerRun: frames.count, nanosecondsPerFrame: median(samples))
    }

    private func measureHitTest(views: Int) -> Result {
        let application = ScaleScene.make(views: views, recognizers: 0)
        let window = application.windows[0]
        let iterations = 20_000
        var samples: [Double] = []
        for _ in 0..<max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            var hits = 0
            for index in 0..<iterations {
                let point = CGPoint(x: CGFloat(index % 400), y: CGFloat((index * 7) % 800))
                if window.hitTest(point, with: nil) != nil { hits += 1 }
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
            precondition(hits > 0)
        }
        return Result(name: "hit-test, \(views) views", framesPerRun: iterations, nanosecondsPerFrame: median(samples))
    }

    private func measureRenderSnapshot(views: Int) -> Result {
        let application = ScaleScene.make(views: views, recognizers: 0)
        var samples: [Double] = []
        for _ in 0..<max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let tree = application.renderTree()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
            precondition(tree.nodes.count > views)
        }
        return Result(name: "render snapshot, \(views) views", framesPerRun: 1, nanosecondsPerFrame: median(samples))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// The peer comparison's recognizer set: tap, double tap (the single tap requires it to fail), long
/// press, pan, swipe, pinch and rotation on one view.
enum PeerScene {
    static func make() -> UIApplication {
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
enum ScaleScene {
    static func make(views: Int, recognizers: Int) -> UIApplication {
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
enum PeerTrace: String, CaseIterable {
    case pan = "600 ms one-finger pan"
    case pinchRotate = "two-finger pinch + rotate"
    case tap
    case doubleTap = "double tap"

    var frames: [[PointerChange]] {
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
