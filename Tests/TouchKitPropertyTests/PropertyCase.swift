import SeededRandom
import Foundation
import TouchKit

/// One generated property case: a scene (views, recognizers, relationships, delegate answers) and
/// an input script. Pure data, so it can be replayed, shrunk and printed.
///
/// Views and recognizers carry stable ids (not positions), so the shrinker can drop any of them and
/// whatever still refers to a dropped one simply stops doing so.
struct PropertyCase: CustomStringConvertible {
    var seed: UInt64
    var windowSize: CGSize
    var views: [ViewSpec]
    var recognizers: [RecognizerSpec]
    var steps: [Step]

    struct ViewSpec: Equatable {
        enum Kind: String { case plain, button, scroll }
        var id: Int
        /// The parent view's id; nil is the window.
        var parent: Int?
        var kind: Kind = .plain
        var frame: CGRect
        var isHidden = false
        var alpha: CGFloat = 1
        var isUserInteractionEnabled = true
        var isMultipleTouchEnabled = false
        var isExclusiveTouch = false
        var transform = TransformSpec()
        /// The view's touch methods call `super` (the touches then walk the responder chain).
        var forwards = false
    }

    struct TransformSpec: Equatable {
        var scaleX: CGFloat = 1
        var scaleY: CGFloat = 1
        var angle: CGFloat = 0
        var tx: CGFloat = 0
        var ty: CGFloat = 0

        var isIdentity: Bool { self == TransformSpec() }

        var transform: CGAffineTransform {
            CGAffineTransform(translationX: tx, y: ty).rotated(by: angle).scaledBy(x: scaleX, y: scaleY)
        }
    }

    struct RecognizerSpec: Equatable {
        enum Kind: Equatable {
            case tap(taps: Int, touches: Int)
            case longPress(touches: Int, taps: Int, durationMs: Int, movement: CGFloat)
            case pan(minimum: Int, maximum: Int)
            case swipe(direction: UInt, touches: Int)
            case pinch
            case rotation
            case screenEdge(edges: UInt)
            /// A subclass that moves through random legal states (and, rarely, asks for an illegal one).
            case custom(continuous: Bool, seed: UInt64)

            /// Discrete recognizers never pass through began/changed (UIKIT-STATE-TRANSITIONS).
            var isDiscrete: Bool {
                switch self {
                case .tap, .swipe: true
                case .custom(let continuous, _): !continuous
                default: false
                }
            }
        }

        var id: Int
        /// The id of the view it is attached to; nil is the window.
        var view: Int?
        var kind: Kind
        var cancelsTouchesInView = true
        var delaysTouchesBegan = false
        var delaysTouchesEnded = true
        /// `require(toFail:)` targets: recognizer ids smaller than `id` (the graph stays acyclic).
        var requiresToFail: [Int] = []
        var delegate: DelegateSpec?
    }

    /// Delegate answers, as pure functions of the question so a replay asks and answers alike.
    struct DelegateSpec: Equatable {
        var seed: UInt64
        /// `gestureRecognizerShouldBegin` returns false for one call in `shouldBeginFalseOneIn` (0: never).
        var shouldBeginFalseOneIn = 0
        /// `shouldReceive` returns false for one touch in `shouldReceiveFalseOneIn` (0: never).
        var shouldReceiveFalseOneIn = 0
        /// Recognizer ids this one may recognize simultaneously with.
        var simultaneousWith: [Int] = []
        /// Dynamic failure requirements (ids smaller than the recognizer's own).
        var requireFailureOf: [Int] = []
        /// Dynamic reverse requirements (ids larger than the recognizer's own).
        var requiredToFailBy: [Int] = []
    }

    /// One pointer change of a frame, for finger 0…4. Changes that do not fit the pointers' state
    /// when the frame runs (a down for a finger that is down, a move for one that is up…) are
    /// skipped, so every subset of a script is still valid input.
    struct Op: Equatable {
        enum Kind: String { case down, move, up, cancel }
        var finger: Int
        var kind: Kind
        /// Absolute for `down`; a delta from the finger's location otherwise.
        var x: CGFloat
        var y: CGFloat
        /// Where in the frame's time slice the change happened (0…1).
        var lag: Double = 1
        var pressure: CGFloat?
    }

