import Foundation
import TouchKit

/// Builds a case's scene in a fresh application and drives its script through the public API,
/// journaling everything. One `Run` per execution; two runs of one case must journal alike.
final class Run {
    let testCase: PropertyCase
    let app = UIApplication()
    let window: UIWindow
    let journal = Journal()
    private(set) var views: [Int: UIView] = [:]
    private(set) var recognizers: [Int: UIGestureRecognizer] = [:]
    private var delegates: [RecordingDelegate] = []
    /// Finger → location, for the fingers that are down.
    private var fingers: [Int: CGPoint] = [:]
    /// The model's time (seconds); never behind the engine's.
    private var now: TimeInterval = 0

    static func pointerID(_ finger: Int) -> Int { 11 + finger * 7 }

    init(_ testCase: PropertyCase) {
        self.testCase = testCase
        journal.app = app
        window = UIWindow(application: app, frame: CGRect(origin: .zero, size: testCase.windowSize))
        window.accessibilityIdentifier = "W"
        window.makeKeyAndVisible()
        for spec in testCase.views {
            let view: UIView
            switch spec.kind {
            case .plain:
                view = RecordingView(id: spec.id, frame: spec.frame, forwards: spec.forwards, journal: journal)
            case .button:
                view = UIButton(frame: spec.frame)
            case .scroll:
                let scroll = UIScrollView(frame: spec.frame)
                scroll.contentSize = CGSize(width: spec.frame.width * 2, height: spec.frame.height * 3)
                view = scroll
            }
            view.accessibilityIdentifier = "v\(spec.id)"
            view.isHidden = spec.isHidden
            view.alpha = spec.alpha
            view.isUserInteractionEnabled = spec.isUserInteractionEnabled
            view.isMultipleTouchEnabled = spec.isMultipleTouchEnabled
            view.isExclusiveTouch = spec.isExclusiveTouch
            view.transform = spec.transform.transform
            views[spec.id] = view
            (spec.parent.flatMap { views[$0] } ?? window).addSubview(view)
        }
        for spec in testCase.recognizers {
            let recognizer = Self.makeRecognizer(spec.kind)
            recognizer.probe = Probe(id: spec.id, journal: journal)
            recognizer.name = "r\(spec.id)"
            recognizer.cancelsTouchesInView = spec.cancelsTouchesInView
            recognizer.delaysTouchesBegan = spec.delaysTouchesBegan
            recognizer.delaysTouchesEnded = spec.delaysTouchesEnded
            let id = spec.id
            recognizer.addHandler { [journal] sender in journal.note(.action(recognizer: id, state: sender.state)) }
            if let delegateSpec = spec.delegate {
                let delegate = RecordingDelegate(spec: delegateSpec, ownerID: spec.id, journal: journal)
                delegates.append(delegate)
                recognizer.delegate = delegate
            }
            recognizers[spec.id] = recognizer
            (spec.view.flatMap { views[$0] } ?? window).addGestureRecognizer(recognizer)
        }
        for spec in testCase.recognizers {
            for other in spec.requiresToFail {
                if let required = recognizers[other] { recognizers[spec.id]!.require(toFail: required) }
            }
        }
        journal.note(.step("scene built"))
    }

    static func makeRecognizer(_ kind: PropertyCase.RecognizerSpec.Kind) -> any Probed {
        switch kind {
        case .tap(let taps, let touches):
            let r = ProbedTap()
            r.numberOfTapsRequired = taps
            r.numberOfTouchesRequired = touches
            return r
        case .longPress(let touches, let taps, let duration, let movement):
            let r = ProbedLongPress()
            r.numberOfTouchesRequired = touches
            r.numberOfTapsRequired = taps
            r.minimumPressDuration = Double(duration) / 1000
            r.allowableMovement = movement
            return r
        case .pan(let minimum, let maximum):
            let r = ProbedPan()
            r.minimumNumberOfTouches = minimum
            r.maximumNumberOfTouches = maximum
            return r
        case .swipe(let direction, let touches):
            let r = ProbedSwipe()
            r.direction = UISwipeGestureRecognizer.Direction(rawValue: direction)
            r.numberOfTouchesRequired = touches
            return r
        case .pinch: return ProbedPinch()
        case .rotation: return ProbedRotation()
        case .screenEdge(let edges):
            let r = ProbedEdgePan()
            r.edges = UIRectEdge(rawValue: edges)
            return r
        case .custom(let continuous, let seed):
            return RandomRecognizer(continuous: continuous, seed: seed)
        }
    }

