import Foundation
@testable import TouchBridgeScenes
import TouchKit

/// A window area a phone gives a scene: the viewport and its safe-area insets.
struct PhoneArea: CustomStringConvertible, Sendable {
    let name: String
    let size: CGSize
    let insets: UIEdgeInsets

    var description: String { "\(name) \(Int(size.width))×\(Int(size.height))" }

    private static let notchPortrait = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    private static let notchLandscape = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
    private static let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    private static let notchTopOnly = UIEdgeInsets(top: 47, left: 0, bottom: 0, right: 0)
    private static let notchLeftOnly = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 0)

    /// Every phone area of issue 24: portrait phones from the first SE to the Pro Max, an SE with a tab bar, both
    /// landscape phones (with the notch's insets even on the small one, the stricter case), the inspector
    /// sheet's peek and half detents, which leave the top of the screen to the scene (no bottom inset), and the
    /// landscape page's areas beside its 44 pt rail and beside its open 240 pt side panel (which take the right
    /// edge and its inset).
    static let all: [PhoneArea] = [
        PhoneArea(name: "SE", size: CGSize(width: 320, height: 568), insets: statusBar),
        PhoneArea(name: "SE with tab bar", size: CGSize(width: 320, height: 524), insets: statusBar),
        PhoneArea(name: "SE peek", size: CGSize(width: 320, height: 418), insets: statusBar),
        PhoneArea(name: "SE half", size: CGSize(width: 320, height: 284), insets: statusBar),
        PhoneArea(name: "8", size: CGSize(width: 375, height: 667), insets: statusBar),
        PhoneArea(name: "SE 2 with tab bar", size: CGSize(width: 375, height: 623), insets: statusBar),
        PhoneArea(name: "14", size: CGSize(width: 390, height: 844), insets: notchPortrait),
        PhoneArea(name: "14 peek", size: CGSize(width: 390, height: 694), insets: notchTopOnly),
        PhoneArea(name: "14 half", size: CGSize(width: 390, height: 422), insets: notchTopOnly),
        PhoneArea(name: "Pro Max", size: CGSize(width: 430, height: 932), insets: notchPortrait),
        PhoneArea(name: "8 peek", size: CGSize(width: 375, height: 517), insets: statusBar),
        PhoneArea(name: "8 half", size: CGSize(width: 375, height: 334), insets: statusBar),
        PhoneArea(name: "Pro Max half", size: CGSize(width: 430, height: 466), insets: notchTopOnly),
        PhoneArea(name: "14 landscape", size: CGSize(width: 844, height: 390), insets: notchLandscape),
        PhoneArea(name: "14 landscape beside the rail", size: CGSize(width: 753, height: 390), insets: notchLeftOnly),
        PhoneArea(name: "14 landscape beside the panel", size: CGSize(width: 540, height: 390), insets: notchLeftOnly),
        PhoneArea(name: "SE landscape", size: CGSize(width: 568, height: 320), insets: notchLandscape),
        PhoneArea(name: "SE landscape beside the rail", size: CGSize(width: 524, height: 320), insets: .zero),
        PhoneArea(name: "SE landscape beside the panel", size: CGSize(width: 328, height: 320), insets: .zero),
    ]
}

/// A scene under audit: its name and a factory for fresh controllers.
struct AuditedScene: CustomStringConvertible, Sendable {
    let name: String
    let make: @Sendable () -> UIViewController

    var description: String { name }

    static let scenesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config/scenes")

    /// Every registered scene: the built-in Swift scenes and every declarative file in `config/scenes`.
    static let all: [AuditedScene] = {
        let swift = SceneLibrary.all.map { AuditedScene(name: $0.name, make: $0.make) }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        let declarative = files.compactMap { file -> AuditedScene? in
            guard let data = try? Data(contentsOf: scenesDirectory.appendingPathComponent(file)),
                  let spec = try? SceneSpec.parse(data) else { return nil }
            return AuditedScene(name: spec.name) { DeclarativeSceneViewController(spec: spec) }
        }
        return swift + declarative
    }()
}

/// A scene hosted the way the server hosts one (`SceneCatalog` and `SharedSession`): a window of the
/// viewport's size, the controller as its root, then `transition(to:safeAreaInsets:)` and a turn that lays out.
final class HostedScene {
    let application = UIApplication()
    let window: UIWindow

    init(_ scene: AuditedScene, in area: PhoneArea) {
        window = UIWindow(application: application, frame: CGRect(origin: .zero, size: area.size))
        window.accessibilityIdentifier = "window"
        let root = scene.make()
        if root.view.accessibilityIdentifier == nil { root.view.accessibilityIdentifier = "root" }
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = application.launch()
        resize(to: area)
    }