    enum InvalidKind: String, CaseIterable {
        case moveUnknown, upUnknown, downTwice, downAlreadyDown, timeBackwards, nanLocation, infiniteLocation
        case nanTimestamp, negativePressure, negativeSize, tooManyTouches, validThenBad
        case advanceBackwards, advanceNaN, motionBackwards, remoteNotRemote
    }

    enum Step: Equatable {
        case frame(dtMs: Double, ops: [Op])
        case advance(dtMs: Double)
        case motion(dtMs: Double, phase: UIApplication.MotionPhase)
        case remote(dtMs: Double, raw: Int)
        case toggleEnabled(recognizer: Int)
        case removeView(Int)
        case reinsertView(Int)
        case invalid(InvalidKind, finger: Int)
    }

    // MARK: Printing

    var description: String {
        var lines = ["case \(hex(seed)): window \(fmt(windowSize.width))×\(fmt(windowSize.height))"]
        for view in views {
            var flags: [String] = []
            if view.kind != .plain { flags.append(view.kind.rawValue) }
            if view.isHidden { flags.append("hidden") }
            if view.alpha != 1 { flags.append("alpha \(fmt(view.alpha))") }
            if !view.isUserInteractionEnabled { flags.append("userInteraction off") }
            if view.isMultipleTouchEnabled { flags.append("multipleTouch") }
            if view.isExclusiveTouch { flags.append("exclusiveTouch") }
            if view.forwards { flags.append("forwards") }
            if !view.transform.isIdentity {
                let t = view.transform
                flags.append("transform(scale \(fmt(t.scaleX)),\(fmt(t.scaleY)) angle \(fmt(t.angle)) move \(fmt(t.tx)),\(fmt(t.ty)))")
            }
            let f = view.frame
            lines.append("  v\(view.id) in \(view.parent.map { "v\($0)" } ?? "window") frame (\(fmt(f.minX)), \(fmt(f.minY)), \(fmt(f.width)), \(fmt(f.height))) \(flags.joined(separator: ", "))")
        }
        for recognizer in recognizers {
            var flags: [String] = []
            if !recognizer.cancelsTouchesInView { flags.append("cancelsTouchesInView false") }
            if recognizer.delaysTouchesBegan { flags.append("delaysTouchesBegan") }
            if !recognizer.delaysTouchesEnded { flags.append("delaysTouchesEnded false") }
            if !recognizer.requiresToFail.isEmpty { flags.append("require(toFail: \(recognizer.requiresToFail.map { "r\($0)" }.joined(separator: ",")))") }
            if let d = recognizer.delegate {
                var answers: [String] = []
                if d.shouldBeginFalseOneIn > 0 { answers.append("shouldBegin false 1/\(d.shouldBeginFalseOneIn)") }
                if d.shouldReceiveFalseOneIn > 0 { answers.append("shouldReceive false 1/\(d.shouldReceiveFalseOneIn)") }
                if !d.simultaneousWith.isEmpty { answers.append("simultaneous \(d.simultaneousWith.map { "r\($0)" })") }
                if !d.requireFailureOf.isEmpty { answers.append("shouldRequireFailureOf \(d.requireFailureOf.map { "r\($0)" })") }
                if !d.requiredToFailBy.isEmpty { answers.append("shouldBeRequiredToFailBy \(d.requiredToFailBy.map { "r\($0)" })") }
                flags.append("delegate(\(hex(d.seed)) \(answers.joined(separator: ", ")))")
            }
            lines.append("  r\(recognizer.id) \(recognizer.kind) on \(recognizer.view.map { "v\($0)" } ?? "window") \(flags.joined(separator: ", "))")
        }
        for step in steps {
            lines.append("  " + Self.describe(step))
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ step: Step) -> String {
        switch step {
        case .frame(let dt, let ops):
            let changes = ops.map { op in
                let p = op.pressure.map { " p\(fmt($0))" } ?? ""
                let lag = op.lag == 1 ? "" : " lag \(fmt(CGFloat(op.lag)))"
                switch op.kind {
                case .down: return "down f\(op.finger) (\(fmt(op.x)), \(fmt(op.y)))\(p)\(lag)"
                case .move: return "move f\(op.finger) by (\(fmt(op.x)), \(fmt(op.y)))\(p)\(lag)"
                case .up: return "up f\(op.finger)\(lag)"
                case .cancel: return "cancel f\(op.finger)\(lag)"
                }
            }
            return "+\(fmt(CGFloat(dt))) ms frame [\(changes.joined(separator: "; "))]"
        case .advance(let dt): return "+\(fmt(CGFloat(dt))) ms advance"
        case .motion(let dt, let phase): return "+\(fmt(CGFloat(dt))) ms motion \(phase)"
        case .remote(let dt, let raw): return "+\(fmt(CGFloat(dt))) ms remote \(raw)"
        case .toggleEnabled(let id): return "toggle isEnabled of r\(id)"
        case .removeView(let id): return "remove v\(id) from its superview"
        case .reinsertView(let id): return "reinsert v\(id)"
        case .invalid(let kind, let finger): return "invalid \(kind) (f\(finger))"
        }
    }
}

func fmt(_ value: CGFloat) -> String {
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return String(format: "%.2f", Double(value))
}

// MARK: Generation

extension PropertyCase {
    /// A random but valid case. Sizes are kept small: bugs in arbitration show up with a handful of
    /// views and recognizers, and small cases shrink and read quickly.
    static func generate(seed: UInt64) -> PropertyCase {
        var rng = SplitMix64(seed: seed)
        let size = CGSize(width: CGFloat(rng.int(300...500)), height: CGFloat(rng.int(500...900)))
        var views: [ViewSpec] = []
        let viewCount = rng.int(1...7)
        for id in 0..<viewCount {
            let parent: Int? = views.isEmpty || rng.chance(0.45) ? nil : rng.pick(views).id
            let parentSize = parent.map { p in views.first { $0.id == p }!.frame.size } ?? size
            views.append(generateView(id: id, parent: parent, parentSize: parentSize, rng: &rng))
        }
        var recognizers: [RecognizerSpec] = []
        let recognizerCount = rng.weighted([1, 3, 4, 4, 3, 2, 1])
        // Recognizers gather on a few views (and their ancestors) so they compete for touches.
        let hot = (0..<2).map { _ in rng.pick(views).id }
        for id in 0..<recognizerCount {
            let view: Int? = switch rng.weighted([15, 50, 35]) {
            case 0: nil
            case 1: hot[rng.int(0...1)]
            default: rng.pick(views).id
            }
            recognizers.append(generateRecognizer(id: id, view: view, rng: &rng))
        }
        for index in recognizers.indices {
            let id = recognizers[index].id
            if id > 0, rng.chance(0.45) {
                recognizers[index].requiresToFail = Array(Set((0..<rng.int(1...2)).map { _ in rng.int(0...id - 1) })).sorted()
            }
            if rng.chance(0.4) {
                var d = DelegateSpec(seed: rng.next())
                if rng.chance(0.3) { d.shouldBeginFalseOneIn = rng.int(1...4) }
                if rng.chance(0.3) { d.shouldReceiveFalseOneIn = rng.int(1...4) }
                let others = recognizers.map(\.id).filter { $0 != id }
                if !others.isEmpty, rng.chance(0.5) {
                    d.simultaneousWith = Array(Set((0..<rng.int(1...3)).map { _ in rng.pick(others) })).sorted()
                }
                if id > 0, rng.chance(0.2) { d.requireFailureOf = [rng.int(0...id - 1)] }
                if id < recognizerCount - 1, rng.chance(0.2) { d.requiredToFailBy = [rng.int(id + 1...recognizerCount - 1)] }
                recognizers[index].delegate = d
            }
        }
        var steps: [Step] = []
        let stepCount = rng.int(4...40)
        var down = Set<Int>()
        while steps.count < stepCount {
            if rng.chance(0.35) {
                steps += generateGesture(views: views, recognizers: recognizers, size: size, down: &down, rng: &rng)
            } else {
                steps.append(generateStep(views: views, recognizers: recognizers, size: size, down: &down, rng: &rng))
            }
        }
        return PropertyCase(seed: seed, windowSize: size, views: views, recognizers: recognizers, steps: steps)
    }

