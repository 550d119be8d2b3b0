/// Identity lookups in the arena's short lists of touches and recognizers, asked on every dispatch.
///
/// They read each element through its index: the closure forms (`contains(where: { $0 === x })`,
/// `for element in list where …`) bind every element to a name, which makes this compiler retain
/// and release each element visited — in the arena, a large part of a frame's instructions.
extension Array where Element: AnyObject {
    /// The index of `object` in the list, compared by identity.
    func index(ofIdentical object: Element) -> Int? {
        for index in indices where self[index] === object { return index }
        return nil
    }

    /// Whether `object` is in the list, compared by identity.
    func containsIdentical(_ object: Element) -> Bool {
        index(ofIdentical: object) != nil
    }
}
