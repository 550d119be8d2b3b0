import Foundation
import SeededRandom
import Testing
import TouchBridgeProtocol
import TouchBridgeScenes
@testable import TouchBridgeServer
import TouchKit

/// The reference the incremental render path is held to: a snapshot of every view, every step,
/// and `RenderDiff` between two of them — the server's path before render changes were tracked,
/// which kept the wire values of a view whose engine node equalled the published one at the same
/// place.
extension RenderSnapshot {
    init(_ tree: RenderTree, reusing previous: RenderSnapshot = RenderSnapshot()) {
        self.init()
        var childCounts: [Int?: Int] = [:]
        nodes = tree.nodes.enumerated().map { position, node in
            let index = childCounts[node.parent, default: 0]
            childCounts[node.parent] = index + 1
            if position < previous.nodes.count, case let old = previous.nodes[position], old.id == node.id, old.source == node {
                var reused = old
                reused.index = index
                return reused
            }
            return Node(node, index: index)
        }
    }

    var isAnimating: Bool { nodes.contains(where: \.isAnimating) }
}

/// Property-style proof that the render messages of the incremental path (`PublishedRender`, fed
/// by the views' visual setters) are byte for byte those of a full snapshot and diff per step: every
/// library and declarative scene, random touches, time, and random changes through TouchKit's
/// public API (every visual property, sublayers and shape layers, animations, views added, removed,
/// moved, and changed while out of their window).
@Suite("Incremental render")
struct IncrementalRenderTests {
    static func catalog() -> LibraryCatalog {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config/scenes")
        // A scene file that cannot be read or parsed stops the suite (it would otherwise drop out of the test unseen).
        let files = try! FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let specs = files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }.map { url in
            do {
                return try SceneSpec.parse(Data(contentsOf: url))
            } catch {
                fatalError("\(url.lastPathComponent) does not parse: \(error)")
            }
        }
        return LibraryCatalog(declarativeScenes: specs)
    }

    static let sceneNames: [String] = catalog().scenes.map(\.name)

    @Test func theCatalogHasTheDeclarativeScenes() {
        #expect(Self.sceneNames.contains("draw-pad"))
        #expect(Self.sceneNames.count > 10)
    }

    @Test(arguments: sceneNames)
    func incrementalRendersMatchFullSnapshotsAndDiffs(scene: String) throws {
        for seed in 1...3 {
            var run = try EquivalenceRun(scene: scene, seed: UInt64(seed) &* 0x9E37_79B9 &+ UInt64(scene.utf8.count))
            for _ in 0..<80 { try run.step() }
            #expect(run.renders > 0, "\(scene) seed \(seed): some step rendered")
        }
    }

    /// A view changed in place (same id, same position) shows its new values; views not touched
    /// are not looked at again.
    @Test func publishedRenderSeesChangesInPlace() {
        let app = UIApplication()
        let window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.makeKeyAndVisible()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "before"
        label.accessibilityIdentifier = "label"
        let other = UIView(frame: CGRect(x: 0, y: 40, width: 10, height: 10))
        window.addSubview(label)
        window.addSubview(other)
        var published = PublishedRender(app)
        #expect(published.snapshot == RenderSnapshot(app.renderTree()))
        label.text = "after"
        label.center.x += 0.5
        var changed = RenderProps()
        changed.center = [50.5, 10]
        changed.text = .value("after")
        let id = published.snapshot.nodes.first { $0.name == "label" }?.id ?? -1
        #expect(published.update() == [.set(id: id, props: changed)])
        #expect(published.snapshot == RenderSnapshot(app.renderTree()))
        #expect(published.update().isEmpty)
    }

    /// NaN is not equal to itself, so a full snapshot and diff re-send a NaN property on every step
    /// (app code that divided by a zero size, say); the incremental path sends the same messages, on
    /// steps that keep the tree's shape and on steps that change it.
    @Test func aNaNIsSentOnEveryStepAsAFullDiffSendsIt() {
        let app = UIApplication()
        let window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        var published = PublishedRender(app)
        var reference = RenderSnapshot(app.renderTree())
        view.center = CGPoint(x: CGFloat.nan, y: 5)
        view.layer.borderWidth = CGFloat.nan
        for step in 0..<4 {
            if step == 2 { window.addSubview(UIView(frame: .zero)) }
            let after = RenderSnapshot(app.renderTree(), reusing: reference)
            let expected = RenderDiff.ops(from: reference, to: after)
            #expect(!expected.isEmpty)
            #expect(ServerMessage.render(RenderMessage(full: false, ops: published.update())).text
                    == ServerMessage.render(RenderMessage(full: false, ops: expected)).text, "step \(step)")
            reference = after
        }
    }

    /// A view taken out of its window, changed, and put back within one step comes back with its
    /// new values (changes outside a window are not recorded, so joining one notes the subtree).
    @Test func aViewChangedWhileOutOfItsWindowIsRenderedAgain() {
        let app = UIApplication()
        let window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.makeKeyAndVisible()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.accessibilityIdentifier = "child"
        parent.addSubview(child)
        window.addSubview(parent)
        var published = PublishedRender(app)
        let id = published.snapshot.nodes.first { $0.name == "child" }?.id ?? -1
        parent.removeFromSuperview()
        child.backgroundColor = .red
        window.addSubview(parent)
        var red = RenderProps()
        red.backgroundColor = .value(UIColor.red.cgColor.hexString)
        #expect(published.update() == [.set(id: id, props: red)])
        #expect(published.snapshot == RenderSnapshot(app.renderTree()))
    }
}

