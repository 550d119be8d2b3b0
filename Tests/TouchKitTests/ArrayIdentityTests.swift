import Testing
@testable import TouchKit

/// The arena's identity lookups (`Array.index(ofIdentical:)`, `containsIdentical`) find objects by
/// identity, never by equality.
@Suite struct ArrayIdentityTests {
    /// Equal to every other box, so a lookup by equality would find the wrong one.
    final class Box: Equatable {
        static func == (lhs: Box, rhs: Box) -> Bool { true }
    }

    @Test func findsTheObjectItselfNotAnEqualOne() {
        let a = Box(), b = Box(), c = Box()
        let list = [a, b]
        #expect(list.index(ofIdentical: a) == 0)
        #expect(list.index(ofIdentical: b) == 1)
        #expect(list.index(ofIdentical: c) == nil, "an equal object that is not in the list")
        #expect(list.containsIdentical(b) && !list.containsIdentical(c))
        #expect([Box]().index(ofIdentical: a) == nil)
    }

    @Test func findsTheFirstOccurrence() {
        let a = Box(), b = Box()
        #expect([b, a, b, a].index(ofIdentical: a) == 1)
    }
}
