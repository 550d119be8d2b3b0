import Foundation
import TouchKit

/// What the touch rules say the digitizer must make of raw pointer input, written from
/// docs/uikit-rules.md and not from `Digitizer.swift`, so that the two can disagree:
///
/// - UIKIT-TOUCH-PHASES (choice): a frame is one dispatch; a pointer whose change cannot merge with
///   the change it already has in the dispatch being built starts the next dispatch; consecutive
///   moves of one pointer merge. A touch changed in a dispatch has the phase of its change; every
///   other live touch is stationary there, with its previous location equal to its location.
/// - UIKIT-EVENT-SEQUENCE: a dispatch's event holds every finger down before it, those landing in it
///   and those lifting in it.
/// - UIKIT-TOUCH-IDENTITY: a pointer keeps one touch from down to up; its previous location is where
///   it was at the dispatch before; its force is twice the latest pressure reported.
/// - UIKIT-TOUCH-COALESCED: a moved touch's samples are its merged moves, oldest first, each with its
///   own location, time and force and the sample before as previous location; the last sample is the
///   touch; any other touch has one sample, itself.
/// - UIKIT-TOUCH-TAP-COUNT and UIKIT-TIME-LIMITS-INCLUSIVE: a landing continues the latest tap series
///   remembered within 45 pt of where it lands, on the view it lands on, whose tap lifted at most
///   0.35 s before; a lift that moved at most 45 pt from its landing and lasted at most 0.75 s is
///   remembered as the next tap of its series, and any lift ends the series remembered within 45 pt of
///   where it lifts. Landings of a dispatch are counted before its lifts are remembered.
/// - The event's time is its latest change's time, never earlier than the engine's clock.
struct DigitizerOracle {
    /// One touch as an event must show it.
    struct ExpectedTouch: Equatable, CustomStringConvertible {
        var pointer: Int
        /// Which landing of the run this touch is (the 1st, 2nd, … finger down): one touch per landing.
        var landing: Int
        var phase: UITouch.Phase
        var location: CGPoint
        var previousLocation: CGPoint
        var timestamp: TimeInterval
        var tapCount: Int
        var force: CGFloat
        /// `coalescedTouches(for:)`: location, previous location, time and force of each sample.
        var samples: [Sample]

        var description: String {
            "p\(pointer)#\(landing) \(phase) at \(show(location)) prev \(show(previousLocation)) t \(timestamp) taps \(tapCount) force \(force) samples \(samples)"
        }
    }

    /// One coalesced sample.
    struct Sample: Equatable, CustomStringConvertible {
        var location: CGPoint
        var previousLocation: CGPoint
        var timestamp: TimeInterval
        var force: CGFloat

        var description: String { "(\(show(location)) prev \(show(previousLocation)) t \(timestamp) f \(force))" }
    }

    /// One event delivery: its time and its touches by pointer.
    struct Dispatch: Equatable, CustomStringConvertible {
        var time: TimeInterval
        var touches: [ExpectedTouch]

        var description: String { "event at \(time): " + touches.map(\.description).joined(separator: "; ") }
    }

    /// The tap-series limits of UIKIT-TOUCH-TAP-COUNT.
    static let tapInterval: TimeInterval = 0.35
    static let tapRadius: CGFloat = 45
    static let tapMovement: CGFloat = 45
    static let tapDuration: TimeInterval = 0.75
    /// UIKIT-TIME-LIMITS-INCLUSIVE: engine times closer than half a microsecond are one instant.
    static let sameInstant: TimeInterval = 0.000_000_5

    /// A finger that is down.
    private struct Finger {
        var landing: Int
        var landedAt: CGPoint
        var landedTime: TimeInterval
        var view: String?
        var tapCount: Int
        var location: CGPoint
        /// The time of its latest change.
        var time: TimeInterval
        var force: CGFloat
    }

    /// A tap that a following landing may continue.
    private struct RememberedTap {
        var at: CGPoint
        var liftTime: TimeInterval
        var count: Int
        var view: String
    }

    /// The view a landing point hits (by name); nil when it hits none.
    let viewAt: (CGPoint) -> String?
    private var fingers: [Int: Finger] = [:]
    private var landings = 0
    private var taps: [RememberedTap] = []
    /// The engine's clock as the oracle knows it.
    private(set) var clock: TimeInterval = 0

    init(viewAt: @escaping (CGPoint) -> String?) {
        self.viewAt = viewAt
    }

    /// The clock moved on without input (`advance(to:)`).
    mutating func advance(to time: TimeInterval) {
        clock = max(clock, time)
    }

    /// The dispatches a frame is split into, as lists of changes: each change joins the dispatch
    /// being built unless its pointer already has a change there that it cannot merge with (only a
    /// move merges, into a move); then the dispatch is complete and the change starts the next.
    static func split(_ frame: [PointerChange]) -> [[PointerChange]] {
        var dispatches: [[PointerChange]] = []
        var building: [PointerChange] = []
        for change in frame {
            let conflicts = building.contains { earlier in
                earlier.pointerID == change.pointerID && !(earlier.phase == .move && change.phase == .move)
            }
            if conflicts {
                dispatches.append(building)
                building = []
            }
            building.append(change)
        }
        if !building.isEmpty { dispatches.append(building) }
        return dispatches
    }

