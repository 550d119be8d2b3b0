import Testing
@testable import TouchBridgeProtocol

/// `InputBytesReader` matches a pointer's `phase` and `pointerType` on their bytes, with its own list of
/// the values: every value the protocol has must be on it (a missing one would send every message that
/// carries it to the general decoder, ten times slower), and nothing else may match.
@Suite("Reading the input's enums on their bytes")
struct InputBytesReaderEnumTests {
    static func message(phase: String, pointerType: String) -> String {
        #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"\#(phase)","x":1,"y":2,"t":3,"pointerType":"\#(pointerType)"}]}"#
    }

    @Test(arguments: PointerPhase.allCases, PointerType.allCases)
    func readsEveryPhaseAndPointerType(_ phase: PointerPhase, _ pointerType: PointerType) throws {
        let text = Self.message(phase: phase.rawValue, pointerType: pointerType.rawValue)
        let pointer = try #require(InputBytesReader.read(text)?.pointers.first, "the fast path declined \(text)")
        #expect(pointer.phase == phase)
        #expect(pointer.pointerType == pointerType)
    }

    /// Prefixes, extensions, other cases and the other enum's values are not values.
    @Test(arguments: ["", "d", "dow", "downs", "Down", "DOWN", "mov", "moved", "u", "upp", "cancelled", "touch", " up"])
    func declinesWhatIsNotAPhase(_ phase: String) {
        #expect(InputBytesReader.read(Self.message(phase: phase, pointerType: "touch")) == nil)
    }

    @Test(arguments: ["", "t", "touc", "touches", "Touch", "pe", "pens", "mous", "mice", "down", "finger"])
    func declinesWhatIsNotAPointerType(_ pointerType: String) {
        #expect(InputBytesReader.read(Self.message(phase: "down", pointerType: pointerType)) == nil)
    }
}
