import Foundation

/// A stroke's dash pattern, as CoreGraphics' `setLineDash(phase:lengths:)` takes it: lengths of painted
/// and unpainted stretches, alternating, starting `phase` points into the pattern (UIKIT-EVERYDAY-LINE-DASH).
struct LineDash: Equatable {
    /// At most this many dashes per stroke: a pattern of tiny lengths along a long path draws this many and
    /// leaves the rest of the path unpainted, so one stroke's cost stays bounded [choose].
    static let maximumDashes = 4096

    var lengths: [CGFloat]
    var phase: CGFloat

    /// A usable pattern, or nil for a solid line: CoreGraphics strokes solid when the lengths are empty, and
    /// TouchKit also when any length is negative or not finite or they add up to zero [choose: Apple does
    /// not document those].
    init?(lengths: [CGFloat], phase: CGFloat) {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.reduce(0, +) > 0 else { return nil }
        self.lengths = lengths.count % 2 == 0 ? lengths : lengths + lengths
        self.phase = phase.isFinite ? phase : 0
    }

    /// The painted stretches of `polygons`, each an open polyline: the pattern runs on across corners and
    /// restarts (at `phase`) with each subpath, as in CoreGraphics.
    func apply(to polygons: [PathPolygon]) -> [PathPolygon] {
        let period = lengths.reduce(0, +)
        var dashes: [PathPolygon] = []
        for polygon in polygons {
            let points = polygon.closed && polygon.points.count > 1 ? polygon.points + [polygon.points[0]] : polygon.points
            var index = 0
            var remaining = lengths[0]
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            while offset >= remaining {
                offset -= remaining
                index = (index + 1) % lengths.count
                remaining = lengths[index]
            }
            remaining -= offset
            var current: [CGPoint] = index % 2 == 0 ? [points[0]] : []
            for (a, b) in zip(points, points.dropFirst()) {
                let length = a.distance(to: b)
                var walked: CGFloat = 0
                while length - walked > remaining {
                    walked += remaining
                    let t = walked / length
                    let cut = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    if index % 2 == 0 {
                        // A dash that ended exactly at the previous corner already has its last point.
                        if current.last != cut { current.append(cut) }
                        dashes.append(PathPolygon(points: current, closed: false))
                        guard dashes.count < Self.maximumDashes else { return dashes }
                        current = []
                    } else {
                        current = [cut]
                    }
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                }
                remaining -= length - walked
                if index % 2 == 0 { current.append(b) }
            }
            if current.count > 1 { dashes.append(PathPolygon(points: current, closed: false)) }
        }
        return dashes
    }
}

extension PathElement {
    /// The element as path elements, so a display-list path can be flattened and dashed.
    var pathElements: [CGPath.Element] {
        switch self {
        case .move(let point): [.move(point)]
        case .line(let point): [.line(point)]
        case .rect(let rect): PathShapes.rect(rect)
        case .ellipse(let rect): PathShapes.oval(in: rect)
        case .close: [.close]
        }
    }
}
