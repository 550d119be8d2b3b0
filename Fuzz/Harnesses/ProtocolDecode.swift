// libFuzzer harness: `ClientMessage.decode` on arbitrary bytes (scripts/fuzz.sh builds and runs it).
//
// Properties, beyond "never crashes, never traps, never reads out of bounds" (ASan):
// - decoding is total: any text either decodes or throws a `ProtocolError` with a known code;
// - a decoded message re-encodes (`text`) to a message that decodes to the same value (the same
//   encoding, for a message holding NaN);
// - with tight limits, decoding still only returns or throws.
import TouchBridgeProtocol

private let knownCodes: Set<String> = [
    "limit", "bad-json", "unknown-type", "unsupported-protocol", "schema", "not-allowed",
]

private let tightLimits = ProtocolLimits(
    maxMessageBytes: 300, maxPointersPerInput: 2, maxCoalescedPerPointer: 1, maxTouches: 2,
    maxInlineSceneBytes: 64, maxViewportPoints: 100, maxViewportScale: 2, maxObserversPerSession: 1, maxStringLength: 8)

@_cdecl("LLVMFuzzerTestOneInput")
public func protocolDecodeFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for limits in [ProtocolLimits(), tightLimits] {
        do {
            let message = try ClientMessage.decode(text, limits: limits)
            let encoded = message.text
            let again: ClientMessage
            do {
                again = try ClientMessage.decode(encoded, limits: ProtocolLimits(maxMessageBytes: .max))
            } catch {
                fatalError("decoded \(message), but its own encoding \(encoded) does not decode: \(error)")
            }
            // NaN (a pointer's x, y or t sent as null or "NaN", docs/protocol.md §2) is not equal to
            // itself: such a message round-trips when its encoding comes back the same.
            if again != message, !(again.text == encoded && encoded.contains(#""NaN""#)) {
                fatalError("round trip changed the message: \(text) → \(message) → \(encoded) → \(again)")
            }
        } catch {
            if !knownCodes.contains(error.code) { fatalError("unknown error code \(error.code) for \(text)") }
        }
    }
    return 0
}