/// One session of a scene driven at random, checked after every step against the reference.
struct EquivalenceRun {
    let shared: SharedSession
    var random: SplitMix64
    var reference: RenderSnapshot
    var time = 1.0
    var down: [Int: CGPoint] = [:]
    var nextPointer = 1
    var renders = 0
    let scene: String

    init(scene: String, seed: UInt64) throws {
        self.scene = scene
        random = SplitMix64(seed: seed)
        let hello = Hello(role: .device, scene: .named(scene), viewport: Viewport(width: 400, height: 800, scale: 2), clock: .manual)
        shared = try SharedSession(id: "equivalence", hello: hello, receivedAt: 0, environment: SessionEnvironment(catalog: IncrementalRenderTests.catalog()))
        reference = RenderSnapshot(shared.application.renderTree())
        #expect(shared.fullRender() == Self.fullRender(of: shared, reference: reference))
    }

    static func fullRender(of shared: SharedSession, reference: RenderSnapshot) -> String {
        var render = RenderMessage(
            full: true, scene: shared.sceneName, ops: RenderDiff.full(reference),
            recognizers: RecognizerListing.recognizers(of: shared.application), t: reference.isAnimating ? shared.engineMs : nil)
        render.lints = SceneLints.wire(shared.application) ?? []
        return ServerMessage.render(render).text
    }

    mutating func step() throws {
        let application = shared.application
        let effects: [SessionEffect]
        if random.below(3) == 0 {
            var mutator = Mutator(random: random, application: application)
            let count = 1 + random.below(4)
            time += Double(random.below(40)) / 1000
            let at = time
            effects = try shared.step(seq: nil, alwaysReport: false) { app throws(InputError) in
                try app.advance(to: at)
                for _ in 0..<count { mutator.mutate() }
            }
            random = mutator.random
        } else {
            let frame = nextFrame()
            effects = try shared.step(seq: nil, alwaysReport: false) { app throws(InputError) in try app.digitizer.process(frame) }
        }
        guard shared.application === application else {
            // A scene link opened another scene: the session starts over with a full render.
            down = [:]
            reference = RenderSnapshot(shared.application.renderTree())
            #expect(shared.fullRender() == Self.fullRender(of: shared, reference: reference))
            return
        }
        let after = RenderSnapshot(application.renderTree(), reusing: reference)
        let ops = RenderDiff.ops(from: reference, to: after)
        let expected = ops.isEmpty ? [] : [ServerMessage.render(RenderMessage(full: false, ops: ops, t: after.isAnimating ? shared.engineMs : nil)).text]
        let diffs = effects.compactMap { effect -> String? in
            if case .render(let text, full: false) = effect { text } else { nil }
        }
        #expect(diffs == expected, "\(scene): the incremental diff differs from the full snapshot's")
        #expect(shared.fullRender() == Self.fullRender(of: shared, reference: after), "\(scene): the full render differs")
        if !ops.isEmpty { renders += 1 }
        reference = after
    }

