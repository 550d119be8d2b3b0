import ArgumentParser
import TouchBridgeScenes
import TouchKit

/// Plays a scripted gesture on a scene headlessly and prints the engine's event log.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a scripted gesture on a scene and print the event log.",
        discussion: "Gestures: tap, double-tap, drag, long-press, pinch. Scenes: "
            + SceneLibrary.all.map(\.name).joined(separator: ", ") + "."
    )

    @Option(help: "The scene to open.")
    var scene = "single-double-tap"

    @Option(help: "The gesture to play: tap, double-tap, drag, long-press or pinch.")
    var gesture = "double-tap"

    @OptionGroup var diagnostics: DiagnosticsOption

    func run() throws {
        guard let descriptor = SceneLibrary.descriptor(named: scene) else {
            throw ValidationError("unknown scene '\(scene)'; scenes: \(SceneLibrary.all.map(\.name).joined(separator: ", "))")
        }
        guard let script = DemoScript(rawValue: gesture) else {
            throw ValidationError("unknown gesture '\(gesture)'; gestures: \(DemoScript.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let application = UIApplication()
        let window = UIWindow(application: application, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.accessibilityIdentifier = "window"
        window.rootViewController = descriptor.make()
        window.makeKeyAndVisible()
        _ = application.drainTrace()
        print("# \(descriptor.title): \(descriptor.summary)")
        print("# gesture: \(script.rawValue)")
        for step in script.frames {
            if step.changes.isEmpty {
                try application.advance(to: step.time)
            } else {
                try application.digitizer.process(step.changes)
            }
            for event in application.drainTrace() where diagnostics.isOn || !event.isDiagnostic {
                print(String(format: "%6.0f ms  ", step.time * 1000) + event.notation)
            }
        }
    }
}

/// A few scripted gestures around the middle of a 400×800 window.
enum DemoScript: String, CaseIterable {
    case tap, doubleTap = "double-tap", drag, longPress = "long-press", pinch

    struct Step {
        var time: Double
        var changes: [PointerChange]
    }

    var frames: [Step] {
        func step(_ ms: Double, _ changes: (PointerChange.Phase, Int, Double, Double)...) -> Step {
            Step(time: ms / 1000, changes: changes.map {
                PointerChange(pointerID: $0.1, phase: $0.0, location: CGPoint(x: $0.2, y: $0.3), timestamp: ms / 1000)
            })
        }
        switch self {
        case .tap:
            return [step(0, (.down, 1, 100, 400)), step(80, (.up, 1, 100, 400)), step(600)]
        case .doubleTap:
            return [step(0, (.down, 1, 100, 400)), step(80, (.up, 1, 100, 400)),
                    step(200, (.down, 2, 100, 400)), step(280, (.up, 2, 100, 400)), step(800)]
        case .drag:
            return [step(0, (.down, 1, 200, 400))] + (1...8).map { step(Double($0) * 16, (.move, 1, 200 + Double($0) * 10, 400)) }
                + [step(160, (.up, 1, 280, 400)), step(700)]
        case .longPress:
            return [step(0, (.down, 1, 200, 400)), step(600), step(700, (.move, 1, 240, 400)), step(800, (.up, 1, 240, 400))]
        case .pinch:
            return [step(0, (.down, 1, 150, 400), (.down, 2, 250, 400))]
                + (1...6).map { step(Double($0) * 16, (.move, 1, 150 - Double($0) * 8, 400), (.move, 2, 250 + Double($0) * 8, 400)) }
                + [step(120, (.up, 1, 102, 400), (.up, 2, 298, 400))]
        }
    }
}
