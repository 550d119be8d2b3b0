import CQRencode

/// A QR code for a URL, encoded by libqrencode (Debian's `libqrencode-dev`): a QR encoder is
/// Reed–Solomon coding, masking and version tables — exactly what a well-kept library should do,
/// not this project. Used for the "open on your phone" code the server prints and the page shows.
package struct QRCode: Equatable, Sendable {
    /// Modules per side.
    package let size: Int
    /// Row-major, `true` for a dark module.
    package let modules: [Bool]

    /// Encodes `text` (8-bit mode, error correction level M); nil if libqrencode refuses it (too long).
    package init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        // libqrencode owns `data`: width × width bytes, bit 0 set for a dark module; freed above.
        let width = Int(code.pointee.width)
        size = width
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark (both 0-based, within `size`).
    package func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// One SVG path drawing every dark module as a unit square on a `size`×`size` grid; runs of a
    /// row share one rectangle, so the path stays short.
    package var svgPath: String {
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < size, isDark(x: x, y: y) { x += 1 }
                path += "M\(start) \(y)h\(x - start)v1h-\(x - start)z"
            }
        }
        return path
    }

    /// The code as text for a terminal, two rows per line with half blocks, dark on light, with
    /// the quiet zone the standard asks for (`margin` modules).
    package func terminalText(margin: Int = 2) -> String {
        let side = size + 2 * margin
        func dark(_ x: Int, _ y: Int) -> Bool {
            let (mx, my) = (x - margin, y - margin)
            return mx >= 0 && my >= 0 && mx < size && my < size && isDark(x: mx, y: my)
        }
        var lines: [String] = []
        for y in stride(from: 0, to: side, by: 2) {
            var line = ""
            for x in 0..<side {
                switch (dark(x, y), dark(x, y + 1)) {
                case (false, false): line += "█"
                case (true, false): line += "▄"
                case (false, true): line += "▀"
                case (true, true): line += " "
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