    /// Runs the whole script, then lifts every finger and lets every timer fire.
    func execute() {
        for step in testCase.steps {
            journal.note(.step(PropertyCase.describe(step)))
            perform(step)
        }
        settle()
        journal.flush()
    }

    private func perform(_ step: PropertyCase.Step) {
        switch step {
        case .frame(let dt, let ops):
            now += dt / 1000
            runFrame(ops)
        case .advance(let dt):
            now += dt / 1000
            expectSuccess("advance") { () throws(InputError) in try app.advance(to: now) }
        case .motion(let dt, let phase):
            now += dt / 1000
            expectSuccess("motion") { () throws(InputError) in try app.sendMotion(phase, timestamp: now) }
        case .remote(let dt, let raw):
            now += dt / 1000
            guard let subtype = UIEvent.EventSubtype(rawValue: raw) else { return }
            expectSuccess("remote") { () throws(InputError) in try app.sendRemoteControl(subtype, timestamp: now) }
        case .toggleEnabled(let id):
            guard let recognizer = recognizers[id] else { return }
            journal.note(.enabled(recognizer: id, !recognizer.isEnabled))
            recognizer.isEnabled.toggle()
        case .removeView(let id):
            guard let view = views[id], view.superview != nil else { return }
            journal.note(.viewMoved(view: id, inWindow: false))
            view.removeFromSuperview()
        case .reinsertView(let id):
            guard let view = views[id], view.superview == nil,
                  let spec = testCase.views.first(where: { $0.id == id }) else { return }
            let parent = spec.parent.flatMap { views[$0] } ?? window
            journal.note(.viewMoved(view: id, inWindow: parent.window != nil))
            parent.addSubview(view)
        case .invalid(let kind, let finger):
            rejectInvalid(kind, finger: finger)
        }
    }

    private func expectSuccess(_ what: String, _ body: () throws(InputError) -> Void) {
        do {
            try body()
        } catch {
            journal.note(.problem("\(what) threw \(error) on valid input"))
        }
    }

    // MARK: Frames

    private func runFrame(_ ops: [PropertyCase.Op]) {
        let start = app.currentTime
        var down = fingers
        var changes: [PointerChange] = []
        for op in ops {
            let time = op.lag >= 1 ? now : min(now, start + (now - start) * op.lag)
            let pointer = Self.pointerID(op.finger)
            switch op.kind {
            case .down:
                guard down[op.finger] == nil else { continue }
                let location = CGPoint(x: op.x, y: op.y)
                down[op.finger] = location
                changes.append(PointerChange(pointerID: pointer, phase: .down, location: location, timestamp: time, pressure: op.pressure))
            case .move:
                guard let location = down[op.finger] else { continue }
                let moved = CGPoint(x: location.x + op.x, y: location.y + op.y)
                down[op.finger] = moved
                changes.append(PointerChange(pointerID: pointer, phase: .move, location: moved, timestamp: time, pressure: op.pressure))
            case .up, .cancel:
                guard let location = down[op.finger] else { continue }
                down[op.finger] = nil
                changes.append(PointerChange(pointerID: pointer, phase: op.kind == .up ? .up : .cancel, location: location, timestamp: time))
            }
        }
        guard !changes.isEmpty else { return }
        send(changes)
        fingers = down
    }

    private func send(_ changes: [PointerChange]) {
        journal.note(.snapshots(
            DigitizerOracle.eventPointers(of: changes, live: Set(fingers.keys.map(Self.pointerID))),
            downs: changes.filter { $0.phase == .down }.map(\.location)))
        do {
            try app.digitizer.process(changes)
        } catch {
            journal.note(.problem("valid frame rejected: \(error)"))
        }
    }