    /// The pointers in each dispatch's event (sorted), for fingers `live` already down before the frame.
    static func eventPointers(of frame: [PointerChange], live: Set<Int>) -> [[Int]] {
        var down = live
        return split(frame).map { changes in
            let inEvent = down.union(changes.filter { $0.phase == .down }.map(\.pointerID))
            down = inEvent.subtracting(changes.filter { $0.phase == .up || $0.phase == .cancel }.map(\.pointerID))
            return inEvent.sorted()
        }
    }

    /// What a valid frame must be delivered as, dispatch by dispatch.
    mutating func expect(_ frame: [PointerChange]) -> [Dispatch] {
        Self.split(frame).map { expectDispatch($0) }
    }

    private mutating func expectDispatch(_ changes: [PointerChange]) -> Dispatch {
        clock = max(clock, changes.map(\.timestamp).max()!)
        var byPointer: [Int: [PointerChange]] = [:]
        for change in changes { byPointer[change.pointerID, default: []].append(change) }
        var touches: [ExpectedTouch] = []
        var lifts: [(landing: Int, finger: Finger, change: PointerChange)] = []
        // Landings first: counted against the taps remembered before this dispatch.
        for change in changes where change.phase == .down {
            landings += 1
            let view = viewAt(change.location)
            let force = Self.force(change.pressure) ?? 0
            let finger = Finger(landing: landings, landedAt: change.location, landedTime: change.timestamp, view: view,
                                tapCount: tapCount(landingAt: change.location, time: change.timestamp, on: view),
                                location: change.location, time: change.timestamp, force: force)
            fingers[change.pointerID] = finger
            touches.append(ExpectedTouch(
                pointer: change.pointerID, landing: finger.landing, phase: .began, location: change.location,
                previousLocation: change.location, timestamp: change.timestamp, tapCount: finger.tapCount, force: force,
                samples: [Sample(location: change.location, previousLocation: change.location, timestamp: change.timestamp, force: force)]))
        }
        for pointer in fingers.keys.sorted() where !touches.contains(where: { $0.pointer == pointer }) {
            var finger = fingers[pointer]!
            guard let own = byPointer[pointer] else {
                touches.append(ExpectedTouch(
                    pointer: pointer, landing: finger.landing, phase: .stationary, location: finger.location,
                    previousLocation: finger.location, timestamp: finger.time, tapCount: finger.tapCount, force: finger.force,
                    samples: []))
                continue
            }
            let before = finger.location
            var samples: [Sample] = []
            var previous = before
            for change in own {
                let force = Self.force(change.pressure) ?? finger.force
                samples.append(Sample(location: change.location, previousLocation: previous, timestamp: change.timestamp, force: force))
                previous = change.location
                finger.force = force
            }
            let last = own.last!
            finger.location = last.location
            finger.time = last.timestamp
            let phase: UITouch.Phase = switch last.phase {
            case .move: .moved
            case .up: .ended
            default: .cancelled
            }
            touches.append(ExpectedTouch(
                pointer: pointer, landing: finger.landing, phase: phase, location: last.location, previousLocation: before,
                timestamp: last.timestamp, tapCount: finger.tapCount, force: finger.force, samples: samples))
            if phase == .moved {
                fingers[pointer] = finger
            } else {
                fingers[pointer] = nil
                if phase == .ended { lifts.append((finger.landing, finger, last)) }
            }
        }
        // Lifts in landing order, after every landing of the dispatch.
        for lift in lifts.sorted(by: { $0.landing < $1.landing }) { remember(lift.finger, lift.change) }
        touches.sort { $0.pointer < $1.pointer }
        return Dispatch(time: clock, touches: touches.map(Self.withOwnSampleIfNeeded))
    }

    /// A touch that did not move in the dispatch has one sample: itself.
    private static func withOwnSampleIfNeeded(_ touch: ExpectedTouch) -> ExpectedTouch {
        guard touch.phase != .moved else { return touch }
        var touch = touch
        touch.samples = [Sample(location: touch.location, previousLocation: touch.previousLocation, timestamp: touch.timestamp, force: touch.force)]
        return touch
    }

    private static func force(_ pressure: CGFloat?) -> CGFloat? {
        pressure.map { min($0 * 2, 20.0 / 3.0) }
    }

    private mutating func tapCount(landingAt point: CGPoint, time: TimeInterval, on view: String?) -> Int {
        taps.removeAll { time - $0.liftTime > Self.tapInterval + Self.sameInstant }
        guard let view else { return 1 }
        let series = taps.last { $0.view == view && distance($0.at, point) <= Self.tapRadius }
        return (series?.count ?? 0) + 1
    }

    private mutating func remember(_ finger: Finger, _ lift: PointerChange) {
        taps.removeAll { distance($0.at, lift.location) <= Self.tapRadius }
        let isTap = distance(finger.landedAt, lift.location) <= Self.tapMovement
            && lift.timestamp - finger.landedTime <= Self.tapDuration + Self.sameInstant
        guard isTap, let view = finger.view else { return }
        taps.append(RememberedTap(at: lift.location, liftTime: lift.timestamp, count: finger.tapCount, view: view))
    }
}

private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

private func show(_ point: CGPoint) -> String { "(\(point.x), \(point.y))" }