    private static func generateView(id: Int, parent: Int?, parentSize: CGSize, rng: inout SplitMix64) -> ViewSpec {
        let width = max(10, CGFloat(rng.int(20...Int(max(40, parentSize.width)))))
        let height = max(10, CGFloat(rng.int(20...Int(max(40, parentSize.height)))))
        let x = CGFloat(rng.int(-20...Int(max(0, parentSize.width - width / 2))))
        let y = CGFloat(rng.int(-20...Int(max(0, parentSize.height - height / 2))))
        var view = ViewSpec(id: id, parent: parent, frame: CGRect(x: x, y: y, width: width, height: height))
        view.kind = [ViewSpec.Kind.plain, .button, .scroll][rng.weighted([85, 8, 7])]
        view.isHidden = rng.chance(0.07)
        view.alpha = [1, 1, 1, 0.5, 0.01, 0.009, 0][rng.int(0...6)]
        view.isUserInteractionEnabled = rng.chance(0.9)
        view.isMultipleTouchEnabled = rng.chance(0.5)
        view.isExclusiveTouch = rng.chance(0.12)
        view.forwards = rng.chance(0.5)
        if rng.chance(0.3) {
            var t = TransformSpec()
            switch rng.int(0...4) {
            case 0: t.scaleX = CGFloat(rng.double(0.5...2)); t.scaleY = t.scaleX
            case 1: t.angle = CGFloat(rng.double(-3.2...3.2))
            case 2: t.tx = CGFloat(rng.int(-60...60)); t.ty = CGFloat(rng.int(-60...60))
            case 3:
                t.scaleX = CGFloat(rng.double(0.3...2)); t.scaleY = CGFloat(rng.double(0.3...2))
                t.angle = CGFloat(rng.double(-3.2...3.2)); t.tx = CGFloat(rng.int(-40...40))
            default: t.scaleX = rng.chance(0.5) ? 0 : -1 // degenerate and mirrored transforms
            }
            view.transform = t
        }
        return view
    }