    /// The window takes `area`'s size and insets, as when the user rotates or the inspector sheet moves.
    func resize(to area: PhoneArea) {
        window.transition(to: area.size, safeAreaInsets: area.insets)
        try? application.advance(to: application.currentTime)
    }

    /// A one-finger tap at `point` (window points), down at `ms` and up 80 ms later, through the digitizer.
    func tap(at point: CGPoint, ms: Double) throws {
        for (phase, at) in [(PointerChange.Phase.down, ms), (.up, ms + 80)] {
            try application.digitizer.process([PointerChange(pointerID: 1, phase: phase, location: point, timestamp: at / 1000)])
        }
    }

    /// Every visible view's frame in window points, by its path of identifiers: what a fresh load at the same
    /// area must reproduce exactly.
    func layout() -> [String: CGRect] {
        var frames: [String: CGRect] = [:]
        for (path, view) in visibleViews() { frames[path] = view.convert(view.bounds, to: nil) }
        return frames
    }

    /// Visible views (not hidden, not transparent, inside visible ancestors) below the root view, by path.
    func visibleViews() -> [(String, UIView)] {
        guard let root = window.rootViewController?.view else { return [] }
        var found: [(String, UIView)] = []
        func walk(_ view: UIView, _ path: String) {
            for (index, child) in view.subviews.enumerated() where !child.isHidden && child.alpha >= 0.01 {
                let childPath = path + "/" + (child.accessibilityIdentifier ?? "\(type(of: child))#\(index)")
                found.append((childPath, child))
                walk(child, childPath)
            }
        }
        walk(root, "root")
        return found
    }
}

/// What a person on a phone checks (issue 24), read from the live view tree: every interactive view and every
/// label with text inside the safe area (scroll-view content within the scrollable content instead), every other
/// view inside the window; interactive views at least 44 pt both ways (31 pt high for switches and sliders, 32 for
/// segmented controls and steppers, as on iOS) and not overlapping one another (a view wholly on top of a larger one is fine) nor a label's text; every
/// label and button title whole (`TextMetrics`).
enum PhoneLayoutAudit {
    static let tolerance: CGFloat = 0.5
    static let minimumTarget: CGFloat = 44
    static let minimumSwitchOrSliderHeight: CGFloat = 31

    /// Controls, scroll views, views with recognizers, and views of the scenes' own classes that handle
    /// touches (every one of them does, except a declarative plain view that forwards them).
    static func isInteractive(_ view: UIView) -> Bool {
        guard view.isUserInteractionEnabled else { return false }
        if view is UIControl || view is UIScrollView || !(view.gestureRecognizers ?? []).isEmpty { return true }
        if let sceneView = view as? SceneView { return sceneView.handlesTouches }
        return !String(reflecting: type(of: view)).hasPrefix("TouchKit.")
    }

    /// The nearest scroll view around `view`, if any (its content scrolls into view).
    static func scroller(of view: UIView) -> UIScrollView? {
        var current = view.superview
        while let candidate = current {
            if let scroll = candidate as? UIScrollView { return scroll }
            current = candidate.superview
        }
        return nil
    }

