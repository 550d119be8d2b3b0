import SeededRandom
import Foundation
import TouchKit

/// One entry of a run's journal: the engine's own event log (`drainTrace()`), interleaved in exact
/// order with what the recording views, recognizers, delegates and targets saw, and with what the
/// driver did. The invariants are checked on this journal; determinism compares two journals.
enum Entry: Equatable {
    case trace(TraceEvent)
    case step(String)
    /// The driver's model of a frame: the pointer ids of each dispatch the digitizer must make of it,
    /// and where the fingers landing in it land, in order.
    case snapshots([[Int]], downs: [CGPoint])
    case view(ViewCall)
    case recognizer(RecognizerCall)
    case reset(recognizer: Int)
    case ignore(recognizer: Int, touch: Int)
    case shouldReceive(recognizer: Int, touch: Int, answer: Bool)
    case action(recognizer: Int, state: UIGestureRecognizer.State)
    case illegalRequest(recognizer: Int, from: UIGestureRecognizer.State, to: UIGestureRecognizer.State, after: UIGestureRecognizer.State)
    case enabled(recognizer: Int, Bool)
    case viewMoved(view: Int, inWindow: Bool)
    case rejected(String, ok: Bool, detail: String)
    /// Something the driver itself saw go wrong (an unexpected error, timers that never settle).
    case problem(String)
    case settled(Settlement)
    /// The render tree at the end (determinism covers what a client would draw too).
    case rendered([RenderNode])
}

struct TouchInfo: Equatable, CustomStringConvertible {
    var id: Int
    var pointer: Int
    var phase: UITouch.Phase
    /// The touch's hit-test view, by trace name.
    var view: String?

    init(_ touch: UITouch) {
        id = touch.identifier
        pointer = touch.pointerID
        phase = touch.phase
        view = touch.view?.traceName
    }

    var description: String { "\(id)/p\(pointer)/\(phase)" }
}

struct ViewCall: Equatable {
    var view: Int
    var method: ResponderCall.Method
    var touches: [TouchInfo]
    /// `event.allTouches`, by touch id order; nil when the event was nil.
    var all: [TouchInfo]?
}

struct RecognizerCall: Equatable {
    var recognizer: Int
    var method: ResponderCall.Method
    var touches: [TouchInfo]
    var all: [TouchInfo]?
    var state: UIGestureRecognizer.State
    var isEnabled: Bool
    /// For `touchesBegan`: every touch's hit-test view is the recognizer's view or a descendant.
    var bound: Bool
}

struct Settlement: Equatable {
    /// Every recognizer of the scene (built-in ones of scroll views too) by trace name.
    var states: [String: UIGestureRecognizer.State]
    var liveTouches: Int
    var deadline: TimeInterval?
}

/// Where the recording objects report to.
final class Journal {
    weak var app: UIApplication?
    private(set) var entries: [Entry] = []

    /// Appends the engine's log recorded so far, then `entry`: the two streams stay in order.
    func note(_ entry: Entry) {
        flush()
        entries.append(entry)
    }

    func flush() {
        guard let app else { return }
        for event in app.drainTrace() { entries.append(.trace(event)) }
    }
}

func infos(_ touches: Set<UITouch>) -> [TouchInfo] {
    touches.sorted { $0.identifier < $1.identifier }.map(TouchInfo.init)
}

// MARK: Views

/// A view that records every touch method call; it forwards to `next` (calls super) or not.
final class RecordingView: UIView {
    let id: Int
    let forwards: Bool
    unowned let journal: Journal

    init(id: Int, frame: CGRect, forwards: Bool, journal: Journal) {
        self.id = id
        self.forwards = forwards
        self.journal = journal
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    private func record(_ method: ResponderCall.Method, _ touches: Set<UITouch>, _ event: UIEvent?) {
        journal.note(.view(ViewCall(view: id, method: method, touches: infos(touches), all: event?.allTouches.map(infos))))
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.touchesBegan, touches, event)
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.touchesMoved, touches, event)
        if forwards { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.touchesEnded, touches, event)
        if forwards { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.touchesCancelled, touches, event)
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

// MARK: Recognizers

/// What every recording recognizer subclass reports, before the built-in logic runs.
final class Probe {
    let id: Int
    unowned let journal: Journal

