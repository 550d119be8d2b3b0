import Foundation

/// One subpath as a polyline; `closed` when it ended with a close element.
struct PathPolygon: Equatable {
    var points: [CGPoint]
    var closed: Bool
}

/// The elements of common shapes, drawn as UIKit draws them (clockwise on screen, starting at the
/// top-left corner or, for ovals, at the rightmost point).
enum PathShapes {
    static func rect(_ rect: CGRect) -> [CGPath.Element] {
        let r = rect.standardized
        return [.move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)),
                .line(CGPoint(x: r.maxX, y: r.maxY)), .line(CGPoint(x: r.minX, y: r.maxY)), .close]
    }

    static func oval(in rect: CGRect) -> [CGPath.Element] {
        let r = rect.standardized
        let scale = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
        return arc(center: .zero, radius: 1, from: 0, to: 2 * .pi, clockwise: true, continuing: false).map { $0.applying(scale) } + [.close]
    }

    static func roundedRect(_ rect: CGRect, radius: CGFloat) -> [CGPath.Element] {
        let r = rect.standardized
        let radius = max(0, min(radius, r.width / 2, r.height / 2))
        guard radius > 0 else { return self.rect(r) }
        var elements: [CGPath.Element] = [.move(CGPoint(x: r.minX + radius, y: r.minY)), .line(CGPoint(x: r.maxX - radius, y: r.minY))]
        elements += arc(center: CGPoint(x: r.maxX - radius, y: r.minY + radius), radius: radius, from: -.pi / 2, to: 0, clockwise: true, continuing: true)
        elements.append(.line(CGPoint(x: r.maxX, y: r.maxY - radius)))
        elements += arc(center: CGPoint(x: r.maxX - radius, y: r.maxY - radius), radius: radius, from: 0, to: .pi / 2, clockwise: true, continuing: true)
        elements.append(.line(CGPoint(x: r.minX + radius, y: r.maxY)))
        elements += arc(center: CGPoint(x: r.minX + radius, y: r.maxY - radius), radius: radius, from: .pi / 2, to: .pi, clockwise: true, continuing: true)
        elements.append(.line(CGPoint(x: r.minX, y: r.minY + radius)))
        elements += arc(center: CGPoint(x: r.minX + radius, y: r.minY + radius), radius: radius, from: .pi, to: 3 * .pi / 2, clockwise: true, continuing: true)
        elements.append(.close)
        return elements
    }

    /// A rectangle with `corners` rounded by elliptical arcs of `radii`, each clamped to half the
    /// rectangle's side; clockwise from the top edge, as UIKit draws it.
    static func roundedRect(_ rect: CGRect, corners: UIRectCorner, radii: CGSize) -> [CGPath.Element] {
        let r = rect.standardized
        let rx = max(0, min(radii.width, r.width / 2)), ry = max(0, min(radii.height, r.height / 2))
        guard rx > 0, ry > 0, !corners.isEmpty else { return self.rect(r) }
        func radius(_ corner: UIRectCorner) -> CGSize { corners.contains(corner) ? CGSize(width: rx, height: ry) : .zero }
        let topLeft = radius(.topLeft), topRight = radius(.topRight)
        let bottomRight = radius(.bottomRight), bottomLeft = radius(.bottomLeft)
        /// A quarter ellipse around `centre` from angle `from` (a multiple of π/2), clockwise.
        func corner(_ centre: CGPoint, _ size: CGSize, from: CGFloat) -> [CGPath.Element] {
            guard size.width > 0 else { return [] }
            let scale = CGAffineTransform(a: size.width, b: 0, c: 0, d: size.height, tx: centre.x, ty: centre.y)
            return arc(center: .zero, radius: 1, from: from, to: from + .pi / 2, clockwise: true, continuing: true).map { $0.applying(scale) }
        }
        var elements: [CGPath.Element] = [.move(CGPoint(x: r.minX + topLeft.width, y: r.minY)),
                                          .line(CGPoint(x: r.maxX - topRight.width, y: r.minY))]
        elements += corner(CGPoint(x: r.maxX - topRight.width, y: r.minY + topRight.height), topRight, from: -.pi / 2)
        elements.append(.line(CGPoint(x: r.maxX, y: r.maxY - bottomRight.height)))
        elements += corner(CGPoint(x: r.maxX - bottomRight.width, y: r.maxY - bottomRight.height), bottomRight, from: 0)
        elements.append(.line(CGPoint(x: r.minX + bottomLeft.width, y: r.maxY)))
        elements += corner(CGPoint(x: r.minX + bottomLeft.width, y: r.maxY - bottomLeft.height), bottomLeft, from: .pi / 2)
        elements.append(.line(CGPoint(x: r.minX, y: r.minY + topLeft.height)))
        elements += corner(CGPoint(x: r.minX + topLeft.width, y: r.minY + topLeft.height), topLeft, from: .pi)
        elements.append(.close)
        return elements
    }

    /// An arc as cubic Béziers of at most a quarter turn. Angles in radians from the +x axis;
    /// y points down, so `clockwise` (on screen) means increasing angles. `continuing`: a line
    /// joins the current point to the arc's start (UIKit's `addArc`); otherwise the arc starts a
    /// subpath.
    static func arc(center: CGPoint, radius: CGFloat, from start: CGFloat, to end: CGFloat, clockwise: Bool,
                    continuing: Bool) -> [CGPath.Element] {
        var sweep = end - start
        let turn = 2 * CGFloat.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            if sweep > turn { sweep = turn }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            if sweep < -turn { sweep = -turn }
        }
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        var elements: [CGPath.Element] = [continuing ? .line(point(start)) : .move(point(start))]
        // The sweep is at most one turn (4 quarter turns, 5 with rounding); clamped as a CGFloat, so NaN cannot trap the conversion.
        let pieces = Int(max(1, min(8, (abs(sweep) / (CGFloat.pi / 2)).rounded(.up))))
        let step = sweep / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4) * radius
        for index in 0..<pieces {
            let a0 = start + CGFloat(index) * step, a1 = a0 + step
            let p0 = point(a0), p1 = point(a1)
            elements.append(.cubic(p1, control1: CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                                   control2: CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))))
        }
        return elements
    }
}

