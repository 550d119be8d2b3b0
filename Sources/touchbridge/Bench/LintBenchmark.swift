import ArgumentParser
import Foundation
import TouchBridge
import TouchBridgeScenes
import TouchKit

/// `bench lint`: the time of one lint pass on every built-in scene (issue target: under 1 ms each).
struct LintBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Microseconds per lint pass on every built-in scene and declarative scene of --scenes.",
        discussion: """
            Builds each scene once, lints it --warm-up times, then times --repetitions passes one by one and \
            prints the median and the slowest, with the number of recognizers, views and lints found. The \
            pass is the one `welcome` and every `act` pay.
            """
    )

    @Option(help: "Timed passes per scene.")
    var repetitions = 200

    @Option(help: "Untimed passes first.")
    var warmUp = 20

    @Option(help: "Declarative scenes to include (a missing directory adds none).")
    var scenes = "config/scenes"

    func run() throws {
        print("scene".padding(toLength: 34, withPad: " ", startingAt: 0) + "recognizers  views  lints   median µs   max µs")
        for (path, window) in try LintCommand.registeredSceneWindows(scenesDirectory: scenes) {
            let result = LintTiming.measure(window, warmUp: warmUp, repetitions: repetitions)
            let name = URL(fileURLWithPath: path).lastPathComponent
            print(Self.row(name, result))
        }
        let bound = LintTiming.measure(LintTiming.sceneAtTheBounds(), warmUp: 2, repetitions: max(repetitions / 20, 3))
        print(Self.row("at the bounds (synthetic)", bound))
    }

    static func row(_ name: String, _ result: LintTiming) -> String {
        name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(format: "%11d %6d %6d %11.1f %8.1f", result.recognizers, result.views, result.lints, result.median * 1e6, result.maximum * 1e6)
    }
}

extension LintTiming {
    /// The costliest scene a client can make (docs/protocol.md §4.11's bounds): 500 views — 20 columns of 24 —
    /// and 200 recognizers on them, taps of one and two taps in failure chains, pans, long presses that delay
    /// touches, pinches and rotations, over plain controls and views that take touches.
    static func sceneAtTheBounds() -> UIWindow {
        let controller = UIViewController()
        let window = SceneLinting.window(showing: controller)
        let root = controller.view!
        var views: [UIView] = []
        for column in 0..<20 {
            let container = UIView(frame: CGRect(x: CGFloat(column) * 19, y: 0, width: 19, height: 800))
            root.addSubview(container)
            views.append(container)
            for row in 0..<24 {
                let child = row.isMultiple(of: 3) ? UIControl(frame: .zero) : UIView(frame: .zero)
                child.frame = CGRect(x: 0, y: CGFloat(row) * 33, width: 19, height: 33)
                container.addSubview(child)
                views.append(child)
            }
        }
        var previousDouble: UITapGestureRecognizer?
        for index in 0..<200 {
            let recognizer: UIGestureRecognizer
            switch index % 6 {
            case 0:
                let tap = UITapGestureRecognizer()
                if let previousDouble { tap.require(toFail: previousDouble) }
                recognizer = tap
            case 1:
                let double = UITapGestureRecognizer()
                double.numberOfTapsRequired = 2
                previousDouble = double
                recognizer = double
            case 2: recognizer = UIPanGestureRecognizer()
            case 3:
                let press = UILongPressGestureRecognizer()
                press.delaysTouchesBegan = true
                recognizer = press
            case 4: recognizer = UIPinchGestureRecognizer()
            default: recognizer = UIRotationGestureRecognizer()
            }
            recognizer.addHandler { _ in }
            views[(index * 7) % views.count].addGestureRecognizer(recognizer)
        }
        return window
    }
}

/// One scene's lint timing.
struct LintTiming {
    var recognizers: Int
    var views: Int
    var lints: Int
    /// Seconds.
    var median: Double
    /// Seconds.
    var maximum: Double

    static func measure(_ window: UIWindow, warmUp: Int, repetitions: Int) -> LintTiming {
        var lints = 0
        for _ in 0..<max(warmUp, 0) { lints = SceneLinting.lints(of: window).count }
        var samples: [Double] = []
        samples.reserveCapacity(max(repetitions, 1))
        for _ in 0..<max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            lints = SceneLinting.lints(of: window).count
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        samples.sort()
        var views = 0
        var recognizers = 0
        var stack: [UIView] = [window]
        while let view = stack.popLast() {
            views += 1
            recognizers += view.gestureRecognizers?.count ?? 0
            stack += view.subviews
        }
        return LintTiming(recognizers: recognizers, views: views, lints: lints, median: samples[samples.count / 2], maximum: samples.last ?? 0)
    }
}