    /// Touches: a finger down somewhere, a move of one that is down, or a lift.
    private mutating func nextFrame() -> [PointerChange] {
        time += Double(4 + random.below(30)) / 1000
        let choice = random.below(10)
        if down.isEmpty || (choice == 0 && down.count < 3) {
            let id = nextPointer
            nextPointer += 1
            let point = CGPoint(x: CGFloat(random.below(400)), y: CGFloat(random.below(800)))
            down[id] = point
            return [PointerChange(pointerID: id, phase: .down, location: point, timestamp: time)]
        }
        let ids = down.keys.sorted()
        let id = ids[random.below(ids.count)]
        let point = down[id]!
        if choice == 1 {
            down[id] = nil
            return [PointerChange(pointerID: id, phase: random.below(8) == 0 ? .cancel : .up, location: point, timestamp: time)]
        }
        let moved = CGPoint(x: point.x + CGFloat(random.below(41)) - 20, y: point.y + CGFloat(random.below(41)) - 20)
        down[id] = moved
        return ids.map { other in
            PointerChange(pointerID: other, phase: .move, location: other == id ? moved : down[other]!, timestamp: time)
        }
    }
}

/// Random changes through TouchKit's public API, on random views of the app's window.
struct Mutator {
    var random: SplitMix64
    let application: UIApplication

    var views: [UIView] {
        var all: [UIView] = []
        func visit(_ view: UIView) {
            all.append(view)
            for subview in view.subviews { visit(subview) }
        }
        for window in application.windows { visit(window) }
        return all
    }

    var colour: UIColor {
        mutating get { UIColor(red: CGFloat(random.below(256)) / 255, green: CGFloat(random.below(256)) / 255, blue: 0.5, alpha: 1) }
    }

    var number: CGFloat { mutating get { CGFloat(random.below(2000)) / 10 - 50 } }

    mutating func mutate() {
        let views = self.views
        let view = views[random.below(views.count)]
        let nonWindows = views.filter { !($0 is UIWindow) }
        switch random.below(24) {
        case 0: view.center = CGPoint(x: view.center.x + number / 10, y: view.center.y + 0.0004)
        case 1: view.bounds = CGRect(x: number / 10, y: 0, width: view.bounds.width + 1, height: view.bounds.height)
        case 2: view.transform = CGAffineTransform(rotationAngle: number / 100).scaledBy(x: 1.1, y: 0.9)
        case 3: view.alpha = CGFloat(random.below(101)) / 100
        case 4: view.isHidden.toggle()
        case 5: view.backgroundColor = random.below(4) == 0 ? nil : colour
        case 6: view.clipsToBounds.toggle()
        case 7: view.isUserInteractionEnabled.toggle()
        case 8:
            view.layer.cornerRadius = number / 10
            view.layer.borderWidth = CGFloat(random.below(4))
            view.layer.borderColor = random.below(3) == 0 ? nil : colour.cgColor
        case 9:
            view.layer.shadowOpacity = Float(random.below(3)) / 2
            view.layer.shadowColor = colour.cgColor
            view.layer.shadowOffset = CGSize(width: number / 10, height: 2)
            view.layer.shadowRadius = CGFloat(random.below(10))
        case 10: view.accessibilityIdentifier = random.below(3) == 0 ? nil : "renamed\(random.below(100))"
        case 11: view.setNeedsDisplay()
        case 12: mutateContent(of: view)
        case 13: mutateSublayers(of: view)
        case 14:
            UIView.animate(withDuration: 0.05 + Double(random.below(30)) / 100, delay: 0, options: random.below(2) == 0 ? [] : [.repeat, .autoreverse]) {
                view.alpha = 0.5
                view.center.x += 10
            }
        case 15: view.layer.removeAllAnimations()
        case 16 where !nonWindows.isEmpty:
            // Out of the window, changed there, and back within the step.
            let moved = nonWindows[random.below(nonWindows.count)]
            guard let parent = moved.superview else { return }
            let index = parent.subviews.firstIndex { $0 === moved } ?? 0
            moved.removeFromSuperview()
            moved.backgroundColor = colour
            moved.subviews.first?.alpha = 0.3
            parent.insertSubview(moved, at: index)
        case 17 where !nonWindows.isEmpty: nonWindows[random.below(nonWindows.count)].removeFromSuperview()
        case 18 where !nonWindows.isEmpty:
            let moved = nonWindows[random.below(nonWindows.count)]
            guard !view.isDescendant(of: moved) else { return }
            view.insertSubview(moved, at: random.below(view.subviews.count + 1))
        case 19:
            let added = random.below(2) == 0 ? UIView(frame: CGRect(x: number, y: number, width: 40, height: 30)) : UILabel(frame: CGRect(x: 5, y: 5, width: 80, height: 20))
            added.backgroundColor = colour
            (added as? UILabel)?.text = "new"
            view.insertSubview(added, at: random.below(view.subviews.count + 1))
        case 20 where view.superview != nil:
            if random.below(2) == 0 { view.superview?.bringSubviewToFront(view) } else { view.superview?.sendSubviewToBack(view) }
        case 21:
            // A subtree built outside the window, then added.
            let parent = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
            let child = UIView(frame: CGRect(x: 1, y: 1, width: 5, height: 5))
            parent.addSubview(child)
            child.backgroundColor = colour
            view.addSubview(parent)
        case 22: view.frame = CGRect(x: number, y: number, width: 60 + number, height: 40)
        default: view.layer.opacity = Float(random.below(11)) / 10
        }
    }