    // MARK: Invalid input

    private struct EngineState: Equatable {
        var time: TimeInterval
        var deadline: TimeInterval?
        var touches: [String]
        var recognizers: [String]
    }

    private func engineState() -> EngineState {
        EngineState(
            time: app.currentTime, deadline: app.nextDeadline,
            touches: app.digitizer.activeTouches.map { "\($0.identifier)/\($0.pointerID)/\($0.phase)/\($0.location(in: nil))/\($0.timestamp)/\($0.force)" },
            recognizers: recognizers.keys.sorted().map { "\($0)/\(recognizers[$0]!.state)/\(recognizers[$0]!.isEnabled)" })
    }

    /// Sends one kind of bad input; it must throw the expected typed `InputError` and change nothing
    /// (same time, deadline, touches, recognizer states, and nothing logged).
    private func rejectInvalid(_ kind: PropertyCase.InvalidKind, finger: Int) {
        journal.flush()
        let before = engineState()
        let t = app.currentTime
        let livePointer = fingers.keys.sorted().first.map(Self.pointerID)
        let freePointer = (0...4).first { fingers[$0] == nil }.map(Self.pointerID) ?? 999
        let unknown = 1000 + finger
        func change(_ pointer: Int, _ phase: PointerChange.Phase, x: CGFloat = 50, y: CGFloat = 50, at time: TimeInterval? = nil,
                    pressure: CGFloat? = nil, size: CGSize? = nil) -> PointerChange {
            PointerChange(pointerID: pointer, phase: phase, location: CGPoint(x: x, y: y), timestamp: time ?? t, pressure: pressure, contactSize: size)
        }
        var expected: InputError
        var action: () throws(InputError) -> Void
        switch kind {
        case .moveUnknown:
            expected = .unknownPointer(unknown)
            action = { () throws(InputError) in try self.app.digitizer.process([change(unknown, .move)]) }
        case .upUnknown:
            expected = .unknownPointer(unknown)
            action = { () throws(InputError) in try self.app.digitizer.process([change(unknown, .up)]) }
        case .downTwice:
            expected = .pointerAlreadyDown(freePointer)
            action = { () throws(InputError) in try self.app.digitizer.process([change(freePointer, .down), change(freePointer, .down)]) }
        case .downAlreadyDown:
            let pointer = livePointer ?? freePointer
            expected = .pointerAlreadyDown(pointer)
            action = livePointer != nil
                ? { () throws(InputError) in try self.app.digitizer.process([change(pointer, .down)]) }
                : { () throws(InputError) in try self.app.digitizer.process([change(pointer, .down), change(pointer, .down)]) }
        case .timeBackwards:
            if t > 0 {
                let earlier = t - 0.001 - t * 0.5
                expected = .timeWentBackwards(previous: t, got: earlier)
                action = { () throws(InputError) in try self.app.digitizer.process([change(freePointer, .down, at: earlier)]) }
            } else {
                expected = .nonFiniteTimestamp
                action = { () throws(InputError) in try self.app.digitizer.process([change(freePointer, .down, at: -.infinity)]) }
            }
        case .nanLocation:
            expected = .nonFiniteValue(pointer: freePointer)
            action = { () throws(InputError) in try self.app.digitizer.process([change(freePointer, .down, x: .nan)]) }
        case .infiniteLocation:
            let pointer = livePointer ?? freePointer
            expected = .nonFiniteValue(pointer: pointer)
            action = { () throws(InputError) in try self.app.digitizer.process([change(pointer, livePointer != nil ? .move : .down, y: -.infinity)]) }
        case .nanTimestamp:
            expected = .nonFiniteTimestamp
            action = { () throws(InputError) in try self.app.digitizer.process([change(freePointer, .down, at: .nan)]) }
        case .negativePressure:
            expected = .negativeValue(pointer: freePointer)
            action = { () throws(InputError) in try self.app.digitizer.process([change(freePointer, .down, pressure: -0.25)]) }
        case .negativeSize:
            expected = .negativeValue(pointer: freePointer)
            action = { () throws(InputError) in try self.app.digitizer.process([change(freePointer, .down, size: CGSize(width: 4, height: -1))]) }
        case .tooManyTouches:
            let limit = app.digitizer.configuration.maximumTouches
            expected = .tooManyTouches(limit: limit)
            let downs = (0...limit).map { change(2000 + $0, .down, x: CGFloat(10 + $0 * 3)) }
            action = { () throws(InputError) in try self.app.digitizer.process(downs) }
        case .validThenBad:
            expected = .unknownPointer(unknown)
            let first = livePointer.map { change($0, .move, x: 77, y: 77) } ?? change(freePointer, .down, x: 77, y: 77)
            action = { () throws(InputError) in try self.app.digitizer.process([first, change(unknown, .move)]) }
        case .advanceBackwards:
            if t > 0 {
                expected = .timeWentBackwards(previous: t, got: t / 2)
                action = { () throws(InputError) in try self.app.advance(to: t / 2) }
            } else {
                expected = .nonFiniteTimestamp
                action = { () throws(InputError) in try self.app.advance(to: .nan) }
            }
        case .advanceNaN:
            expected = .nonFiniteTimestamp
            action = { () throws(InputError) in try self.app.advance(to: .infinity) }
        case .motionBackwards:
            if t > 0 {
                expected = .timeWentBackwards(previous: t, got: t / 2)
                action = { () throws(InputError) in try self.app.sendMotion(.began, timestamp: t / 2) }
            } else {
                expected = .nonFiniteTimestamp
                action = { () throws(InputError) in try self.app.sendMotion(.began, timestamp: .nan) }
            }
        case .remoteNotRemote:
            expected = .invalidRemoteControl(UIEvent.EventSubtype.motionShake.rawValue)
            action = { () throws(InputError) in try self.app.sendRemoteControl(.motionShake, timestamp: t) }
        }
        var detail: String
        var ok: Bool
        do {
            try action()
            ok = false
            detail = "accepted; expected \(expected)"
        } catch {
            // The error is typed: `error` is an `InputError` by construction.
            ok = error == expected
            detail = ok ? "\(error.code)" : "threw \(error), expected \(expected)"
        }
        let logged = app.drainTrace()
        let after = engineState()
        if !logged.isEmpty {
            ok = false
            detail += "; logged \(logged.map(\.notation))"
        }
        if after != before {
            ok = false
            detail += "; state changed from \(before) to \(after)"
        }
        journal.note(.rejected(kind.rawValue, ok: ok, detail: detail))
    }

