import Foundation

extension UIFont {
    /// A font weight with UIKit's raw values (−1…1; `regular` is 0).
    public struct Weight: Hashable, Comparable, Sendable {
        /// The weight's value as UIKit defines it.
        public let rawValue: CGFloat
        /// A weight by value; prefer the named constants.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// −0.8.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// −0.6.
        public static let thin = Weight(rawValue: -0.6)
        /// −0.4.
        public static let light = Weight(rawValue: -0.4)
        /// 0, the body text weight.
        public static let regular = Weight(rawValue: 0)
        /// 0.23.
        public static let medium = Weight(rawValue: 0.23)
        /// 0.3: the lightest weight the page draws bold (CSS 600).
        public static let semibold = Weight(rawValue: 0.3)
        /// 0.4.
        public static let bold = Weight(rawValue: 0.4)
        /// 0.56.
        public static let heavy = Weight(rawValue: 0.56)
        /// 0.62.
        public static let black = Weight(rawValue: 0.62)
    }

    /// UIKit's `systemFont(ofSize:weight:)`. The page has two faces, so a weight of `semibold` or more
    /// draws bold and a lighter one regular [choose] (UIKIT-EVERYDAY-FONT-WEIGHT).
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: size, isBold: weight >= .semibold)
    }
}
