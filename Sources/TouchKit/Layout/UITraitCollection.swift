import Foundation

/// UIKit's size classes.
public enum UIUserInterfaceSizeClass: Int, Sendable, CustomStringConvertible {
    /// Not known yet, constrained space (phones, mostly), or ample space (tablets, desktops).
    case unspecified, compact, regular

    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .compact: "compact"
        case .regular: "regular"
        }
    }
}

/// The traits of an interface: here its horizontal and vertical size classes.
///
/// UIKit derives size classes from the device model (HIG "Adaptivity and Layout", UIKIT-LAYOUT-SIZE-CLASSES):
/// every iPhone in portrait is compact width, regular height; iPhones in landscape are compact × compact except
/// the large ones (Plus, Max, XR, 11: portrait width 414 pt or more), which are regular × compact; iPads are
/// regular × regular. A browser viewport names no model, so TouchKit's choice: a window is a phone when its
/// shorter side is at most 440 pt; a landscape phone is regular width when its shorter side is at least 414 pt;
/// everything else is regular × regular.
public struct UITraitCollection: Equatable, Sendable, CustomStringConvertible {
    /// Compact or regular width.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// Compact or regular height.
    public let verticalSizeClass: UIUserInterfaceSizeClass

    /// Traits with these size classes.
    public init(horizontalSizeClass: UIUserInterfaceSizeClass, verticalSizeClass: UIUserInterfaceSizeClass) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// The size classes of a window of `size` (see the type's notes).
    public init(windowSize size: CGSize) {
        let shorter = min(size.width, size.height)
        guard shorter <= 440 else {
            self.init(horizontalSizeClass: .regular, verticalSizeClass: .regular)
            return
        }
        if size.height >= size.width {
            self.init(horizontalSizeClass: .compact, verticalSizeClass: .regular)
        } else {
            self.init(horizontalSizeClass: shorter >= 414 ? .regular : .compact, verticalSizeClass: .compact)
        }
    }

    public var description: String {
        "w\(horizontalSizeClass == .regular ? "R" : horizontalSizeClass == .compact ? "C" : "?")"
            + " h\(verticalSizeClass == .regular ? "R" : verticalSizeClass == .compact ? "C" : "?")"
    }
}

extension UIView {
    /// The window's size classes (unspecified outside a window).
    public var traitCollection: UITraitCollection {
        guard let window else { return UITraitCollection(horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified) }
        return UITraitCollection(windowSize: window.bounds.size)
    }
}

extension UIViewController {
    /// The traits of the controller's view.
    public var traitCollection: UITraitCollection { view.traitCollection }
}