    private static func generateRecognizer(id: Int, view: Int?, rng: inout SplitMix64) -> RecognizerSpec {
        let kind: RecognizerSpec.Kind
        switch rng.weighted([5, 3, 4, 3, 2, 2, 1, 4]) {
        case 0: kind = .tap(taps: rng.weighted([0, 6, 3, 1]), touches: rng.weighted([0, 6, 3, 1]))
        case 1: kind = .longPress(touches: rng.weighted([0, 5, 2]), taps: rng.weighted([5, 1]),
                                  durationMs: rng.pick([100, 300, 500]), movement: CGFloat(rng.pick([10, 30])))
        case 2:
            let minimum = rng.weighted([0, 5, 2])
            kind = .pan(minimum: minimum, maximum: rng.chance(0.7) ? Int.max : rng.int(minimum...3))
        case 3: kind = .swipe(direction: UInt(rng.int(0...15)), touches: rng.weighted([0, 5, 1]))
        case 4: kind = .pinch
        case 5: kind = .rotation
        case 6: kind = .screenEdge(edges: UInt(rng.int(0...15)))
        default: kind = .custom(continuous: rng.chance(0.5), seed: rng.next())
        }
        var spec = RecognizerSpec(id: id, view: view, kind: kind)
        spec.cancelsTouchesInView = rng.chance(0.75)
        spec.delaysTouchesBegan = rng.chance(0.2)
        spec.delaysTouchesEnded = rng.chance(0.8)
        return spec
    }

