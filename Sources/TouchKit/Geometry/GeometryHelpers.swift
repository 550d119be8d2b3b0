import Foundation

extension CGPoint {
    /// Euclidean distance between two points.
    func distance(to other: CGPoint) -> CGFloat {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    var isFinite: Bool { x.isFinite && y.isFinite }

    static func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

extension CGRect {
    var center: CGPoint { CGPoint(x: midX, y: midY) }
}

extension Sequence where Element == CGPoint {
    /// The centroid (mean point) of a set of points; `.zero` for none.
    func centroid() -> CGPoint {
        var sum = CGPoint.zero
        var count: CGFloat = 0
        for p in self { sum = sum + p; count += 1 }
        return count == 0 ? .zero : CGPoint(x: sum.x / count, y: sum.y / count)
    }
}
