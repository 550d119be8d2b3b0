import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

/// `InputTranslation.newestTime`, the client time an `input` message gives the clock's offset estimate:
/// the latest finite time of any pointer or coalesced sample.
@Suite struct InputTranslationTests {
    /// The newest time may be a coalesced sample's, of any pointer; non-finite times never count.
    @Test func newestTimeIsTheLatestFiniteTimeOfAnyPointerOrSample() {
        let input = Input(seq: 1, pointers: [
            Pointer(id: 1, phase: .move, x: 0, y: 0, t: 20, coalesced: [PointerSample(x: 0, y: 0, t: 30), PointerSample(x: 0, y: 0, t: .infinity)]),
            Pointer(id: 2, phase: .move, x: 0, y: 0, t: .nan, coalesced: [PointerSample(x: 0, y: 0, t: 25)]),
        ])
        #expect(InputTranslation.newestTime(input) == 30)
    }

    /// A message whose times are all non-finite (or that has no pointers) gives the clock nothing.
    @Test func noFiniteTimeGivesNone() {
        #expect(InputTranslation.newestTime(Input(seq: 1, pointers: [])) == nil)
        let input = Input(seq: 1, pointers: [Pointer(id: 1, phase: .move, x: 0, y: 0, t: -.infinity, coalesced: [PointerSample(x: 0, y: 0, t: .nan)])])
        #expect(InputTranslation.newestTime(input) == nil)
    }
}
