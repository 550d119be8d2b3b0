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
    var responder: Responder
    var children: [ViewSpec]
    /// Scroll views: the scrollable size (default: the children's extent), content-touch and bounce flags.
    var contentSize: CGSize?
    var delaysContentTouches: Bool?
    var canCancelContentTouches: Bool?
    /// Views, buttons and plain controls: a touch area other than the bounds.
    var hitShape: HitShape?
    var bounces: Bool?
    var alwaysBounceVertical: Bool?
    var alwaysBounceHorizontal: Bool?
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
}

struct DelegateSpec: Equatable, Sendable {
    var shouldBegin: Bool?
    var receiveInside: FrameSpec?
    var receiveOutside: FrameSpec?
}

enum RelationshipSpec: Equatable, Sendable {
    case requireToFail(String, String)
    case simultaneous(String, String)
}