    private mutating func mutateContent(of view: UIView) {
        switch view {
        case let label as UILabel:
            label.text = random.below(4) == 0 ? nil : "text \(random.below(100))"
            label.textColor = colour
            label.font = random.below(2) == 0 ? .boldSystemFont(ofSize: 12) : .systemFont(ofSize: CGFloat(10 + random.below(20)))
            label.textAlignment = [.left, .center, .right][random.below(3)]
        case let image as UIImageView:
            image.image = random.below(3) == 0 ? nil : UIImage(named: "photo\(random.below(3))")
        case let slider as UISlider:
            slider.minimumValue = Float(random.below(3))
            slider.maximumValue = 10
            slider.value = Float(random.below(11))
        case let toggle as UISwitch:
            toggle.setOn(!toggle.isOn, animated: false)
        case let button as UIButton:
            button.setTitle("title \(random.below(5))", for: random.below(2) == 0 ? .normal : .highlighted)
            button.isHighlighted.toggle()
        case let control as UIControl:
            control.isEnabled.toggle()
            control.isSelected.toggle()
        default:
            view.backgroundColor = colour
        }
    }

    private mutating func mutateSublayers(of view: UIView) {
        let sublayers = view.layer.sublayers ?? []
        switch random.below(4) {
        case 0:
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 2, y: 2, width: 20, height: 20)
            shape.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).cgPath
            shape.strokeColor = colour.cgColor
            view.layer.addSublayer(shape)
        case 1 where !sublayers.isEmpty:
            let layer = sublayers[random.below(sublayers.count)]
            layer.position = CGPoint(x: number, y: number)
            layer.opacity = 0.5
            layer.cornerRadius = 3
            layer.backgroundColor = colour.cgColor
            if let shape = layer as? CAShapeLayer {
                shape.fillColor = random.below(2) == 0 ? nil : colour.cgColor
                shape.strokeEnd = CGFloat(random.below(11)) / 10
                shape.lineWidth = CGFloat(random.below(5))
                shape.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: number, height: 10)).cgPath
            }
        case 2 where !sublayers.isEmpty:
            let layer = sublayers[random.below(sublayers.count)]
            let nested = CALayer()
            nested.frame = CGRect(x: 1, y: 1, width: 4, height: 4)
            nested.backgroundColor = colour.cgColor
            layer.addSublayer(nested)
            if random.below(2) == 0 { nested.isHidden = true }
        case 3 where !sublayers.isEmpty:
            sublayers[random.below(sublayers.count)].removeFromSuperlayer()
        default:
            break
        }
    }
}
