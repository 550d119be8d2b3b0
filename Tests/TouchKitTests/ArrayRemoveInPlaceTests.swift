import Testing
@testable import TouchKit

/// `Array.removeEach(where:)` removes what `removeAll(where:)` removes, keeping the order of the rest.
@Suite struct ArrayRemoveInPlaceTests {
    @Test func removesEveryMatchAndKeepsTheOrder() {
        for list in [[], [1], [2], [1, 2, 3, 4, 5, 6], [2, 4, 6], [1, 2, 2, 3, 4, 4, 4, 5]] {
            var inPlace = list, general = list
            inPlace.removeEach { $0 % 2 == 0 }
            general.removeAll { $0 % 2 == 0 }
            #expect(inPlace == general, "\(list)")
        }
    }

    @Test func asksAboutEachElementOnce() {
        var list = [1, 2, 3, 4]
        var asked: [Int] = []
        list.removeEach { asked.append($0); return $0 < 3 }
        #expect(list == [3, 4] && asked == [1, 2, 3, 4])
    }
}