/// Curves → polylines. A curve gets one segment per 2 pt of its control polygon's length
/// (4 to 64): finer than a phone's pixels at scale 3 for the radii scenes use.
enum PathFlattening {
    static func polygons(of elements: [CGPath.Element]) -> [PathPolygon] {
        var result: [PathPolygon] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero
        func finish(closed: Bool) {
            if !current.isEmpty { result.append(PathPolygon(points: current, closed: closed)) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p]
                start = p
            case .line(let p):
                if current.isEmpty { current = [start] }
                current.append(p)
            case .quad(let p, let c):
                if current.isEmpty { current = [start] }
                let p0 = current.last!
                current += samples(p0.distance(to: c) + c.distance(to: p)).map { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
                }
            case .cubic(let p, let c1, let c2):
                if current.isEmpty { current = [start] }
                let p0 = current.last!
                current += samples(p0.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p)).map { t in
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y)
                }
            case .close:
                if !current.isEmpty {
                    finish(closed: true)
                    current = []
                }
            }
        }
        finish(closed: false)
        return result
    }

    /// Parameters in (0, 1], ending exactly at 1.
    private static func samples(_ length: CGFloat) -> [CGFloat] {
        // Clamped as a CGFloat, so a length that is not finite cannot trap the conversion.
        let count = Int(max(4, min(64, (length / 2).rounded(.up))))
        return (1...count).map { CGFloat($0) / CGFloat(count) }
    }

    /// The part of the polylines between fractions `from` and `to` of their total length (what
    /// `CAShapeLayer` strokes for `strokeStart`/`strokeEnd`): nothing when `from >= to`.
    static func trim(_ polygons: [PathPolygon], from: CGFloat, to: CGFloat) -> [PathPolygon] {
        let from = max(0, min(1, from)), to = max(0, min(1, to))
        if from == 0 && to == 1 { return polygons }
        guard from < to else { return [] }
        let closedUp = polygons.map { polygon in
            polygon.closed && polygon.points.count > 1 ? polygon.points + [polygon.points[0]] : polygon.points
        }
        let total = closedUp.reduce(0) { sum, points in sum + zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) } }
        guard total > 0 else { return [] }
        let (low, high) = (from * total, to * total)
        var result: [PathPolygon] = []
        var walked: CGFloat = 0
        for points in closedUp {
            var piece: [CGPoint] = []
            for (a, b) in zip(points, points.dropFirst()) {
                let length = a.distance(to: b)
                let (s, e) = (walked, walked + length)
                walked = e
                guard e > low, s < high, length > 0 else { continue }
                func at(_ d: CGFloat) -> CGPoint {
                    let t = max(0, min(1, (d - s) / length))
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if piece.isEmpty { piece.append(at(max(s, low))) }
                piece.append(at(min(e, high)))
            }
            if piece.count > 1 { result.append(PathPolygon(points: piece, closed: false)) }
        }
        return result
    }
}

/// Point-in-path by winding number over the flattened subpaths (UIKIT-PATH-CONTAINS). Edges are half-open, so
/// on axis-aligned edges the CGRect rule holds: min edges inside, max edges outside [choose: Apple does not
/// document points on the edge].
enum PathContainment {
    static func contains(_ point: CGPoint, in polygons: [PathPolygon], evenOdd: Bool, closedOnly: Bool) -> Bool {
        var winding = 0
        for polygon in polygons where polygon.points.count > 2 && (polygon.closed || !closedOnly) {
            let points = polygon.points
            for index in points.indices {
                let a = points[index], b = points[(index + 1) % points.count]
                if a.y <= point.y && point.y < b.y {
                    // Upward in y (downward on screen): counts when the point is strictly left of it.
                    if cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y && point.y < a.y {
                    if cross(a, b, point) < 0 { winding -= 1 }
                }
            }
        }
        return evenOdd ? winding % 2 != 0 : winding != 0
    }

    private static func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}
