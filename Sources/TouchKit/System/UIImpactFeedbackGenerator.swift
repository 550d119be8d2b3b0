import Foundation

/// UIKit's haptic impact generator. A browser has no Taptic Engine, so an impact is a no-op that
/// notes itself in the event log — "impact feedback medium (intensity 1.0)" — so a test can see the
/// app asked for it (UIKIT-EVERYDAY-FEEDBACK).
open class UIImpactFeedbackGenerator {
    /// UIKit's impact styles.
    public enum FeedbackStyle: Int, Sendable, CustomStringConvertible {
        /// A light, a medium, a heavy, a soft or a rigid impact.
        case light, medium, heavy, soft, rigid

        public var description: String {
            switch self {
            case .light: "light"
            case .medium: "medium"
            case .heavy: "heavy"
            case .soft: "soft"
            case .rigid: "rigid"
            }
        }
    }

    /// The style the generator was made with.
    public let style: FeedbackStyle
    /// The view the feedback belongs to (iOS 17.5's `init(style:view:)`), whose application logs it.
    public private(set) weak var view: UIView?

    /// A generator of `style` (`medium` by default, as UIKit's `init()`); it logs to the application whose
    /// turn calls it.
    public init(style: FeedbackStyle = .medium) {
        self.style = style
    }

    /// A generator for feedback in `view` (iOS 17.5); it logs to the view's application.
    public init(style: FeedbackStyle, view: UIView) {
        self.style = style
        self.view = view
    }

    /// Readies the engine in UIKit; nothing to ready here, and not logged.
    public func prepare() {}

    /// Logs an impact at full intensity.
    public func impactOccurred() { impactOccurred(intensity: 1) }

    /// Logs an impact at `intensity` (0…1, clamped).
    public func impactOccurred(intensity: CGFloat) {
        let level = (max(0, min(1, intensity)) * 10).rounded() / 10
        (view?.window?.application ?? CurrentApplication.value)?.logNote("impact feedback \(style) (intensity \(level))")
    }

    /// iOS 17.5's form with a location; the location is not logged.
    public func impactOccurred(intensity: CGFloat = 1, at location: CGPoint) { impactOccurred(intensity: intensity) }
}
