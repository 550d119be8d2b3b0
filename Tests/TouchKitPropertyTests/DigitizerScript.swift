import SeededRandom
import Foundation
import TouchKit

/// A random script of pointer input for the digitizer property (`DigitizerPropertyTests`): frames of
/// valid changes and pauses, on a window with two side-by-side views A and B above a bare strip.
struct DigitizerScript {
    enum Step: CustomStringConvertible {
        case frame([PointerChange])
        case advance(to: TimeInterval)

        var description: String {
            switch self {
            case .advance(let time): return "advance to \(time)"
            case .frame(let changes):
                return "frame " + changes.map { "p\($0.pointerID) \($0.phase) (\($0.location.x), \($0.location.y)) t \($0.timestamp)"
                    + ($0.pressure.map { " pressure \($0)" } ?? "") }.joined(separator: ", ")
            }
        }
    }

    var seed: UInt64
    var steps: [Step]

    static let window = CGSize(width: 400, height: 800)
    static let views: [(name: String, frame: CGRect)] = [
        ("A", CGRect(x: 0, y: 0, width: 200, height: 600)), ("B", CGRect(x: 200, y: 0, width: 200, height: 600)),
    ]

    /// The view a point lands on (the window's name below the views). Generated points are never on an edge.
    static func viewAt(_ point: CGPoint) -> String? {
        guard point.x >= 0, point.y >= 0, point.x < window.width, point.y < window.height else { return nil }
        return views.first { $0.frame.contains(point) }?.name ?? "W"
    }

    /// Where fingers land: near A and B's common edge (so a series may cross it), inside each, and on the window.
    private static let anchors = [CGPoint(x: 180, y: 300), CGPoint(x: 220, y: 300), CGPoint(x: 90, y: 120), CGPoint(x: 310, y: 480), CGPoint(x: 200, y: 700)]
    /// Frame gaps in ms: a frame, a slow frame, and around the 350 ms tap interval and the 750 ms tap duration.
    private static let gaps: [Double] = [0, 1, 8, 16, 16, 33, 100, 120, 200, 349, 350, 351, 400, 740, 760]

    static func generate(seed: UInt64) -> DigitizerScript {
        var random = SplitMix64(seed: seed)
        var down: [Int: CGPoint] = [:]
        var now = 0.0
        var steps: [Step] = []
        for _ in 0..<random.int(4...28) {
            now += random.pick(gaps) / 1000
            if random.chance(0.15) {
                steps.append(.advance(to: now))
                continue
            }
            let start = steps.isEmpty ? 0 : lastTime(steps)
            var changes: [PointerChange] = []
            for _ in 0..<random.weighted([0, 5, 3, 2, 2, 1, 1]) {
                let finger = random.int(0...3)
                let time = random.pick([now, now, start + (now - start) * random.unit(), start])
                let pressure = CGFloat(random.int(0...8)) / 8
                if let location = down[finger] {
                    switch random.weighted([6, 4, 1]) {
                    case 0:
                        let moved = CGPoint(x: clamp(location.x + CGFloat(random.int(-30...30)), 0.5, 399.5),
                                            y: clamp(location.y + CGFloat(random.int(-30...30)), 0.5, 799.5))
                        down[finger] = moved
                        changes.append(PointerChange(pointerID: pointer(finger), phase: .move, location: moved, timestamp: time, pressure: pressure))
                    case 1:
                        let lifted = random.chance(0.7) ? location : CGPoint(x: clamp(location.x + CGFloat(random.int(-50...50)), 0.5, 399.5), y: location.y)
                        down[finger] = nil
                        changes.append(PointerChange(pointerID: pointer(finger), phase: .up, location: lifted, timestamp: time))
                    default:
                        down[finger] = nil
                        changes.append(PointerChange(pointerID: pointer(finger), phase: .cancel, location: location, timestamp: time))
                    }
                } else {
                    let anchor = random.pick(anchors)
                    let location = CGPoint(x: anchor.x + CGFloat(random.int(-60...59)) + 0.5, y: anchor.y + CGFloat(random.int(-60...59)) + 0.5)
                    down[finger] = location
                    changes.append(PointerChange(pointerID: pointer(finger), phase: .down, location: location, timestamp: time, pressure: pressure))
                }
            }
            if !changes.isEmpty { steps.append(.frame(changes)) }
        }
        now += 0.016
        let lifts = down.keys.sorted().map { PointerChange(pointerID: pointer($0), phase: .up, location: down[$0]!, timestamp: now) }
        if !lifts.isEmpty { steps.append(.frame(lifts)) }
        return DigitizerScript(seed: seed, steps: steps)
    }

    private static func pointer(_ finger: Int) -> Int { 3 + finger * 5 }

    private static func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat { min(max(value, low), high) }

    /// The latest time a step reached (frames never go back in time).
    private static func lastTime(_ steps: [Step]) -> TimeInterval {
        steps.reduce(0) { latest, step in
            switch step {
            case .advance(let time): return max(latest, time)
            case .frame(let changes): return max(latest, changes.map(\.timestamp).max() ?? 0)
            }
        }
    }

    /// Runs the script on a fresh application and compares every event with the oracle's; nil when all agree.
    static func firstMismatch(_ script: DigitizerScript) -> String? {
        var coverage = DigitizerCoverage()
        return firstMismatch(script, coverage: &coverage)
    }

    static func firstMismatch(_ script: DigitizerScript, coverage: inout DigitizerCoverage) -> String? {
        let app = UIApplication()
        let window = ObservingWindow(application: app, frame: CGRect(origin: .zero, size: Self.window))
        window.accessibilityIdentifier = "W"
        window.makeKeyAndVisible()
        for (name, frame) in views {
            let view = UIView(frame: frame)
            view.accessibilityIdentifier = name
            window.addSubview(view)
        }
        var oracle = DigitizerOracle(viewAt: viewAt)
        for (index, step) in script.steps.enumerated() {
            window.seen = []
            switch step {
            case .advance(let time):
                do { try app.advance(to: time) } catch { return "step \(index): advance threw \(error)" }
                oracle.advance(to: time)
            case .frame(let changes):
                do { try app.digitizer.process(changes) } catch { return "step \(index): a valid frame was refused: \(error)" }
                let expected = oracle.expect(changes)
                coverage.count(expected)
                if let mismatch = compare(expected, window.seen, landings: &window.landings) {
                    return "step \(index) (\(step)): \(mismatch)"
                }
            }
        }
        return nil
    }

    /// Compares dispatch by dispatch; a touch's identifier stands for the landing the oracle gave it when
    /// it began, so one touch per landing is checked too.
    private static func compare(_ expected: [DigitizerOracle.Dispatch], _ seen: [DigitizerOracle.Dispatch], landings: inout [Int: Int]) -> String? {
        guard expected.count == seen.count else {
            return "\(expected.count) dispatches expected, \(seen.count) seen:\nexpected \(expected)\nseen     \(seen)"
        }
        for (number, (want, got)) in zip(expected, seen).enumerated() {
            var got = got
            for index in got.touches.indices {
                let identifier = got.touches[index].landing
                if landings[identifier] == nil, got.touches[index].phase == .began,
                   let landing = want.touches.first(where: { $0.pointer == got.touches[index].pointer })?.landing,
                   !landings.values.contains(landing) {
                    landings[identifier] = landing
                }
                got.touches[index].landing = landings[identifier] ?? -identifier
            }
            if want != got { return "dispatch \(number + 1) of \(expected.count):\nexpected \(want)\nseen     \(got)" }
        }
        return nil
    }
}
