import Foundation

/// How wide text is drawn, estimated from the advance widths of DejaVu Sans, the font the page falls back
/// to on Linux (the CI browsers) — wider than San Francisco, so text that fits here fits on an iPhone too.
/// TouchKit has no text engine (the page draws the text), so scenes that choose between a long and a short
/// label, and the tests that check no label is cut, measure with this. Lines wrap at spaces as the page
/// wraps them (`web/paint.mjs`), `lineHeight` apart.
public enum TextMetrics {
    /// Advance widths in ems of the printable ASCII characters (U+0020 to U+007E), regular weight.
    private static let regular: [CGFloat] = [
        0.318, 0.401, 0.460, 0.838, 0.636, 0.950, 0.780, 0.275, 0.390, 0.390, 0.500, 0.838, 0.318, 0.361, 0.318, 0.337,
        0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531,
        1.000, 0.684, 0.686, 0.698, 0.770, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787,
        0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.390, 0.337, 0.390, 0.838, 0.500,
        0.500, 0.613, 0.635, 0.550, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612,
        0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838,
    ]
    /// The same for the bold face (the page draws bold at weight 600, which picks DejaVu Sans Bold).
    private static let bold: [CGFloat] = [
        0.348, 0.456, 0.521, 0.838, 0.696, 1.002, 0.872, 0.306, 0.457, 0.457, 0.523, 0.838, 0.380, 0.415, 0.380, 0.365,
        0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.400, 0.400, 0.838, 0.838, 0.838, 0.580,
        1.000, 0.774, 0.762, 0.734, 0.830, 0.683, 0.683, 0.821, 0.837, 0.372, 0.372, 0.775, 0.637, 0.995, 0.837, 0.850,
        0.733, 0.850, 0.770, 0.720, 0.682, 0.812, 0.774, 1.103, 0.771, 0.724, 0.725, 0.457, 0.365, 0.457, 0.838, 0.500,
        0.500, 0.675, 0.716, 0.593, 0.716, 0.678, 0.435, 0.716, 0.712, 0.343, 0.343, 0.665, 0.343, 1.042, 0.712, 0.687,
        0.716, 0.716, 0.493, 0.595, 0.478, 0.712, 0.652, 0.924, 0.645, 0.652, 0.582, 0.712, 0.365, 0.712, 0.838,
    ]
    /// Characters outside ASCII that scenes use (→ — … ✓ × ·), regular and bold.
    private static let symbols: [Character: (CGFloat, CGFloat)] = [
        "→": (0.838, 0.838), "—": (1.000, 1.000), "…": (1.000, 1.000),
        "✓": (0.838, 0.838), "×": (0.838, 0.838), "·": (0.318, 0.380),
    ]
    /// Any other character: as wide as an em, so an unknown glyph is never underestimated.
    private static let unknownWidth: CGFloat = 1

    /// Line height as a multiple of the point size (the page's 1.2).
    public static let lineHeight: CGFloat = 1.2

    /// Width in points of `text` on one line in `font`.
    public static func width(of text: some StringProtocol, in font: UIFont) -> CGFloat {
        let table = font.isBold ? bold : regular
        var ems: CGFloat = 0
        for character in text {
            if let ascii = character.asciiValue, (32...126).contains(ascii) {
                ems += table[Int(ascii) - 32]
            } else if let symbol = symbols[character] {
                ems += font.isBold ? symbol.1 : symbol.0
            } else {
                ems += unknownWidth
            }
        }
        return ems * font.pointSize
    }

    /// The lines `text` takes in `width` points, wrapped at spaces and at explicit newlines as the page wraps
    /// them; a word wider than `width` stays whole on its own line (the page clips it).
    public static func lines(of text: String, in font: UIFont, width: CGFloat) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if !line.isEmpty && Self.width(of: candidate, in: font) > width {
                    lines.append(line)
                    line = String(word)
                } else {
                    line = candidate
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The size `text` needs when wrapped to `width` points: its widest line and its lines' height.
    public static func size(of text: String, in font: UIFont, width: CGFloat) -> CGSize {
        let lines = lines(of: text, in: font, width: width)
        let widest = lines.map { Self.width(of: $0, in: font) }.max() ?? 0
        return CGSize(width: widest, height: CGFloat(lines.count) * font.pointSize * lineHeight)
    }

    /// Whether `text` shows whole in a box of `size` (no line wider than the box, and the lines' height within
    /// it, allowing the page's 0.2 em of slack on the last line).
    public static func fits(_ text: String, in font: UIFont, size: CGSize) -> Bool {
        let needed = Self.size(of: text, in: font, width: size.width)
        return needed.width <= size.width && needed.height <= size.height + font.pointSize * 0.2
    }
}