    init(id: Int, journal: Journal) {
        self.id = id
        self.journal = journal
    }

    func touches(_ recognizer: UIGestureRecognizer, _ method: ResponderCall.Method, _ touches: Set<UITouch>, _ event: UIEvent) {
        var bound = true
        if method == .touchesBegan {
            bound = touches.allSatisfy { touch in
                guard let hit = touch.view, let own = recognizer.view else { return false }
                return hit.isDescendant(of: own)
            }
        }
        journal.note(.recognizer(RecognizerCall(
            recognizer: id, method: method, touches: infos(touches), all: event.allTouches.map(infos),
            state: recognizer.state, isEnabled: recognizer.isEnabled, bound: bound)))
    }

    func reset() { journal.note(.reset(recognizer: id)) }
    func ignore(_ touch: UITouch) { journal.note(.ignore(recognizer: id, touch: touch.identifier)) }
}

/// The recording subclasses: each forwards every hook to its built-in superclass after the probe.
protocol Probed: UIGestureRecognizer {
    var probe: Probe! { get set }
}

final class ProbedTap: UITapGestureRecognizer, Probed {
    var probe: Probe!
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesBegan, touches, event); super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesMoved, touches, event); super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesEnded, touches, event); super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesCancelled, touches, event); super.touchesCancelled(touches, with: event) }
    override func reset() { probe.reset(); super.reset() }
    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }
}

final class ProbedLongPress: UILongPressGestureRecognizer, Probed {
    var probe: Probe!
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesBegan, touches, event); super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesMoved, touches, event); super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesEnded, touches, event); super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesCancelled, touches, event); super.touchesCancelled(touches, with: event) }
    override func reset() { probe.reset(); super.reset() }
    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }
}

final class ProbedPan: UIPanGestureRecognizer, Probed {
    var probe: Probe!
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesBegan, touches, event); super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesMoved, touches, event); super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesEnded, touches, event); super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesCancelled, touches, event); super.touchesCancelled(touches, with: event) }
    override func reset() { probe.reset(); super.reset() }
    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }
}

final class ProbedSwipe: UISwipeGestureRecognizer, Probed {
    var probe: Probe!
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesBegan, touches, event); super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesMoved, touches, event); super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesEnded, touches, event); super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesCancelled, touches, event); super.touchesCancelled(touches, with: event) }
    override func reset() { probe.reset(); super.reset() }
    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }
}

final class ProbedPinch: UIPinchGestureRecognizer, Probed {
    var probe: Probe!
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesBegan, touches, event); super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesMoved, touches, event); super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesEnded, touches, event); super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesCancelled, touches, event); super.touchesCancelled(touches, with: event) }
    override func reset() { probe.reset(); super.reset() }
    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }
}

final class ProbedRotation: UIRotationGestureRecognizer, Probed {
    var probe: Probe!
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesBegan, touches, event); super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesMoved, touches, event); super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesEnded, touches, event); super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesCancelled, touches, event); super.touchesCancelled(touches, with: event) }
    override func reset() { probe.reset(); super.reset() }
    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }
}

final class ProbedEdgePan: UIScreenEdgePanGestureRecognizer, Probed {
    var probe: Probe!
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesBegan, touches, event); super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesMoved, touches, event); super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesEnded, touches, event); super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { probe.touches(self, .touchesCancelled, touches, event); super.touchesCancelled(touches, with: event) }
    override func reset() { probe.reset(); super.reset() }
    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }
}

/// A custom recognizer (`UIGestureRecognizerSubclass` style) that sets random legal states from its
/// touch methods and from timers, and now and then asks for an illegal transition, which the engine
/// must ignore. It always decides once all its touches are up, as a well-behaved subclass must.
final class RandomRecognizer: UIGestureRecognizer, Probed {
    var probe: Probe!
    let continuous: Bool
    private var rng: SplitMix64
    private var seen: [UITouch] = []

    init(continuous: Bool, seed: UInt64) {
        self.continuous = continuous
        rng = SplitMix64(seed: seed)
        super.init()
    }

