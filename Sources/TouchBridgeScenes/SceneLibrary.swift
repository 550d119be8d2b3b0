import TouchKit

/// A scene a user can open: a named view controller factory with a one-line description.
public struct SceneDescriptor: Sendable {
    /// The scene's id in URLs, `hello` and the picker.
    public let name: String
    /// For people.
    public let title: String
    /// One sentence for the picker.
    public let summary: String
    /// Makes a fresh controller for each session.
    public let make: @Sendable () -> UIViewController

    /// A scene called `name`, built by `make`.
    public init(name: String, title: String, summary: String, make: @escaping @Sendable () -> UIViewController) {
        self.name = name
        self.title = title
        self.summary = summary
        self.make = make
    }
}

/// Every built-in Swift scene, in picker order.
public enum SceneLibrary {
    /// The scenes, in picker order.
    public static let all: [SceneDescriptor] = [
        SceneDescriptor(name: "welcome", title: "Welcome",
                        summary: "What TouchBridge is, a card to tap, drag and pinch, and links to every scene.") { WelcomeViewController() },
        SceneDescriptor(name: "image-translation", title: "Image translation",
                        summary: "A pan recognizer moves an image; the translation is reset after every step.") { ImageTranslationViewController() },
        SceneDescriptor(name: "tap-recognition", title: "Tap recognition",
                        summary: "A tap moves the image's centre to where you tapped.") { TapRecognitionViewController() },
        SceneDescriptor(name: "drag-and-drop", title: "Drag and drop",
                        summary: "Long-press to pick the image up (alpha 0.5), then drag it; long press and pan run simultaneously.") { DragAndDropViewController() },
        SceneDescriptor(name: "draw-lines", title: "Draw lines",
                        summary: "Draw with several fingers at once from the responder methods; double-tap to clear.") { DrawLinesViewController() },
        SceneDescriptor(name: "checkmark", title: "Checkmark",
                        summary: "A custom recognizer for a ✓ stroke: down-right, then up-right.") { CheckmarkViewController() },
        SceneDescriptor(name: "transform-image", title: "Pinch, rotate, pan",
                        summary: "Pinch, rotation and pan on one image at the same time, each applied incrementally.") { TransformImageViewController() },
        SceneDescriptor(name: "anchor-point", title: "Pinch about your fingers",
                        summary: "Apple's gesture sample: each gesture moves the anchor point to your fingers, so the image turns about them.") { TransformImageViewController(turnsAboutTheFingers: true) },
        SceneDescriptor(name: "single-double-tap", title: "Single vs double tap",
                        summary: "require(toFail:) recognizers beside tapCount in the responder methods: see the latency.") { SingleDoubleTapViewController() },
        SceneDescriptor(name: "swipe", title: "Swipes",
                        summary: "Four swipe recognizers, and a view that tracks horizontal swipes by hand.") { SwipeViewController() },
        SceneDescriptor(name: "move-me", title: "Move me",
                        summary: "Drag the placard; it pulses on touch and returns on lift. Double-tap outside to change its text.") { MoveMeViewController() },
        SceneDescriptor(name: "delivery-lab", title: "Delivery lab",
                        summary: "Toggle cancelsTouchesInView and the delays on a double tap and watch the view's messages.") { DeliveryLabViewController() },
        SceneDescriptor(name: "hit-test-lab", title: "Hit-test lab",
                        summary: "Nested views A → C → E with hidden, alpha, interaction and point(inside:) switches.") { HitTestLabViewController() },
        SceneDescriptor(name: "responder-chain", title: "Responder chain",
                        summary: "Double taps forwarded up the chain; shake and remote control at the first responder.") { ResponderChainViewController() },
        SceneDescriptor(name: "controls", title: "Controls",
                        summary: "Button, slider, switch and a custom control inside a view with a tap recognizer (the iOS 6 rule).") { ControlsViewController() },
        SceneDescriptor(name: "scroll-view", title: "Scroll view",
                        summary: "Scroll, zoom and tap buttons; toggle delaysContentTouches.") { ScrollViewSceneController() },
        SceneDescriptor(name: "paths-and-layers", title: "Paths and layers",
                        summary: "UIBezierPath hit areas, CAShapeLayer progress and checkmark, a dial drawn in draw(_:).") { PathsAndLayersViewController() },
        SceneDescriptor(name: "touch-tracker", title: "TouchTracker",
                        summary: "Big Nerd Ranch's exercise: draw lines, double-tap to clear, tap a line for Delete, hold and drag a line, three fingers up for colours.") { TouchTrackerViewController() },
        SceneDescriptor(name: "gesture-pieces", title: "Pieces",
                        summary: "Apple's gesture sample: pinch, rotate and pan three pieces about your fingers; hold a piece for Reset.") { GesturePiecesViewController() },
        SceneDescriptor(name: "triple-tap-reset", title: "Triple tap resets",
                        summary: "The simultaneous pinch, rotate and pan recipe; a triple tap read in touchesEnded puts the image back.") { TripleTapResetViewController() },
    ]

    /// The scene a new user sees first.
    public static let defaultSceneName = "welcome"

    /// The built-in scene called `name`; nil for an unknown name.
    public static func descriptor(named name: String) -> SceneDescriptor? {
        all.first { $0.name == name }
    }
}
