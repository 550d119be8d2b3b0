import Foundation

extension UIView {
    /// UIKit's `UIView.AutoresizingMask`, with its raw values.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin grows and shrinks with the superview.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width grows and shrinks with the superview.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin grows and shrinks with the superview.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin grows and shrinks with the superview.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height grows and shrinks with the superview.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin grows and shrinks with the superview.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes each direct subview by its `autoresizingMask` after this view's size changed from
    /// `oldSize` — synchronously, in the `bounds` setter, as UIKit does (UIKIT-LAYOUT-AUTORESIZING).
    ///
    /// Per axis: the subview's portions are its leading margin L, its length W and its trailing
    /// margin R = S − L − W; the size difference Δ is distributed among the flexible ones in
    /// proportion to their lengths (`autoresizingMask`: "distribute the size difference
    /// proportionally among the flexible portions"). Choices where UIKit is silent: no
    /// rounding, so resizing back restores every frame exactly; flexible portions that are all 0
    /// share Δ equally; a subview with a non-identity transform is left alone (its frame is
    /// undefined, View Programming Guide).
    func autoresizeSubviews(from oldSize: CGSize) {
        guard autoresizesSubviews else { return }
        let newSize = bounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty && subview.transform.isIdentity {
            let mask = subview.autoresizingMask
            var frame = subview.frame
            (frame.origin.x, frame.size.width) = Self.distribute(
                newSize.width - oldSize.width, superLength: oldSize.width, start: frame.minX, length: frame.width,
                flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
            (frame.origin.y, frame.size.height) = Self.distribute(
                newSize.height - oldSize.height, superLength: oldSize.height, start: frame.minY, length: frame.height,
                flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
            if frame != subview.frame { subview.frame = frame }
        }
    }

    /// One axis of the autoresizing rule: the new start and length.
    static func distribute(
        _ delta: CGFloat, superLength: CGFloat, start: CGFloat, length: CGFloat,
        flexible: (leading: Bool, length: Bool, trailing: Bool)
    ) -> (CGFloat, CGFloat) {
        let portions = [(flexible.leading, start), (flexible.length, length), (flexible.trailing, superLength - start - length)]
        let flexibleCount = portions.filter(\.0).count
        guard delta != 0, flexibleCount > 0 else { return (start, length) }
        let total = portions.filter(\.0).map(\.1).reduce(0, +)
        func share(_ portion: (Bool, CGFloat)) -> CGFloat {
            guard portion.0 else { return 0 }
            return total == 0 ? delta / CGFloat(flexibleCount) : delta * portion.1 / total
        }
        return (start + share(portions[0]), length + share(portions[1]))
    }
}