    /// The problems of `scene` as laid out now; empty when a person would find nothing wrong.
    static func problems(in scene: HostedScene) -> [String] {
        let window = scene.window
        let safe = window.bounds.inset(by: window.safeAreaInsets).insetBy(dx: -tolerance, dy: -tolerance)
        let views = scene.visibleViews()
        var problems: [String] = []
        let interactive = views.filter { isInteractive($0.1) }
        for (path, view) in interactive {
            let frame = view.convert(view.bounds, to: nil)
            if let scroll = scroller(of: view) {
                let content = CGRect(origin: .zero, size: CGSize(width: max(scroll.contentSize.width, scroll.bounds.width),
                                                                 height: max(scroll.contentSize.height, scroll.bounds.height)))
                let inContent = view.convert(view.bounds, to: scroll)
                if !content.insetBy(dx: -tolerance, dy: -tolerance).contains(inContent) {
                    problems.append("\(path) \(describe(inContent)) is outside its scroll view's content \(describe(content))")
                }
            } else if !safe.contains(frame) {
                problems.append("\(path) \(describe(frame)) is outside the safe area \(describe(safe.insetBy(dx: tolerance, dy: tolerance)))")
            }
            let isFixedHeight = view is UISwitch || view is UISlider || view is UISegmentedControl || view is UIStepper
            let minimumHeight = isFixedHeight ? minimumSwitchOrSliderHeight : minimumTarget
            if view.bounds.width < minimumTarget - tolerance || view.bounds.height < minimumHeight - tolerance {
                problems.append("\(path) is \(Int(view.bounds.width))×\(Int(view.bounds.height)) pt, under \(Int(minimumTarget))×\(Int(minimumHeight))")
            }
        }
        for (index, (path, view)) in interactive.enumerated() {
            for (otherPath, other) in interactive[(index + 1)...] where !view.isDescendant(of: other) && !other.isDescendant(of: view) {
                guard scroller(of: view) === scroller(of: other) else { continue }
                let back = view.convert(view.bounds, to: nil), front = other.convert(other.bounds, to: nil)
                // A view wholly on top of a larger one (a ring on its backdrop) hides nothing of itself; the
                // one behind is still reachable around it.
                if back.insetBy(dx: -tolerance, dy: -tolerance).contains(front) { continue }
                let overlap = back.intersection(front)
                if !overlap.isNull && overlap.width > tolerance && overlap.height > tolerance {
                    problems.append("\(path) and \(otherPath) overlap by \(Int(overlap.width))×\(Int(overlap.height)) pt")
                }
            }
        }
        let texts = views.filter { !isInteractive($0.1) && !(($0.1 as? UILabel)?.text ?? "").isEmpty }
        for (path, view) in interactive {
            for (labelPath, label) in texts where !view.isDescendant(of: label) && !label.isDescendant(of: view)
                && scroller(of: view) === scroller(of: label) {
                let overlap = view.convert(view.bounds, to: nil).intersection(label.convert(label.bounds, to: nil))
                if !overlap.isNull && overlap.width > tolerance && overlap.height > tolerance {
                    problems.append("\(path) and the text of \(labelPath) overlap by \(Int(overlap.width))×\(Int(overlap.height)) pt")
                }
            }
        }
        for (path, view) in views where !isInteractive(view) && scroller(of: view) == nil {
            let frame = view.convert(view.bounds, to: nil)
            let hasText = !((view as? UILabel)?.text ?? "").isEmpty
            if hasText && !safe.contains(frame) {
                problems.append("\(path)'s text \(describe(frame)) is outside the safe area \(describe(safe.insetBy(dx: tolerance, dy: tolerance)))")
            } else if !window.bounds.insetBy(dx: -tolerance, dy: -tolerance).contains(frame) {
                problems.append("\(path) \(describe(frame)) is outside the window")
            }
        }
        return problems + textProblems(in: scene)
    }

    /// Labels whose text, and buttons whose titles, do not show whole.
    static func textProblems(in scene: HostedScene) -> [String] {
        var problems: [String] = []
        for (path, view) in scene.visibleViews() {
            if let label = view as? UILabel, let text = label.text, !text.isEmpty,
               !TextMetrics.fits(text, in: label.font, size: label.bounds.size) {
                let needed = TextMetrics.size(of: text, in: label.font, width: label.bounds.width)
                problems.append("\(path) cuts \"\(text)\": needs \(Int(needed.width.rounded(.up)))×\(Int(needed.height.rounded(.up))), has \(Int(label.bounds.width))×\(Int(label.bounds.height))")
            }
            if let button = view as? UIButton, let title = button.currentTitle, !title.isEmpty {
                let font = UIFont.systemFont(ofSize: 17)
                let width = TextMetrics.width(of: title, in: font) + 2 * buttonTitlePadding
                if width > button.bounds.width + tolerance || font.pointSize * TextMetrics.lineHeight > button.bounds.height + tolerance {
                    problems.append("\(path) squeezes \"\(title)\": needs \(Int(width.rounded(.up))) pt, has \(Int(button.bounds.width))×\(Int(button.bounds.height))")
                }
            }
        }
        return problems
    }

    /// Space a button's title keeps from each side (the page draws titles centred, squeezed to the width).
    static let buttonTitlePadding: CGFloat = 8

    /// The frames that differ between two layouts of the same area, for a readable failure.
    static func differences(_ resized: [String: CGRect], _ fresh: [String: CGRect]) -> [String] {
        var found: [String] = []
        for path in Set(resized.keys).union(fresh.keys).sorted() {
            switch (resized[path], fresh[path]) {
            case let (left?, right?):
                let far = abs(left.minX - right.minX) > tolerance || abs(left.minY - right.minY) > tolerance
                    || abs(left.width - right.width) > tolerance || abs(left.height - right.height) > tolerance
                if far { found.append("\(path): \(describe(left)) after resizing, \(describe(right)) fresh") }
            case (nil, _?): found.append("\(path): hidden after resizing, shown fresh")
            case (_?, nil): found.append("\(path): shown after resizing, hidden fresh")
            case (nil, nil): break
            }
        }
        return found
    }

    static func describe(_ rect: CGRect) -> String {
        func number(_ value: CGFloat) -> String { value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value) }
        return "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width))×\(number(rect.height)))"
    }
}
