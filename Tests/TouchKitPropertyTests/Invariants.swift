import Foundation
import TouchKit

/// A broken invariant: which one (the shrinker keeps a reduction only while the same one breaks),
/// what happened, and where in the journal.
struct Violation: CustomStringConvertible {
    var invariant: String
    var message: String
    var entry: Int

    var description: String { "[\(invariant)] \(message) (journal entry \(entry))" }
}

/// Checks every engine property on one journal. Pure: the journal and the case are all it reads.
struct InvariantChecker {
    let testCase: PropertyCase
    private var violation: Violation?
    private var index = 0

    // Scene facts
    private var viewSpecs: [String: PropertyCase.ViewSpec] = [:]
    private var recognizerSpecs: [Int: PropertyCase.RecognizerSpec] = [:]
    private var requirements: [Int: Set<Int>] = [:]

    // event.allTouches
    private var allowedSnapshots: [[Int]] = []
    private var snapshotCursor = 0

    // Views
    private var hitView: [Int: String] = [:]
    /// (responder, touch) → last method, from the log (direct and forwarded calls).
    private var logOpen: [String: [Int: ResponderCall.Method]] = [:]
    /// Same, from the recording views' own overrides.
    private var viewOpen: [Int: [Int: ResponderCall.Method]] = [:]
    /// Touches whose direct `touchesBegan` was delivered and not yet ended or cancelled → view.
    private var openDirect: [Int: String] = [:]
    /// Touches whose `touchesBegan` was withheld: released later, they were judged for exclusivity
    /// and multiple touch when they landed, not when they are delivered.
    private var withheldBegan: Set<Int> = []

    // Hit-testing oracle: the view tree as the script changes it, and the fingers still to land.
    private var children: [Int: [Int]] = [:]
    private var pendingDowns: [CGPoint] = []
    private let oracleApplies: Bool

    // Recognizers (by id, for the recording ones)
    private var states: [String: UIGestureRecognizer.State] = [:]
    private var attempt: [Int: Set<Int>] = [:]
    private var attemptStarted: Set<Int> = []
    private var finishedTouches: [Int: Set<Int>] = [:]
    private var seenEver: [Int: Set<Int>] = [:]
    private var denied: [Int: Set<Int>] = [:]
    private var waiting: Set<String> = []
    private var enabled: [Int: Bool] = [:]
    private var recognizedDuring: [Int: Set<Int>] = [:]
    private var pendingActions: [Int: [UIGestureRecognizer.State]] = [:]
    /// Recording recognizers that just left `.possible` for began/ended: exclusivity is judged for
    /// them once the arena has finished reacting (at the next entry that is not the engine's log).
    private var justRecognized: [Int] = []
    /// Recognizers that began in the current step, with the touches they held then: at the end of the
    /// step, no other active recognizer may hold one of those touches (a touch of the same dispatch
    /// reaching a recognizer fed later counts too).
    private var beganThisStep: [Int: Set<Int>] = [:]

    init(_ testCase: PropertyCase) {
        self.testCase = testCase
        for view in testCase.views {
            viewSpecs["v\(view.id)"] = view
            children[view.parent ?? Self.windowID, default: []].append(view.id)
        }
        // Scroll views move their bounds origin as they scroll; the oracle does not model that.
        oracleApplies = !testCase.views.contains { $0.kind == .scroll }
        for recognizer in testCase.recognizers {
            recognizerSpecs[recognizer.id] = recognizer
            enabled[recognizer.id] = true
            requirements[recognizer.id, default: []].formUnion(recognizer.requiresToFail)
            if let delegate = recognizer.delegate {
                requirements[recognizer.id, default: []].formUnion(delegate.requireFailureOf)
                for other in delegate.requiredToFailBy { requirements[other, default: []].insert(recognizer.id) }
            }
        }
    }

    static func check(_ journal: [Entry], _ testCase: PropertyCase) -> Violation? {
        var checker = InvariantChecker(testCase)
        for (index, entry) in journal.enumerated() {
            checker.index = index
            checker.visit(entry, previous: index > 0 ? journal[index - 1] : nil)
            if let violation = checker.violation { return violation }
        }
        return checker.violation
    }

    private mutating func fail(_ invariant: String, _ message: String) {
        if violation == nil { violation = Violation(invariant: invariant, message: message, entry: index) }
    }