    private static func generateStep(
        views: [ViewSpec], recognizers: [RecognizerSpec], size: CGSize, down: inout Set<Int>, rng: inout SplitMix64
    ) -> Step {
        func dt() -> Double {
            switch rng.weighted([2, 5, 3, 2, 1]) {
            case 0: 0
            case 1: Double(rng.int(1...20))
            case 2: Double(rng.int(20...150))
            case 3: Double(rng.int(150...450))
            default: Double(rng.int(450...1200))
            }
        }
        switch rng.weighted([70, 9, 3, 1, 3, 2, 3, 6]) {
        case 0:
            var ops: [Op] = []
            for _ in 0..<rng.weighted([0, 6, 3, 1, 1]) {
                ops.append(generateOp(size: size, down: &down, rng: &rng))
            }
            return .frame(dtMs: dt(), ops: ops)
        case 1: return .advance(dtMs: dt())
        case 2: return .motion(dtMs: dt(), phase: rng.pick([.began, .ended, .cancelled]))
        case 3: return .remote(dtMs: dt(), raw: rng.int(100...109))
        case 4: return recognizers.isEmpty ? .advance(dtMs: dt()) : .toggleEnabled(recognizer: rng.pick(recognizers).id)
        case 5: return .removeView(rng.pick(views).id)
        case 6: return .reinsertView(rng.pick(views).id)
        default: return .invalid(rng.pick(InvalidKind.allCases), finger: rng.int(0...4))
        }
    }

    /// A point in the window inside one of the views (ignoring transforms: only a bias).
    private static func target(views: [ViewSpec], size: CGSize, rng: inout SplitMix64) -> CGPoint {
        guard !views.isEmpty, rng.chance(0.8) else {
            return CGPoint(x: CGFloat(rng.int(0...Int(size.width))), y: CGFloat(rng.int(0...Int(size.height))))
        }
        let view = rng.pick(views)
        var origin = view.frame.origin
        var parent = view.parent
        while let id = parent, let spec = views.first(where: { $0.id == id }) {
            origin.x += spec.frame.minX
            origin.y += spec.frame.minY
            parent = spec.parent
        }
        return CGPoint(x: origin.x + CGFloat(rng.double(0.1...0.9)) * view.frame.width,
                       y: origin.y + CGFloat(rng.double(0.1...0.9)) * view.frame.height)
    }

    /// A recognizable gesture (or a near miss): taps, multi-taps, long presses, pans, swipes,
    /// pinches and rotations, aimed at a view, with realistic timing.
    private static func generateGesture(
        views: [ViewSpec], recognizers: [RecognizerSpec], size: CGSize, down: inout Set<Int>, rng: inout SplitMix64
    ) -> [Step] {
        let free = (0...4).filter { !down.contains($0) }
        guard !free.isEmpty else { return [] }
        let fingerCount = min(free.count, rng.weighted([0, 6, 3, 1]))
        let fingers = Array(free.prefix(fingerCount))
        let center = target(views: views, size: size, rng: &rng)
        let spread = CGFloat(rng.int(15...60))
        func place(_ index: Int) -> CGPoint {
            CGPoint(x: center.x + CGFloat(index) * spread - CGFloat(fingerCount - 1) * spread / 2, y: center.y)
        }
        func downs() -> Step {
            .frame(dtMs: Double(rng.int(0...60)), ops: fingers.enumerated().map { Op(finger: $1, kind: .down, x: place($0).x, y: place($0).y) })
        }
        func ups(_ dt: Double) -> Step { .frame(dtMs: dt, ops: fingers.map { Op(finger: $0, kind: .up, x: 0, y: 0) }) }
        func moves(_ dx: (Int) -> CGFloat, _ dy: (Int) -> CGFloat, dt: Double) -> Step {
            .frame(dtMs: dt, ops: fingers.enumerated().map { Op(finger: $1, kind: .move, x: dx($0), y: dy($0)) })
        }
        var steps: [Step] = []
        switch rng.int(0...5) {
        case 0: // taps
            for _ in 0..<rng.weighted([0, 5, 4, 1]) {
                steps.append(downs())
                if rng.chance(0.2) { steps.append(moves({ _ in CGFloat(rng.int(-8...8)) }, { _ in CGFloat(rng.int(-8...8)) }, dt: 30)) }
                steps.append(ups(Double(rng.int(30...200))))
                steps.append(.advance(dtMs: Double(rng.int(40...300))))
            }
        case 1: // long press
            steps.append(downs())
            for _ in 0..<rng.int(1...3) {
                steps.append(.advance(dtMs: Double(rng.int(100...400))))
                if rng.chance(0.4) { steps.append(moves({ _ in CGFloat(rng.int(-12...12)) }, { _ in CGFloat(rng.int(-12...12)) }, dt: 20)) }
            }
            steps.append(ups(Double(rng.int(10...300))))
        case 2, 3: // pan or swipe: a straight stroke
            let direction = rng.int(0...3)
            let step = CGFloat(rng.int(4...40))
            let dx: CGFloat = direction == 0 ? step : direction == 1 ? -step : CGFloat(rng.int(-3...3))
            let dy: CGFloat = direction == 2 ? step : direction == 3 ? -step : CGFloat(rng.int(-3...3))
            steps.append(downs())
            for _ in 0..<rng.int(2...8) { steps.append(moves({ _ in dx }, { _ in dy }, dt: Double(rng.int(8...40)))) }
            steps.append(ups(Double(rng.int(5...100))))
        default: // pinch or rotation: fingers spread, close or turn around the center
            let spreadOut = rng.chance(0.5)
            let turn = rng.chance(0.5)
            steps.append(downs())
            for _ in 0..<rng.int(2...6) {
                steps.append(moves(
                    { i in (turn ? 0 : (spreadOut ? 1 : -1) * CGFloat(i * 2 - fingerCount + 1) * 6) },
                    { i in (turn ? CGFloat(i * 2 - fingerCount + 1) * 7 : 0) }, dt: 16))
            }
            steps.append(ups(Double(rng.int(5...60))))
        }
        if rng.chance(0.2), steps.count > 2 {
            // Something happens mid-gesture: a recognizer is disabled or enabled, a view leaves or
            // comes back, the device shakes.
            let interruption: Step = switch rng.int(0...3) {
            case 0 where !recognizers.isEmpty: .toggleEnabled(recognizer: rng.pick(recognizers).id)
            case 1: .removeView(rng.pick(views).id)
            case 2: .reinsertView(rng.pick(views).id)
            default: .motion(dtMs: 0, phase: .began)
            }
            steps.insert(interruption, at: rng.int(1...steps.count - 1))
        }
        for finger in fingers { down.remove(finger) }
        return steps
    }

