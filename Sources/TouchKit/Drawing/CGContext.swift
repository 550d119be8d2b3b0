import Foundation

/// Line ends, as CoreGraphics' `CGLineCap`.
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// One element of a path in a display list.
public enum PathElement: Equatable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case rect(CGRect)
    case ellipse(CGRect)
    case close
}

/// One command of a view's display list, recorded by `draw(_:)` and painted by the page.
public enum DrawCommand: Equatable, Sendable {
    case stroke(path: [PathElement], color: CGColor, lineWidth: CGFloat, lineCap: CGLineCap)
    case fill(path: [PathElement], color: CGColor)
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

    init() {}

    public func setLineWidth(_ width: CGFloat) { lineWidth = width }
    public func setLineCap(_ cap: CGLineCap) { lineCap = cap }
    public func setStrokeColor(_ color: CGColor) { strokeColor = color }
    public func setFillColor(_ color: CGColor) { fillColor = color }

    public func move(to point: CGPoint) { path.append(.move(point)) }
    public func addLine(to point: CGPoint) { path.append(.line(point)) }
    public func addRect(_ rect: CGRect) { path.append(.rect(rect)) }
    public func addEllipse(in rect: CGRect) { path.append(.ellipse(rect)) }
    public func closePath() { path.append(.close) }
    public func beginPath() { path.removeAll() }

    /// Strokes the current path and starts a new one, as CoreGraphics does.
    public func strokePath() {
        guard !path.isEmpty else { return }
        commands.append(.stroke(path: path, color: strokeColor, lineWidth: lineWidth, lineCap: lineCap))
        path.removeAll()
    }

    /// Fills the current path and starts a new one.
    public func fillPath() {
        guard !path.isEmpty else { return }
        commands.append(.fill(path: path, color: fillColor))
        path.removeAll()
    }

    public func stroke(_ rect: CGRect) {
        commands.append(.stroke(path: [.rect(rect)], color: strokeColor, lineWidth: lineWidth, lineCap: lineCap))
    }

    public func fill(_ rect: CGRect) { commands.append(.fill(path: [.rect(rect)], color: fillColor)) }
    public func strokeEllipse(in rect: CGRect) {
        commands.append(.stroke(path: [.ellipse(rect)], color: strokeColor, lineWidth: lineWidth, lineCap: lineCap))
    }
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
        let box = Box(CGContext())
        $current.withValue(box) { draw() }
        return box.context.commands
    }
}