    private mutating func visit(_ entry: Entry, previous: Entry?) {
        if case .trace = entry {} else if !justRecognized.isEmpty {
            checkExclusivity(of: justRecognized)
            justRecognized = []
        }
        switch entry {
        case .trace(let event): visitTrace(event)
        case .step:
            checkExclusivityAtEndOfStep()
            allowedSnapshots = allowedSnapshots.last.map { [$0] } ?? []
            snapshotCursor = 0
        case .snapshots(let snapshots, let downs):
            allowedSnapshots = (allowedSnapshots.last.map { [$0] } ?? []) + snapshots
            snapshotCursor = 0
            pendingDowns = downs
        case .view(let call): visitView(call, previous: previous)
        case .recognizer(let call): visitRecognizer(call)
        case .reset(let id):
            attempt[id] = []
            attemptStarted.remove(id)
            recognizedDuring[id] = []
        case .ignore(let id, let touch):
            attempt[id, default: []].remove(touch)
            finishedTouches[id, default: []].insert(touch)
        case .shouldReceive(let id, let touch, let answer):
            if !answer { denied[id, default: []].insert(touch) }
        case .action(let id, let state):
            guard case .trace(.action(let name, let logged))? = previous, name == "r\(id)" else {
                return fail("actions", "r\(id)'s target was called without an action entry in the log just before it")
            }
            if ![.began, .changed, .ended, .cancelled, .failed].contains(state) {
                fail("actions", "r\(id)'s target was called while its state was \(state) (logged \(logged))")
            }
        case .illegalRequest(let id, let from, let to, let after):
            if after != from { fail("transitions", "r\(id) asked for the illegal \(from) → \(to) and ended up \(after)") }
        case .enabled(let id, let value):
            enabled[id] = value
        case .viewMoved(let id, _):
            guard let spec = testCase.views.first(where: { $0.id == id }) else { return }
            let parent = spec.parent ?? Self.windowID
            if children[parent, default: []].contains(id) {
                children[parent]!.removeAll { $0 == id }
            } else {
                children[parent, default: []].append(id)
            }
        case .rejected(let kind, let ok, let detail):
            if !ok { fail("invalid input", "\(kind): \(detail)") }
        case .problem(let message):
            fail("valid input", message)
        case .settled(let settlement):
            checkExclusivityAtEndOfStep()
            visitSettlement(settlement)
        case .rendered:
            break
        }
    }

    // MARK: The engine log

    private mutating func visitTrace(_ event: TraceEvent) {
        switch event {
        case .hitTest(let touch, let path):
            hitView[touch] = path.last ?? "-"
            if !pendingDowns.isEmpty {
                let point = pendingDowns.removeFirst()
                if oracleApplies, let expected = expectedHitPath(at: point), expected != path {
                    fail("hit-testing", "touch \(touch) at (\(fmt(point.x)), \(fmt(point.y))) hit-tested to \(path), the hit-testing rules give \(expected)")
                }
            }
            for name in path {
                guard let spec = viewSpecs[name] else { continue }
                if spec.isHidden || !spec.isUserInteractionEnabled || spec.alpha < 0.01 {
                    fail("hit-testing", "touch \(touch) hit-tested through \(name), which is hidden, has user interaction off or alpha < 0.01 (path \(path))")
                }
            }
        case .responder(let call):
            visitResponderCall(call)
        case .transition(let name, let from, let to, let reason, let values):
            let numbers = [values.location.x, values.location.y, values.translation?.x, values.translation?.y,
                           values.velocity?.x, values.velocity?.y, values.scale, values.rotation].compactMap { $0 }
            if !numbers.allSatisfy(\.isFinite) { fail("values", "\(name): \(from) → \(to) reports a value that is not finite: \(values)") }
            if values.numberOfTouches < 0 { fail("values", "\(name) reports \(values.numberOfTouches) touches") }
            visitTransition(name, from, to, reason)
            if from == .possible, to == .began || to == .ended, let id = probedID(name) {
                justRecognized.append(id)
                if to == .began { beganThisStep[id] = attempt[id, default: []] }
            }
        case .waiting(let name, _):
            waiting.insert(name)
        case .action(let name, let state):
            if ![.began, .changed, .ended, .cancelled, .failed].contains(state) {
                fail("actions", "action for \(name) with state \(state)")
            }
            guard let id = probedID(name) else { return }
            guard let expected = pendingActions[id]?.first else {
                return fail("actions", "action for \(name) (\(state)) without a transition to send it for")
            }
            if expected != state { fail("actions", "action for \(name) says \(state), the next transition to report is \(expected)") }
            pendingActions[id]!.removeFirst()
        case .delivery(let touch, _, let note):
            if note.hasPrefix("touchesBegan withheld") { withheldBegan.insert(touch) }
        case .controlEvent, .note, .animation, .recognizerTouches:
            break
        }
    }