    private static func generateOp(size: CGSize, down: inout Set<Int>, rng: inout SplitMix64) -> Op {
        // Prefer fingers whose change is valid now, but keep a few that will be skipped.
        let finger: Int
        let kind: Op.Kind
        let up = (0...4).filter { !down.contains($0) }
        if down.isEmpty || (!up.isEmpty && rng.chance(down.count >= 2 ? 0.2 : 0.45)) {
            finger = rng.pick(up.isEmpty ? [0] : up)
            kind = .down
        } else {
            finger = rng.pick(Array(down).sorted())
            kind = [Op.Kind.move, .move, .move, .move, .move, .up, .up, .cancel][rng.int(0...7)]
        }
        if rng.chance(0.05) {
            // A change that does not fit the finger's state: skipped when the frame runs.
            return Op(finger: rng.int(0...4), kind: rng.pick([.down, .move, .up]), x: 10, y: 10)
        }
        switch kind {
        case .down: down.insert(finger)
        case .up, .cancel: down.remove(finger)
        case .move: break
        }
        var op = Op(finger: finger, kind: kind, x: 0, y: 0)
        switch kind {
        case .down:
            if rng.chance(0.15) {
                // Near an edge, for screen-edge pans.
                op.x = rng.chance(0.5) ? CGFloat(rng.int(0...25)) : size.width - CGFloat(rng.int(0...25))
                op.y = CGFloat(rng.int(0...Int(size.height)))
            } else {
                op.x = CGFloat(rng.int(-10...Int(size.width) + 10))
                op.y = CGFloat(rng.int(-10...Int(size.height) + 10))
            }
        case .move:
            switch rng.weighted([4, 4, 2]) {
            case 0: op.x = CGFloat(rng.int(-6...6)); op.y = CGFloat(rng.int(-6...6))
            case 1: op.x = CGFloat(rng.int(-40...40)); op.y = CGFloat(rng.int(-40...40))
            default: op.x = CGFloat(rng.int(-200...200)); op.y = CGFloat(rng.int(-200...200))
            }
        case .up, .cancel:
            break
        }
        if rng.chance(0.2) { op.lag = rng.unit() }
        if rng.chance(0.1) { op.pressure = CGFloat(rng.double(0...1)) }
        return op
    }
}
