/// The load generator's `input` message for one frame of `LoadPan`, written without Foundation.
///
/// The generator shares one core with nothing but must stay much cheaper than the server it
/// measures: `String(format:)` cost it several microseconds a frame (Foundation's format parser and
/// `CVarArg` boxing), enough to make it, not the server, fall behind at 24,000 frames a second
/// (docs/performance.md, "The 24k tail"). The text is byte for byte what
/// `String(format: "%.3f"/"%.2f")` wrote, so the server's per-message figures stay comparable.
extension LoadPan {
    /// `{"pointers":[{"id":1,"phase":…,"pointerType":"touch","t":…,"x":…,"y":…}],"seq":…,"type":"input"}`
    /// for `frame`, stamped `milliseconds` after the session's clock started (three decimals; the
    /// point with two).
    public static func inputMessage(frame: Int, milliseconds: Double) -> String {
        let (phase, x, y) = Self.frame(frame)
        var text = #"{"pointers":[{"id":1,"phase":""#
        text += phase.rawValue
        text += #"","pointerType":"touch","t":"#
        appendFixed(milliseconds, decimals: 3, to: &text)
        text += #","x":"#
        appendFixed(x, decimals: 2, to: &text)
        text += #","y":"#
        appendFixed(y, decimals: 2, to: &text)
        text += #"}],"seq":"#
        text += String(frame)
        text += #","type":"input"}"#
        return text
    }

    /// Appends `value` with exactly `decimals` digits after the point, as `%.Nf` writes it. printf
    /// rounds the double's exact decimal expansion; this rounds the scaled double, which differs only
    /// within a rounding error of a tie (the test compares 200,000 frames). A value outside what a
    /// frame holds (not finite, or beyond 2⁵² once scaled) is written as Swift prints it.
    package static func appendFixed(_ value: Double, decimals: Int, to text: inout String) {
        var whole = 1
        for _ in 0..<decimals { whole *= 10 }
        let scaled = (abs(value) * Double(whole)).rounded(.toNearestOrAwayFromZero)
        guard let units = Int(exactly: scaled), units < 1 << 52 else {
            text += String(value)  // not a value a frame holds; still a JSON number
            return
        }
        if value < 0 { text += "-" }
        text += String(units / whole)
        text += "."
        let fraction = String(units % whole)
        text += String(repeating: "0", count: decimals - fraction.count)
        text += fraction
    }
}
