import Foundation

extension UIColor {
    /// UIKit's `init(hue:saturation:brightness:alpha:)`: HSB components, 0…1 each (a hue of 1 is red
    /// again), converted to sRGB as UIKit does, so `getRed` reads back the converted components
    /// (UIKIT-EVERYDAY-COLOR).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = hue - hue.rounded(.down), s = max(0, min(1, saturation)), v = max(0, min(1, brightness))
        let sector = h * 6
        let index = Int(max(0, min(5, sector.rounded(.down))))
        let f = sector - CGFloat(index)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = switch index {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// UIKit's `getRed(_:green:blue:alpha:)`: the sRGB components; true, since every TouchKit colour is
    /// in a compatible colour space. A nil pointer skips that component, as in UIKit.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// UIKit's `getHue(_:saturation:brightness:alpha:)`: the HSB form of the sRGB components (hue 0 for a
    /// grey); true.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let r = cgColor.red, g = cgColor.green, b = cgColor.blue
        let maximum = max(r, g, b), minimum = min(r, g, b), chroma = maximum - minimum
        var h: CGFloat = 0
        if chroma > 0 {
            if maximum == r {
                h = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
            } else if maximum == g {
                h = (b - r) / chroma + 2
            } else {
                h = (r - g) / chroma + 4
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? chroma / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// UIKit's `getWhite(_:alpha:)`: the grey level (the mean of the components) and opacity; true.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = (cgColor.red + cgColor.green + cgColor.blue) / 3
        alpha?.pointee = cgColor.alpha
        return true
    }
}