    private var allLifted: Bool { !seen.contains { $0.phase != .ended && $0.phase != .cancelled } }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        probe.touches(self, .touchesBegan, touches, event)
        seen.append(contentsOf: touches.sorted { $0.identifier < $1.identifier })
        if rng.chance(0.15) {
            schedule(after: rng.double(0.02...0.6)) { [weak self] in
                guard let self else { return }
                self.decide(final: self.allLifted)
            }
        }
        decide(final: false)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        probe.touches(self, .touchesMoved, touches, event)
        decide(final: false)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        probe.touches(self, .touchesEnded, touches, event)
        decide(final: allLifted)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        probe.touches(self, .touchesCancelled, touches, event)
        if state == .possible { setState(.failed, reason: "custom: touches cancelled") } else if state == .began || state == .changed { setState(.cancelled, reason: "custom: touches cancelled") }
    }

    override func reset() {
        probe.reset()
        seen.removeAll()
    }

    override func ignore(_ touch: UITouch, for event: UIEvent) { probe.ignore(touch); super.ignore(touch, for: event) }

    private func decide(final: Bool) {
        let current = state
        if final {
            switch current {
            case .possible: setState(rng.chance(0.5) ? .ended : .failed, reason: "custom: final decision")
            case .began, .changed: setState(rng.pick([.ended, .ended, .cancelled, .failed]), reason: "custom: final decision")
            default: break
            }
            return
        }
        if rng.chance(0.04) {
            let illegal: [UIGestureRecognizer.State] = switch current {
            case .possible: [.changed, .cancelled]
            case .began, .changed: [.began, .possible]
            default: [.possible]
            }
            let target = rng.pick(illegal)
            state = target
            probe.journal.note(.illegalRequest(recognizer: probe.id, from: current, to: target, after: state))
            return
        }
        guard rng.chance(0.4) else { return }
        switch current {
        case .possible:
            if continuous {
                setState(rng.chance(0.6) ? .began : .failed, reason: "custom: random")
            } else {
                setState(rng.chance(0.5) ? .ended : .failed, reason: "custom: random")
            }
        case .began, .changed:
            switch rng.weighted([6, 1, 1]) {
            case 0: state = .changed
            case 1: state = .ended
            default: setState(.cancelled, reason: "custom: random")
            }
        default:
            break
        }
    }
}

// MARK: Delegates

/// Delegate answers as pure functions of the question (see `PropertyCase.DelegateSpec`).
final class RecordingDelegate: UIGestureRecognizerDelegate {
    let spec: PropertyCase.DelegateSpec
    let ownerID: Int
    unowned let journal: Journal
    private var shouldBeginCalls: UInt64 = 0

    init(spec: PropertyCase.DelegateSpec, ownerID: Int, journal: Journal) {
        self.spec = spec
        self.ownerID = ownerID
        self.journal = journal
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        shouldBeginCalls += 1
        guard spec.shouldBeginFalseOneIn > 0 else { return true }
        return SplitMix64.mix(spec.seed &+ shouldBeginCalls) % UInt64(spec.shouldBeginFalseOneIn) != 0
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        var answer = true
        if spec.shouldReceiveFalseOneIn > 0 {
            answer = SplitMix64.mix(spec.seed ^ UInt64(touch.identifier) &* 0x9E37) % UInt64(spec.shouldReceiveFalseOneIn) != 0
        }
        journal.note(.shouldReceive(recognizer: ownerID, touch: touch.identifier, answer: answer))
        return answer
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let other = recognizerID(otherGestureRecognizer) else { return false }
        return spec.simultaneousWith.contains(other)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let other = recognizerID(otherGestureRecognizer) else { return false }
        return spec.requireFailureOf.contains(other)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let other = recognizerID(otherGestureRecognizer) else { return false }
        return spec.requiredToFailBy.contains(other)
    }
}

/// Recording recognizers are named `r<id>`.
func recognizerID(_ recognizer: UIGestureRecognizer) -> Int? {
    guard let name = recognizer.name, name.hasPrefix("r") else { return nil }
    return Int(name.dropFirst())
}
