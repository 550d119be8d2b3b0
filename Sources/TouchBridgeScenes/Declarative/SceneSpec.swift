import Foundation

/// A declarative scene: views, recognizers, relationships and behaviours, as read from JSON
/// (`config/scenes/*.json`, or inline in `hello`/`scene`). The format is described by
/// `docs/scene.schema.json` and `docs/scenes.md`.
public struct SceneSpec: Equatable, Sendable {
    /// What `hello.scene` and `scene.scene` take.
    public var name: String
    /// For the picker.
    public var title: String
    /// One sentence for the picker.
    public var summary: String
    var background: UIColorValue?
    var views: [ViewSpec]
    var recognizers: [RecognizerSpec]
    var relationships: [RelationshipSpec]
    /// App-side changes at engine times after the scene starts (`SceneTimeline`).
    var timeline: [TimelineEntry]
    /// How the scene's view controller handles the events that reach it.
    var controller: ControllerSpec

    /// Bounds that keep an inline scene cheap to build and run.
    public struct Limits: Sendable {
        /// Most views a scene may declare.
        public var maximumViews = 500
        /// Most recognizers a scene may declare.
        public var maximumRecognizers = 200
        /// Deepest view nesting a scene may declare.
        public var maximumDepth = 32
        /// The default bounds.
        public init() {}
    }
}

struct ViewSpec: Equatable, Sendable {
    enum Kind: String, CaseIterable, Sendable { case view, label, image, drawing, button, `switch`, slider, control, scrollView }
    enum Responder: String, CaseIterable, Sendable { case forward, log }

    /// Names recognizers may use for the scene's root view and its window.
    static let reservedIDs: Set<String> = ["root", "window"]

    var id: String
    var kind: Kind
    var frame: FrameSpec
    var color: UIColorValue?
    var cornerRadius: Double
    var text: String?
    var image: String?
    var isUserInteractionEnabled: Bool?
    var isHidden: Bool
    var alpha: Double
    var isMultipleTouchEnabled: Bool
    var isExclusiveTouch: Bool
    var clipsToBounds: Bool
    /// UIKit's autoresizing mask (`flexibleWidth` …): when given, `frame` is placed once and the
    /// superview's size changes then move and resize the view by the mask (UIKIT-LAYOUT-AUTORESIZING), not by its spec.
    var autoresizing: [String]?
    /// Whether the view's class overrides the touch methods (`SceneResponderViews`); nil: not declared,
    /// the kind's own class (a plain view, a button and a control have the overrides anyway).
    var responder: Responder?
    /// Plain views: whether `becomeFirstResponder()` may succeed (UIView's default is false).
    var canBecomeFirstResponder: Bool
    var children: [ViewSpec]
    /// Scroll views: the scrollable size (default: the children's extent), content-touch and bounce flags.
    var contentSize: CGSize?
    var delaysContentTouches: Bool?
    var canCancelContentTouches: Bool?
    /// Scroll views: `touchesShouldCancel(in:)` answers true for controls too.
    var cancelsControlTouches: Bool?
    /// Views, buttons and plain controls: a touch area other than the bounds.
    var hitShape: HitShape?
    /// Plain views: a `CAShapeLayer` sublayer.
    var shape: ShapeSpec?
    var bounces: Bool?
    var alwaysBounceVertical: Bool?
    var alwaysBounceHorizontal: Bool?
    /// Frames for some size classes instead of `frame` (`FrameVariant`).
    var variants: [FrameVariant] = []
    /// UIView's `autoresizesSubviews` (true): false keeps the direct subviews' frames when this view's
    /// size changes, whatever their masks (UIKIT-LAYOUT-AUTORESIZING).
    var autoresizesSubviews = true
    /// Controls: the tracking overrides (`ControlTracking`); nil: the class's own.
    var tracking: TrackingSpec?
    /// The layer's `anchorPoint`; nil: UIKit's middle (`SceneLayerGeometry`).
    var anchorPoint: CGPoint?
    /// Where the anchor point goes in the superview, after `frame`; nil: where `frame` puts it.
    var position: CGPoint?
    /// `UIView.contentMode` by name; nil: `scaleToFill` (`SceneContentMode`).
    var contentMode: String?
}

struct RecognizerSpec: Equatable, Sendable {
    enum Kind: String, CaseIterable, Sendable { case tap, longPress, pan, swipe, pinch, rotation, screenEdgePan, custom }
    enum Behaviour: String, CaseIterable, Sendable { case none, translate, scale, rotate, moveTo, alphaWhileActive, clearDrawing }

    var id: String
    var kind: Kind
    /// `custom` only: the registered class (`RecognizerClasses`).
    var className: String?
    var view: String
    var properties: [String: Double]
    var flags: [String: Bool]
    var direction: [String]
    var edges: [String]
    var behaviour: Behaviour
    var target: String?
    var delegate: DelegateSpec?
    /// false for a recognizer the scene did not make (a scroll view's own, one of a Swift scene): it has
    /// no scene delegate, behaviour or target.
    var isDeclared = true
    /// `custom` only: the class's overrides of `canPrevent(_:)`, `canBePrevented(by:)`,
    /// `shouldRequireFailure(of:)` and `shouldBeRequiredToFail(by:)` as answer tables, by method
    /// (`RecognizerOverrides`); nil: the class's own answers.
    var overrides: [String: AnswerTable]?
}

struct DelegateSpec: Equatable, Sendable {
    var shouldBegin: Bool?
    var receiveInside: FrameSpec?
    var receiveOutside: FrameSpec?
    /// `gestureRecognizer(_:shouldReceive:)` for a whole event: true while the event has at most this
    /// many touches (0: never); nil: always true.
    var receiveEventTouchesAtMost: Int?
    /// The delegate's answers about other recognizers, by method (`tableMethods`).
    var tables: [String: AnswerTable] = [:]

    /// The delegate methods that answer about another recognizer, as the `delegate` object names them.
    static let tableMethods = ["shouldRecognizeSimultaneouslyWith", "shouldRequireFailureOf", "shouldBeRequiredToFailBy"]
}

/// The scene's view controller: `responder` `forward` (UIResponder's defaults: touches, motion and
/// remote-control events go on to the window and the application) or `log` (it overrides them, so
/// the chain ends at the controller — UIKIT-RESPONDER-NEXT); `canBecomeFirstResponder` (false by default, as in
/// UIKit), which a controller receiving shakes or remote-control events needs.
struct ControllerSpec: Equatable, Sendable {
    var responder: ViewSpec.Responder = .forward
    var canBecomeFirstResponder = false
    /// Notes every size-change and layout callback of the controller and its root view (UIKIT-LAYOUT-SIZE-CHANGE-ORDER).
    var logsLayout = false
}

enum RelationshipSpec: Equatable, Sendable {
    case requireToFail(String, String)
    case simultaneous(String, String)
}
