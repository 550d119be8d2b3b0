import TouchKit

/// A declarative view's frame: points, fractions of its superview, or edges anchored to the
/// superview's — resolved against the superview's bounds at every layout, so a scene adapts to
/// phones, tablets and rotations (docs/scenes.md).
///
/// JSON: `[x, y, width, height]`, where any entry may be a string `"N%"` (of the superview's width
/// for x and width, of its height for y and height); or an object with, per axis, two of
/// `left`/`width`/`right` (or `centerX` with `width`) and two of `top`/`height`/`bottom` (or
/// `centerY` with `height`), each points or `"N%"`, and optionally `"guide": "safeArea"` to resolve against the
/// superview's safe area (UIKit's `safeAreaLayoutGuide`) instead of its bounds — so nothing lands under a notch,
/// a status bar or a home indicator. Negative sizes resolve to 0.
struct FrameSpec: Equatable, Sendable {
    /// What a frame is laid out against: the superview's bounds or the part of them inside its safe area.
    enum Guide: String, CaseIterable, Sendable { case bounds, safeArea }

    enum Length: Equatable, Sendable {
        case points(Double)
        case fraction(Double)

        func resolve(in length: Double) -> Double {
            switch self {
            case .points(let value): value
            case .fraction(let value): value * length
            }
        }
    }

    /// One axis: the anchors given (exactly two, or centre and length).
    struct Axis: Equatable, Sendable {
        var start: Length?
        var length: Length?
        var end: Length?
        var center: Length?

        /// Origin and length within a superview of `superLength`.
        func resolve(in superLength: Double) -> (Double, Double) {
            let size: Double
            if let length {
                size = length.resolve(in: superLength)
            } else {
                size = superLength - (start?.resolve(in: superLength) ?? 0) - (end?.resolve(in: superLength) ?? 0)
            }
            let clamped = max(size, 0)
            if let center { return (center.resolve(in: superLength) - clamped / 2, clamped) }
            if let start { return (start.resolve(in: superLength), clamped) }
            return (superLength - (end?.resolve(in: superLength) ?? 0) - clamped, clamped)
        }
    }

    var x: Axis
    var y: Axis
    var guide = Guide.bounds

    /// A fixed rectangle in points.
    init(_ rect: CGRect) {
        x = Axis(start: .points(rect.minX), length: .points(rect.width))
        y = Axis(start: .points(rect.minY), length: .points(rect.height))
    }

    init(x: Axis, y: Axis, guide: Guide = .bounds) {
        self.x = x
        self.y = y
        self.guide = guide
    }

    /// The rectangle in a superview of `bounds` size, ignoring the guide (for sizes known before layout).
    func resolve(in bounds: CGSize) -> CGRect {
        let (originX, width) = x.resolve(in: bounds.width)
        let (originY, height) = y.resolve(in: bounds.height)
        return CGRect(x: originX, y: originY, width: width, height: height)
    }

    /// The rectangle in `superview`'s coordinates, against its bounds or its safe area as `guide` says.
    func resolve(in superview: UIView?) -> CGRect {
        guard let superview else { return resolve(in: .zero) }
        let area = guide == .safeArea ? superview.safeAreaLayoutGuide.layoutFrame : superview.bounds
        return resolve(in: area.size).offsetBy(dx: area.minX, dy: area.minY)
    }
}

extension JSONWalker {
    func frame() throws(SceneError) -> FrameSpec {
        if value is [Any] {
            let parts = try array()
            guard parts.count == 4 else { throw error("expected [x, y, width, height]") }
            return FrameSpec(
                x: .init(start: try parts[0].length(), length: try parts[2].length(nonNegative: true)),
                y: .init(start: try parts[1].length(), length: try parts[3].length(nonNegative: true)))
        }
        let object = try object(allowing: ["left", "right", "width", "centerX", "top", "bottom", "height", "centerY", "guide"])
        func axis(_ start: String, _ length: String, _ end: String, _ center: String) throws(SceneError) -> FrameSpec.Axis {
            let axis = FrameSpec.Axis(
                start: try field(start, in: object)?.length(), length: try field(length, in: object)?.length(nonNegative: true),
                end: try field(end, in: object)?.length(), center: try field(center, in: object)?.length())
            let given = [axis.start, axis.length, axis.end].compactMap { $0 }.count
            let valid = axis.center == nil ? given == 2 : (given == 1 && axis.length != nil)
            guard valid else { throw error("give two of \(start), \(length) and \(end), or \(center) and \(length)") }
            return axis
        }
        let guide = try field("guide", in: object)?.oneOf(FrameSpec.Guide.allCases.map(\.rawValue)) ?? FrameSpec.Guide.bounds.rawValue
        return FrameSpec(x: try axis("left", "width", "right", "centerX"), y: try axis("top", "height", "bottom", "centerY"),
                         guide: FrameSpec.Guide(rawValue: guide)!)
    }

    /// Points, or a string `"N%"` of the superview's length.
    func length(nonNegative: Bool = false) throws(SceneError) -> FrameSpec.Length {
        if let text = value as? String {
            guard text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite, (-1000...1000).contains(percent),
                  !nonNegative || percent >= 0 else {
                throw error("expected points or a percentage such as \"50%\"")
            }
            return .fraction(percent / 100)
        }
        return .points(try number(in: nonNegative ? 0...1e6 : -1e6...1e6))
    }
}
