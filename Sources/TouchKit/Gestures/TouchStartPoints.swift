import Foundation

/// Where each touch of a recognizer's attempt landed, by touch identifier: the table tap, long
/// press and swipe measure `allowableMovement` and direction from.
///
/// A recognizer tracks a few touches at most, so the table is a short list searched linearly: no
/// hashing per touch, and `removeAll()` empties it in place, keeping its storage for the next
/// attempt (a reset on every gesture costs a few instructions instead of a dictionary's sweep).
/// It behaves as the `[Int: CGPoint]` it replaces: setting a point for an identifier replaces the
/// earlier one, setting nil removes it.
struct TouchStartPoints {
    private var identifiers: [Int] = []
    private var points: [CGPoint] = []

    subscript(identifier: Int) -> CGPoint? {
        get {
            guard let index = identifiers.firstIndex(of: identifier) else { return nil }
            return points[index]
        }
        set {
            let index = identifiers.firstIndex(of: identifier)
            switch (index, newValue) {
            case let (index?, point?):
                points[index] = point
            case let (index?, nil):
                identifiers.remove(at: index)
                points.remove(at: index)
            case let (nil, point?):
                identifiers.append(identifier)
                points.append(point)
            case (nil, nil):
                break
            }
        }
    }

    /// Forgets every touch, keeping the storage.
    mutating func removeAll() {
        identifiers.clearKeepingCapacity()
        points.clearKeepingCapacity()
    }
}
