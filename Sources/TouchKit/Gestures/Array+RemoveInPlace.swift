extension Array {
    /// `removeAll(where:)` for the engine's short lists, where a call usually removes one element or
    /// none (expired velocity samples, superseded recent taps): each one is removed in place, which
    /// costs a fraction of the general removal's partition and replacement. Keeps the order.
    mutating func removeEach(where shouldRemove: (Element) -> Bool) {
        var index = startIndex
        while index < endIndex {
            if shouldRemove(self[index]) { remove(at: index) } else { index += 1 }
        }
    }
}
