import Foundation

/// A colour in sRGB components, as CoreGraphics' `CGColor` (Linux adaptation: a value type).
public struct CGColor: Equatable, Hashable, Sendable {
    /// Red, 0…1.
    public var red: CGFloat
    /// Green, 0…1.
    public var green: CGFloat
    /// Blue, 0…1.
    public var blue: CGFloat
    /// Opacity, 0…1.
    public var alpha: CGFloat

    /// A colour from sRGB components, 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `#rrggbbaa`, the form the wire protocol uses.
    public var hexString: String {
        func byte(_ v: CGFloat) -> String {
            // `min(1, v)` first: it gives 1 for NaN, so the conversion cannot trap.
            let clamped = Int((max(0, min(1, v)) * 255).rounded())
            let digits = String(clamped, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }
}

/// A colour with UIKit's initializers and named colours.
public final class UIColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The colour as CoreGraphics values, what layers and contexts take.
    public let cgColor: CGColor

    /// UIKit's `init(red:green:blue:alpha:)`: sRGB components, 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// UIKit's `init(white:alpha:)`: a grey.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// UIKit's `init(cgColor:)`.
    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }

    /// A colour from `#rgb`, `#rrggbb` or `#rrggbbaa` (not UIKit API; used by declarative scenes).
    public convenience init?(hex: String) {
        var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        if digits.count == 6 { digits += "ff" }
        guard digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        func component(_ shift: UInt32) -> CGFloat { CGFloat((value >> shift) & 0xff) / 255 }
        self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }

    /// The same colour with another opacity (UIKit's `withAlphaComponent(_:)`).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    /// Sets both the fill and stroke colour of the current graphics context (UIKit's `set()`).
    public func set() {
        setFill()
        setStroke()
    }

    /// Sets the fill colour of the current graphics context, as inside `draw(_:)`.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Sets the stroke colour of the current graphics context, as inside `draw(_:)`.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.cgColor == rhs.cgColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
    public var description: String { "UIColor(\(cgColor.hexString))" }

    /// UIKit's `black` (white 0).
    public static let black = UIColor(white: 0, alpha: 1)
    /// UIKit's `darkGray` (white 1/3).
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    /// UIKit's `lightGray` (white 2/3).
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// UIKit's `white` (white 1).
    public static let white = UIColor(white: 1, alpha: 1)
    /// UIKit's `gray` (white 0.5).
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// UIKit's `red` (1, 0, 0).
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// UIKit's `green` (0, 1, 0).
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// UIKit's `blue` (0, 0, 1).
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// UIKit's `cyan` (0, 1, 1).
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// UIKit's `yellow` (1, 1, 0).
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// UIKit's `magenta` (1, 0, 1).
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// UIKit's `orange` (1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// UIKit's `purple` (0.5, 0, 0.5).
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// UIKit's `brown` (0.6, 0.4, 0.2).
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// UIKit's `clear`: fully transparent.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// `systemBlue` in its light-mode value, the tint of UIKit's standard controls.
    public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    /// `systemGreen` in its light-mode value (a switch's on colour).
    public static let systemGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1)
    /// `systemRed` in its light-mode value.
    public static let systemRed = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)
    /// `systemOrange` in its light-mode value.
    public static let systemOrange = UIColor(red: 1, green: 149.0 / 255, blue: 0, alpha: 1)
    /// `systemYellow` in its light-mode value.
    public static let systemYellow = UIColor(red: 1, green: 204.0 / 255, blue: 0, alpha: 1)
    /// `systemGray` in its light-mode value.
    public static let systemGray = UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1)
    /// `systemBackground` in light mode: white (TouchKit has no dark mode).
    public static let systemBackground = UIColor.white
    /// `label` in light mode: black (TouchKit has no dark mode).
    public static let label = UIColor.black
}
