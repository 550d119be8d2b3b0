import Foundation

extension UIView {
    /// `intrinsicContentSize`'s value for a dimension the view does not determine (−1, as UIKit's).
    public static let noIntrinsicMetric: CGFloat = -1

    /// Resizes the view to `sizeThatFits(_:)` of its current size, keeping its frame's top-left corner
    /// (UIKIT-EVERYDAY-SIZING).
    public func sizeToFit() {
        let origin = frame.origin
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: origin, size: size)
    }

    /// TouchKit has no Auto Layout to tell: kept so code that calls it compiles; `intrinsicContentSize` is
    /// computed when read.
    public func invalidateIntrinsicContentSize() {}
}

extension TextMetrics {
    /// The size of `text` in `font` on at most `numberOfLines` lines (0: any number) wrapped to `width`,
    /// rounded up to whole points as UIKit's label sizes are; zero for empty text.
    static func fittingSize(of text: String?, in font: UIFont, numberOfLines: Int, width: CGFloat) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        var lines = numberOfLines == 1 ? [text] : self.lines(of: text, in: font, width: width > 0 ? width : .infinity)
        if numberOfLines > 0 { lines = Array(lines.prefix(numberOfLines)) }
        let widest = lines.map { self.width(of: $0, in: font) }.max() ?? 0
        return CGSize(width: widest.rounded(.up), height: (CGFloat(lines.count) * font.pointSize * lineHeight).rounded(.up))
    }
}