    // MARK: Settling

    /// Lifts every finger, then fires every timer (the invariants about balance and resets hold
    /// only once nothing is pending).
    private func settle() {
        journal.note(.step("settle: lift every finger"))
        if !fingers.isEmpty {
            now += 0.01
            runFrame(fingers.keys.sorted().map { PropertyCase.Op(finger: $0, kind: .up, x: 0, y: 0) })
        }
        journal.note(.step("settle: fire every timer"))
        var rounds = 0
        while let deadline = app.nextDeadline, rounds < 200 {
            rounds += 1
            now = max(now, deadline)
            expectSuccess("advance to deadline") { () throws(InputError) in try app.advance(to: now) }
        }
        if app.nextDeadline != nil { journal.note(.problem("timers never settle: still a deadline after 200 advances")) }
        now += 5
        expectSuccess("final advance") { () throws(InputError) in try app.advance(to: now) }
        var states: [String: UIGestureRecognizer.State] = [:]
        for recognizer in recognizers.values { states[recognizer.traceName] = recognizer.state }
        for view in views.values {
            for recognizer in view.gestureRecognizers ?? [] { states[recognizer.traceName] = recognizer.state }
        }
        journal.note(.settled(Settlement(states: states, liveTouches: app.digitizer.activeTouches.count, deadline: app.nextDeadline)))
        journal.note(.rendered(app.renderTree().nodes))
    }
}
