import Foundation
import Testing
import TouchKit

/// A host that keeps every view's render node brings the noted ones up to date in place
/// (`RenderChangeTracker.collect(reviewing:refreshing:)`, issue 25): the refreshed node is the one a
/// new collection would make, and the properties reported are exactly those that changed.
@Suite struct RenderNodeRefreshTests {
    /// A window holding one view of each kind that contributes render properties of its own.
    final class Scene {
        let app = UIApplication()
        let window: UIWindow
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let label = UILabel(frame: CGRect(x: 0, y: 60, width: 100, height: 20))
        let button = UIButton(type: .system)
        let slider = UISlider(frame: CGRect(x: 0, y: 120, width: 200, height: 30))
        let toggle = UISwitch(frame: CGRect(x: 0, y: 160, width: 51, height: 31))
        let stepper = UIStepper(frame: CGRect(x: 0, y: 200, width: 94, height: 29))
        let segments = UISegmentedControl(items: ["a", "b"])
        let image = UIImageView(image: UIImage(named: "photo", size: CGSize(width: 40, height: 30)))
        let tracker: RenderChangeTracker
        /// The host's nodes, by view id.
        var nodes: [Int: RenderNode] = [:]

        init() {
            window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.makeKeyAndVisible()
            label.text = "before"
            button.setTitle("Go", for: .normal)
            for view in [plain, label, button, slider, toggle, stepper, segments, image] { window.addSubview(view) }
            tracker = RenderChangeTracker(application: app)
            for node in tracker.collect().nodes { nodes[node.id] = node }
        }

        /// One step of a host that refreshes its nodes in place: the properties each refreshed view
        /// reported, by view id (views whose nodes did not change report an empty set).
        func step() -> [Int: RenderNode.Properties] {
            var reported: [Int: RenderNode.Properties] = [:]
            let reshaped = tracker.collect { view in
                guard var node = nodes.removeValue(forKey: view.id) else { return }
                reported[view.id] = view.refresh(&node)
                nodes[view.id] = node
            }
            #expect(reshaped == nil, "the tree kept its shape")
            return reported
        }

        /// Whether every kept node is the one a new snapshot of the tree makes.
        var nodesAreCurrent: Bool {
            let tree = app.renderTree().nodes
            return tree.count == nodes.count && tree.allSatisfy { nodes[$0.id] == $0 }
        }

        func id(_ view: UIView) -> Int { app.renderTree().nodes.first { $0.name == view.traceName }?.id ?? -1 }
    }

    @Test func eachRefreshReportsExactlyThePropertiesThatChanged() {
        let scene = Scene()
        #expect(scene.nodesAreCurrent)

        scene.plain.center.x += 1
        scene.label.text = "after"
        #expect(scene.step() == [scene.id(scene.plain): .center, scene.id(scene.label): .text])
        #expect(scene.nodesAreCurrent)

        scene.plain.layer.shadowOpacity = 0.5
        scene.plain.layer.borderWidth = 2
        scene.slider.value = 0.75
        #expect(scene.step() == [scene.id(scene.plain): [.shadow, .borderWidth], scene.id(scene.slider): .control])
        #expect(scene.nodesAreCurrent)

        scene.toggle.isOn = true
        scene.stepper.value = 3
        scene.segments.selectedSegmentIndex = 1
        scene.button.setTitle("Stop", for: .normal)
        scene.image.backgroundColor = .red
        #expect(scene.step() == [
            scene.id(scene.toggle): .control, scene.id(scene.stepper): .control, scene.id(scene.segments): .control,
            scene.id(scene.button): .control, scene.id(scene.image): .backgroundColor,
        ])
        #expect(scene.nodesAreCurrent)
    }

    /// A view whose setters ran but which ends the step as it was reports no change: nothing is sent for it.
    @Test func aViewChangedAndChangedBackReportsNothing() {
        let scene = Scene()
        let alpha = scene.plain.alpha
        scene.plain.alpha = 0.25
        scene.plain.alpha = alpha
        #expect(scene.step() == [scene.id(scene.plain): []])
        #expect(scene.nodesAreCurrent)
        #expect(scene.step().isEmpty, "nothing noted since")
    }

    /// An animation started on a view is reported as its animations, its model values as themselves.
    @Test func anAnimationIsReportedWithTheModelValues() {
        let scene = Scene()
        UIView.animate(withDuration: 1) { scene.plain.alpha = 0.5 }
        #expect(scene.step() == [scene.id(scene.plain): [.alpha, .animations]])
        #expect(scene.nodesAreCurrent)
    }
}