    private func probedID(_ name: String) -> Int? {
        guard name.hasPrefix("r"), let id = Int(name.dropFirst()), recognizerSpecs[id] != nil else { return nil }
        return id
    }

    private mutating func visitResponderCall(_ call: ResponderCall) {
        let touchMethods: [ResponderCall.Method] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]
        guard touchMethods.contains(call.method) else { return }
        if let touch = call.touches.first(where: { !$0.location.x.isFinite || !$0.location.y.isFinite }) {
            fail("values", "\(call.responder).\(call.method): touch \(touch.id) at a location that is not finite")
        }
        for touch in call.touches {
            let previous = logOpen[call.responder]?[touch.id]
            if let problem = Self.balanceProblem(previous, call.method) {
                fail("balance", "\(call.responder) got \(call.method) for touch \(touch.id) \(problem) (log)")
            }
            logOpen[call.responder, default: [:]][touch.id] = call.method
        }
        guard call.forwardedFrom == nil else { return }
        for touch in call.touches {
            if let hit = hitView[touch.id], hit != call.responder {
                fail("delivery", "\(call.responder) got \(call.method) for touch \(touch.id), whose hit-test view is \(hit)")
            }
            let expectedPhase: UITouch.Phase? = switch call.method {
            case .touchesBegan: .began
            case .touchesMoved: .moved
            case .touchesEnded: .ended
            default: nil
            }
            if let expectedPhase, touch.phase != expectedPhase {
                fail("delivery", "\(call.responder).\(call.method) with touch \(touch.id) in phase \(touch.phase)")
            }
            switch call.method {
            case .touchesBegan: openDirect[touch.id] = call.responder
            case .touchesEnded, .touchesCancelled: openDirect[touch.id] = nil
            default: break
            }
        }
    }

    /// began → moved* → (ended | cancelled), once per responder and touch.
    static func balanceProblem(_ previous: ResponderCall.Method?, _ method: ResponderCall.Method) -> String? {
        switch (previous, method) {
        case (nil, .touchesBegan): nil
        case (nil, _): "without touchesBegan"
        case (.touchesBegan?, .touchesBegan), (.touchesMoved?, .touchesBegan): "twice (touchesBegan again before it ended)"
        case (.touchesEnded?, _), (.touchesCancelled?, _): "after the touch already ended or was cancelled for it"
        default: nil
        }
    }

    // MARK: Recording views

    private mutating func visitView(_ call: ViewCall, previous: Entry?) {
        let name = "v\(call.view)"
        // The log reports the call exactly (it records just before calling).
        if case .trace(.responder(let logged))? = previous, logged.responder == name, logged.method == call.method,
           logged.touches.map(\.id) == call.touches.map(\.id) {
        } else {
            fail("event log", "\(name).\(call.method)(\(call.touches)) is not the log entry just before it")
        }
        for touch in call.touches {
            let previous = viewOpen[call.view]?[touch.id]
            if let problem = Self.balanceProblem(previous, call.method) {
                fail("balance", "\(name) got \(call.method) for touch \(touch.id) \(problem) (view override)")
            }
            viewOpen[call.view, default: [:]][touch.id] = call.method
        }
        checkAllTouches(call.all, delivered: call.touches, to: "\(name).\(call.method)")
        guard call.method == .touchesBegan, let spec = viewSpecs[name] else { return }
        // UIKIT-VIEW-MULTIPLE-TOUCH, UIKIT-VIEW-EXCLUSIVE-TOUCH: judged against touches still down.
        let direct = call.touches.filter { $0.view == name && !withheldBegan.contains($0.id) }
        let downNow = Set((call.all ?? []).filter { $0.phase != .ended && $0.phase != .cancelled }.map(\.id))
        if !spec.isMultipleTouchEnabled, direct.count > 1 {
            fail("multiple touch", "\(name) (isMultipleTouchEnabled false) got touchesBegan with \(direct.count) of its own touches")
        }
        for touch in direct {
            for (other, otherView) in openDirect where other != touch.id && downNow.contains(other) {
                if otherView == name, !spec.isMultipleTouchEnabled, !direct.contains(where: { $0.id == other }) {
                    fail("multiple touch", "\(name) (isMultipleTouchEnabled false) got touch \(touch.id) while touch \(other) is down in it")
                }
                if otherView != name, spec.isExclusiveTouch || viewSpecs[otherView]?.isExclusiveTouch == true {
                    fail("exclusive touch", "\(name) got touch \(touch.id) while touch \(other) is down in \(otherView) (one of them isExclusiveTouch)")
                }
            }
        }
    }

    /// `event.allTouches` holds the delivered touches (they belong to the event, UIKit's documented
    /// contract) and otherwise exactly one touch per live pointer of the current dispatch (or, for
    /// phases released later by a timer or an app call, of the last dispatch). Touches delivered in
    /// the call may go beyond those: a withheld phase released after its finger lifted.
    private mutating func checkAllTouches(_ all: [TouchInfo]?, delivered: [TouchInfo], to what: String) {
        guard let all else { return fail("allTouches", "\(what): event is nil") }
        let ids = Set(all.map(\.id))
        if let missing = delivered.first(where: { !ids.contains($0.id) }) {
            fail("allTouches", "\(what): delivered touch \(missing.id) is not in event.allTouches \(all)")
        }
        let deliveredIDs = Set(delivered.map(\.id))
        let others = all.filter { !deliveredIDs.contains($0.id) }.map(\.pointer)
        if Set(others).count != others.count { fail("allTouches", "\(what): two touches of one pointer in \(all)") }
        let matches: (Int) -> Bool = { k in
            let snapshot = Set(self.allowedSnapshots[k])
            let covered = Set(all.map(\.pointer))
            return Set(others).isSubset(of: snapshot) && snapshot.isSubset(of: covered)
        }
        if let k = allowedSnapshots.indices.dropFirst(snapshotCursor).first(where: matches) {
            snapshotCursor = k
        } else {
            fail("allTouches", "\(what): event.allTouches is \(all); the live pointers are \(allowedSnapshots.dropFirst(snapshotCursor).map { $0 })")
        }
    }

    // MARK: Recording recognizers

    private mutating func visitRecognizer(_ call: RecognizerCall) {
        let id = call.recognizer
        let name = "r\(id)"
        if !call.isEnabled { fail("recognizer delivery", "\(name) (disabled) got \(call.method)") }
        if ![.possible, .began, .changed].contains(call.state) {
            fail("recognizer delivery", "\(name) got \(call.method) in state \(call.state)")
        }
        checkAllTouches(call.all, delivered: call.touches, to: "\(name).\(call.method)")
        for touch in call.touches {
            switch call.method {
            case .touchesBegan:
                if !call.bound { fail("recognizer delivery", "\(name) got touch \(touch.id) whose hit-test view is not its view or a descendant") }
                if touch.phase != .began { fail("recognizer delivery", "\(name).touchesBegan with touch \(touch.id) in phase \(touch.phase)") }
                if seenEver[id, default: []].contains(touch.id) { fail("recognizer delivery", "\(name) got touchesBegan twice for touch \(touch.id)") }
                if denied[id, default: []].contains(touch.id) { fail("recognizer delivery", "\(name) got touch \(touch.id) although its delegate's shouldReceive said false") }
                seenEver[id, default: []].insert(touch.id)
                attempt[id, default: []].insert(touch.id)
                attemptStarted.insert(id)
            default:
                if !attempt[id, default: []].contains(touch.id) || finishedTouches[id, default: []].contains(touch.id) {
                    fail("reset", "\(name) got \(call.method) for touch \(touch.id), which is not a touch of its current attempt (ignored, reset, finished or never began)")
                }
                let expected: UITouch.Phase = switch call.method {
                case .touchesMoved: .moved
                case .touchesEnded: .ended
                default: .cancelled
                }
                if touch.phase != expected { fail("recognizer delivery", "\(name).\(call.method) with touch \(touch.id) in phase \(touch.phase)") }
                if call.method != .touchesMoved { finishedTouches[id, default: []].insert(touch.id) }
            }
        }
    }

    private mutating func visitTransition(_ name: String, _ from: UIGestureRecognizer.State, _ to: UIGestureRecognizer.State, _ reason: String?) {
        let known = states[name] ?? .possible
        if from != known { fail("transitions", "\(name): \(from) → \(to), but its last state was \(known)") }
        let legal: Bool = switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled), (.began, .failed): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled), (.changed, .failed): true
        case (.ended, .possible), (.cancelled, .possible), (.failed, .possible): reason == "reset"
        default: false
        }
        if !legal { fail("transitions", "\(name): illegal transition \(from) → \(to) [\(reason ?? "")]") }
        states[name] = to
        waiting.remove(name)
        guard let id = probedID(name), let spec = recognizerSpecs[id] else { return }
        if spec.kind.isDiscrete, to == .began || to == .changed {
            fail("transitions", "\(name) is discrete (\(spec.kind)) but went \(from) → \(to)")
        }
        if to == .possible, let pending = pendingActions[id], !pending.isEmpty {
            fail("actions", "\(name) reset before its actions \(pending) were sent")
        }
        // A gesture that fails after it began tells its targets (TouchKit's reading, UIGestureRecognizer.isLegal).
        if [.began, .changed, .ended, .cancelled].contains(to) || (to == .failed && [.began, .changed].contains(from)) {
            pendingActions[id, default: []].append(to)
        }
        guard from == .possible, to == .began || to == .ended else { return }
        // A recognizer holding a failure requirement never acts before the other fails (UIKIT-RELATION-REQUIRE-FAILURE).
        for other in requirements[id, default: []].sorted() where enabled[other] == true && other != id {
            let otherName = "r\(other)"
            let otherState = states[otherName] ?? .possible
            if otherState == .possible, !attempt[other, default: []].isEmpty || waiting.contains(otherName) {
                fail("failure requirements", "\(name) went \(from) → \(to) while \(otherName), which it requires to fail, was still undecided")
            } else if [.began, .changed, .ended].contains(otherState) {
                fail("failure requirements", "\(name) went \(from) → \(to) although \(otherName), which it requires to fail, is \(otherState)")
            } else if recognizedDuring[id, default: []].contains(other) {
                fail("failure requirements", "\(name) went \(from) → \(to) although \(otherName), which it requires to fail, recognized during this attempt")
            }
        }
        for (other, _) in recognizerSpecs where other != id && attemptStarted.contains(other) {
            recognizedDuring[other, default: []].insert(id)
        }
    }

    /// Exclusivity (UIKIT-RELATION-EXCLUSIVE): once the arena has reacted to a recognizer beginning or recognizing,
    /// no other recording recognizer sharing a touch with it is active, unless a delegate allows the
    /// two to recognize simultaneously. (A touch landing later on two gestures already active is
    /// not re-arbitrated, in UIKit either.)
    private mutating func checkExclusivity(of recognized: [Int]) {
        for a in recognized where [.began, .changed, .ended].contains(states["r\(a)"] ?? .possible) {
            for (b, _) in recognizerSpecs.sorted(by: { $0.key < $1.key }) where b != a {
                guard states["r\(b)"] == .began || states["r\(b)"] == .changed else { continue }
                let shared = attempt[a, default: []].intersection(attempt[b, default: []])
                guard !shared.isEmpty else { continue }
                let allowed = recognizerSpecs[a]?.delegate?.simultaneousWith.contains(b) == true
                    || recognizerSpecs[b]?.delegate?.simultaneousWith.contains(a) == true
                if !allowed {
                    fail("exclusivity", "r\(a) recognized (\(states["r\(a)"]!)) while r\(b) is active; they share touches \(shared.sorted()) and no delegate allows simultaneous recognition")
                }
            }
        }
    }

    private mutating func checkExclusivityAtEndOfStep() {
        defer { beganThisStep = [:] }
        for (a, touches) in beganThisStep.sorted(by: { $0.key < $1.key }) where states["r\(a)"] == .began || states["r\(a)"] == .changed {
            for (b, _) in recognizerSpecs.sorted(by: { $0.key < $1.key }) where b != a {
                guard states["r\(b)"] == .began || states["r\(b)"] == .changed else { continue }
                let shared = touches.intersection(attempt[b, default: []])
                guard !shared.isEmpty else { continue }
                let allowed = recognizerSpecs[a]?.delegate?.simultaneousWith.contains(b) == true
                    || recognizerSpecs[b]?.delegate?.simultaneousWith.contains(a) == true
                if !allowed {
                    fail("exclusivity", "r\(a) began with touches \(touches.sorted()) and r\(b) is active with \(shared.sorted()) of them; no delegate allows simultaneous recognition")
                }
            }
        }
    }

    // MARK: Hit-testing oracle (UIKIT-HIT-SKIPPED-VIEWS, UIKIT-HIT-FRONT-FIRST), written from the rules, not from the engine

    static let windowID = -1

    /// The path from the window to the view that the hit-testing rules say is hit, or nil when the point is too
    /// close to an edge for floating-point rounding to be irrelevant.
    private func expectedHitPath(at point: CGPoint) -> [String]? {
        var ambiguous = false
        let window = PropertyCase.ViewSpec(id: Self.windowID, parent: nil, frame: CGRect(origin: .zero, size: testCase.windowSize))
        let path = hit(window, pointInParent: point, ambiguous: &ambiguous)
        return ambiguous ? nil : (path ?? [])
    }

    private func hit(_ view: PropertyCase.ViewSpec, pointInParent point: CGPoint, ambiguous: inout Bool) -> [String]? {
        guard !view.isHidden, view.isUserInteractionEnabled, view.alpha >= 0.01 else { return nil }
        let size = view.frame.size
        let offset = Self.intoView(view.transform, Double(point.x - view.frame.midX), Double(point.y - view.frame.midY))
        let local = CGPoint(x: CGFloat(offset.x) + size.width / 2, y: CGFloat(offset.y) + size.height / 2)
        let margin: CGFloat = 1e-6
        if abs(local.x) < margin || abs(local.y) < margin || abs(local.x - size.width) < margin || abs(local.y - size.height) < margin {
            ambiguous = true
        }
        guard CGRect(origin: .zero, size: size).contains(local) else { return nil }
        let name = view.id == Self.windowID ? "W" : "v\(view.id)"
        for child in (children[view.id] ?? []).reversed() {
            guard let spec = testCase.views.first(where: { $0.id == child }) else { continue }
            if let path = hit(spec, pointInParent: local, ambiguous: &ambiguous) { return [name] + path }
        }
        return [name]
    }

    /// A point relative to a view's centre, in its superview's axes, taken into the view's own axes: the spec's
    /// scale, then rotation, then translation (UIView.transform about the centre) undone step by step with
    /// plain trigonometry — not TouchKit's CGAffineTransform, which the engine itself uses. A transform that
    /// cannot be undone (a zero scale) is applied as it is, CoreGraphics' rule for inverting a singular matrix.
    private static func intoView(_ spec: PropertyCase.TransformSpec, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let (sx, sy, angle) = (Double(spec.scaleX), Double(spec.scaleY), Double(spec.angle))
        let (cosine, sine) = (Foundation.cos(angle), Foundation.sin(angle))
        guard sx != 0, sy != 0 else {
            let (scaledX, scaledY) = (sx * x, sy * y)
            return (cosine * scaledX - sine * scaledY + Double(spec.tx), sine * scaledX + cosine * scaledY + Double(spec.ty))
        }
        let (movedX, movedY) = (x - Double(spec.tx), y - Double(spec.ty))
        return ((cosine * movedX + sine * movedY) / sx, (-sine * movedX + cosine * movedY) / sy)
    }

    // MARK: The end

    private mutating func visitSettlement(_ settlement: Settlement) {
        if settlement.liveTouches != 0 { fail("settle", "\(settlement.liveTouches) touches still down after every finger lifted") }
        if let deadline = settlement.deadline { fail("settle", "a timer is still pending at \(deadline)") }
        for (name, state) in settlement.states.sorted(by: { $0.key < $1.key }) where state != .possible {
            fail("settle", "\(name) is \(state) once every finger is up and every timer fired (expected possible)")
        }
        for (responder, touches) in logOpen.sorted(by: { $0.key < $1.key }) {
            for (touch, method) in touches.sorted(by: { $0.key < $1.key }) where method == .touchesBegan || method == .touchesMoved {
                fail("balance", "\(responder) got touchesBegan for touch \(touch) but never touchesEnded or touchesCancelled (log)")
            }
        }
        for (view, touches) in viewOpen.sorted(by: { $0.key < $1.key }) {
            for (touch, method) in touches.sorted(by: { $0.key < $1.key }) where method == .touchesBegan || method == .touchesMoved {
                fail("balance", "v\(view) got touchesBegan for touch \(touch) but never touchesEnded or touchesCancelled (view override)")
            }
        }
        for (id, touches) in attempt.sorted(by: { $0.key < $1.key }) where !touches.isEmpty {
            fail("settle", "r\(id) still tracks touches \(touches.sorted()) without having reset")
        }
        for (id, pending) in pendingActions.sorted(by: { $0.key < $1.key }) where !pending.isEmpty {
            fail("actions", "r\(id) never sent actions for \(pending)")
        }
    }
}
