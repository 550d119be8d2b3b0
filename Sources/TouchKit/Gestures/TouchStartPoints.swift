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
    private var entries: [(identifier: Int, point: CGPoint)] = []

    subscript(identifier: Int) -> CGPoint? {
        get {
            guard let index = index(of: identifier) else { return nil }
            return entries[index].point
        }
        set {
            switch (index(of: identifier), newValue) {
            case let (index?, point?):
                entries[index].point = point
            case let (index?, nil):
                entries.remove(at: index)
            case let (nil, point?):
                entries.append((identifier, point))
            case (nil, nil):
                break
            }
        }
    }

    /// Forgets every touch, keeping the storage.
    mutating func removeAll() {
        entries.clearKeepingCapacity()
    }

    private func index(of identifier: Int) -> Int? {
        for index in entries.indices where entries[index].identifier == identifier { return index }
        return nil
    }
}
