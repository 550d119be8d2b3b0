import Foundation

/// UIKit's system colours in their light-mode, default-contrast values (TouchKit has no dark mode);
/// `systemBlue`, `systemGreen`, `systemRed`, `systemOrange`, `systemYellow`, `systemGray`,
/// `systemBackground` and `label` are declared with `UIColor`.
extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    /// `systemPink` (255, 45, 85).
    public static let systemPink = rgb(255, 45, 85)
    /// `systemPurple` (175, 82, 222).
    public static let systemPurple = rgb(175, 82, 222)
    /// `systemIndigo` (88, 86, 214).
    public static let systemIndigo = rgb(88, 86, 214)
    /// `systemTeal` (48, 176, 199).
    public static let systemTeal = rgb(48, 176, 199)
    /// `systemCyan` (50, 173, 230).
    public static let systemCyan = rgb(50, 173, 230)
    /// `systemMint` (0, 199, 190).
    public static let systemMint = rgb(0, 199, 190)
    /// `systemBrown` (162, 132, 94).
    public static let systemBrown = rgb(162, 132, 94)
    /// `systemGray2` (174, 174, 178).
    public static let systemGray2 = rgb(174, 174, 178)
    /// `systemGray3` (199, 199, 204).
    public static let systemGray3 = rgb(199, 199, 204)
    /// `systemGray4` (209, 209, 214).
    public static let systemGray4 = rgb(209, 209, 214)
    /// `systemGray5` (229, 229, 234).
    public static let systemGray5 = rgb(229, 229, 234)
    /// `systemGray6` (242, 242, 247).
    public static let systemGray6 = rgb(242, 242, 247)
    /// `secondarySystemBackground` (242, 242, 247).
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// `tertiarySystemBackground`: white.
    public static let tertiarySystemBackground = UIColor.white
    /// `systemGroupedBackground` (242, 242, 247).
    public static let systemGroupedBackground = rgb(242, 242, 247)
    /// `secondaryLabel` (60, 60, 67) at 60 % opacity.
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// `tertiaryLabel` (60, 60, 67) at 30 % opacity.
    public static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    /// `placeholderText` (60, 60, 67) at 30 % opacity.
    public static let placeholderText = rgb(60, 60, 67, 0.3)
    /// `separator` (60, 60, 67) at 29 % opacity.
    public static let separator = rgb(60, 60, 67, 0.29)
    /// `link`: (0, 122, 255), the system blue.
    public static let link = UIColor.systemBlue
}
