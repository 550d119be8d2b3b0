import Foundation

/// Line ends, as CoreGraphics' `CGLineCap`.
public enum CGLineCap: Int32, Sendable {
    /// Flat at the end point, a semicircle around it, or a half-square past it.
    case butt, round, square
}

/// One element of a path in a display list.
public enum PathElement: Equatable, Sendable {
    /// Starts a subpath.
    case move(CGPoint)
    /// A straight line from the current point.
    case line(CGPoint)
    /// A closed rectangle subpath.
    case rect(CGRect)
    /// A closed ellipse subpath inscribed in the rectangle.
    case ellipse(CGRect)
    /// Closes the current subpath.
    case close
}

/// One command of a view's display list, recorded by `draw(_:)` and painted by the page.
public enum DrawCommand: Equatable, Sendable {
    /// A stroked path with the context's colour and line style at the time.
    case stroke(path: [PathElement], color: CGColor, lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin = .miter)
    /// A filled path; `evenOdd` false is the non-zero winding rule.
    case fill(path: [PathElement], color: CGColor, evenOdd: Bool = false)
    /// Text with its top-left corner at `at`.
    case text(String, at: CGPoint, fontSize: CGFloat, color: CGColor)
}

/// A recording drawing context with the Swift names of CoreGraphics' `CGContext`
/// (Linux adaptation: it records a display list instead of rasterising).
public final class CGContext {
    private(set) var commands: [DrawCommand] = []
    private var path: [PathElement] = []
    private var strokeColor = UIColor.black.cgColor
    private var fillColor = UIColor.black.cgColor
    private var lineWidth: CGFloat = 1
    private var lineCap = CGLineCap.butt
    private var lineJoin = CGLineJoin.miter
    private var lineDash: LineDash?
    private var savedStates: [(CGColor, CGColor, CGFloat, CGLineCap, CGLineJoin, LineDash?)] = []
    /// The animations of the sublayers drawn so far, each with the commands it moves (`CALayer.render`).
    var sublayerAnimations: [RenderAnimation] = []
    /// The stroke a shape layer drew last while its `strokeStart` or `strokeEnd` animates: the command's
    /// index and the path before trimming, so the page can trim it again as the animation runs.
    var animatedStroke: (index: Int, path: [PathElement])?
    /// How many commands are recorded so far.
    var commandCount: Int { commands.count }

    init() {}

    /// Line width for later strokes, in points (default 1).
    public func setLineWidth(_ width: CGFloat) { lineWidth = width }
    /// Line ends for later strokes (default `.butt`).
    public func setLineCap(_ cap: CGLineCap) { lineCap = cap }
    /// Line joins for later strokes (default `.miter`).
    public func setLineJoin(_ join: CGLineJoin) { lineJoin = join }

    /// Dashes later strokes: `lengths` alternate painted and unpainted stretches, starting `phase` points
    /// into the pattern; empty lengths stroke solid again (UIKIT-EVERYDAY-LINE-DASH).
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { lineDash = LineDash(lengths: lengths, phase: phase) }

    /// Pushes the colours and line style (CoreGraphics' graphics state stack).
    public func saveGState() { savedStates.append((strokeColor, fillColor, lineWidth, lineCap, lineJoin, lineDash)) }

    /// Pops what the matching `saveGState()` pushed; nothing when the stack is empty.
    public func restoreGState() {
        guard let state = savedStates.popLast() else { return }
        (strokeColor, fillColor, lineWidth, lineCap, lineJoin, lineDash) = state
    }

    /// Adds `path`'s subpaths to the current path (curves flattened: the display list has lines).
    public func addPath(_ path: CGPath) { addPolygons(path.polygons()) }

    func addPolygons(_ polygons: [PathPolygon]) {
        self.path += polygons.drawElements
    }
    /// Colour for later strokes (default black).
    public func setStrokeColor(_ color: CGColor) { strokeColor = color }
    /// Colour for later fills and text (default black).
    public func setFillColor(_ color: CGColor) { fillColor = color }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.append(.move(point)) }
    /// Adds a line from the current point to `point`.
    public func addLine(to point: CGPoint) { path.append(.line(point)) }
    /// Adds a rectangle subpath.
    public func addRect(_ rect: CGRect) { path.append(.rect(rect)) }
    /// Adds an ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { path.append(.ellipse(rect)) }
    /// Closes the current subpath.
    public func closePath() { path.append(.close) }
    /// Discards the current path.
    public func beginPath() { path.removeAll() }

    /// Strokes the current path and starts a new one, as CoreGraphics does.
    public func strokePath() {
        guard !path.isEmpty else { return }
        appendStroke(path)
        path.removeAll()
    }

    /// A stroke command for `path` in the current style; a dashed style strokes only the dashes, each an
    /// open subpath with its own line caps, as CoreGraphics draws them.
    private func appendStroke(_ path: [PathElement]) {
        var stroked = path
        if let lineDash {
            stroked = []
            for dash in lineDash.apply(to: PathFlattening.polygons(of: path.flatMap(\.pathElements))) {
                stroked.append(.move(dash.points[0]))
                for point in dash.points.dropFirst() { stroked.append(.line(point)) }
            }
            guard !stroked.isEmpty else { return }
        }
        commands.append(.stroke(path: stroked, color: strokeColor, lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin))
    }

    /// Fills the current path with `rule` and starts a new one.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        guard !path.isEmpty else { return }
        commands.append(.fill(path: path, color: fillColor, evenOdd: rule == .evenOdd))
        path.removeAll()
    }

    /// Strokes a rectangle with the current stroke style, leaving the current path alone.
    public func stroke(_ rect: CGRect) { appendStroke([.rect(rect)]) }

    /// Fills a rectangle with the fill colour, leaving the current path alone.
    public func fill(_ rect: CGRect) { commands.append(.fill(path: [.rect(rect)], color: fillColor)) }
    /// Strokes the ellipse inscribed in `rect`, leaving the current path alone.
    public func strokeEllipse(in rect: CGRect) { appendStroke([.ellipse(rect)]) }
    /// Fills the ellipse inscribed in `rect`, leaving the current path alone.
    public func fillEllipse(in rect: CGRect) { commands.append(.fill(path: [.ellipse(rect)], color: fillColor)) }

    /// Draws text with its top-left corner at `point` (Linux adaptation of `NSString.draw(at:withAttributes:)`).
    public func draw(text: String, at point: CGPoint, fontSize: CGFloat = 17) {
        commands.append(.text(text, at: point, fontSize: fontSize, color: fillColor))
    }
}

/// The context that `draw(_:)` is drawing into, or nil outside the display pass.
///
/// UIKit keeps a per-thread context stack; TouchKit binds the context to the current task, so many
/// applications can run their display passes on different threads without sharing state.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextBinding.current?.context
}

enum GraphicsContextBinding {
    /// Boxes the non-Sendable context; it is only ever read on the thread that bound it.
    final class Box: @unchecked Sendable {
        let context: CGContext
        init(_ context: CGContext) { self.context = context }
    }

    @TaskLocal static var current: Box?

    /// Runs `draw` with a fresh current context and returns what it recorded.
    static func record(_ draw: () -> Void) -> [DrawCommand] {
        record { _ in draw() }
    }

    /// Runs `draw` with a fresh context, current and passed in, and returns what it recorded.
    static func record(_ draw: (CGContext) -> Void) -> [DrawCommand] {
        let box = Box(CGContext())
        $current.withValue(box) { draw(box.context) }
        return box.context.commands
    }
}
