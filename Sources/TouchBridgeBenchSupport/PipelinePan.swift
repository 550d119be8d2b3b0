import TouchBridgeProtocol
import TouchBridgeServer

/// The pipeline benchmarks' workload: a one-finger pan over `image-translation` sent as `input`
/// messages to a hub with no sockets. `touchbridge bench engine` times it; Benchmarks/'s
/// `touchbridge-trace` replays it for callgrind.
public enum PipelinePan {
    /// The `index`th input message of the pan: a one-finger drag of 72 frames (down, 70 moves, up) at
    /// 120 Hz, rightwards then back, over and over.
    public static func message(_ index: Int) -> String {
        let cycle = index % 72
        let phase = cycle == 0 ? "down" : cycle == 71 ? "up" : "move"
        let x = (index / 72) % 2 == 0 ? 200 + Double(cycle) * 2 : 342 - Double(cycle) * 2
        return #"{"pointers":[{"id":1,"phase":"\#(phase)","pointerType":"touch","t":\#(Double(index) * 8.333),"x":\#(x),"y":400}],"seq":\#(index),"type":"input"}"#
    }

    /// A hub whose device session (connection 1) shows `image-translation` on the manual clock.
    public static func session() -> Hub { session(scene: #""image-translation""#) }

    /// Decodes `messages` as the server does; returns how many were inputs. Benchmarks/'s
    /// `touchbridge-trace decode` counts the instructions of this function alone (not those that build
    /// the messages); it lives here because the decoder is not a product a package can import.
    @inline(never)
    public static func decodeInputs(_ messages: [String]) -> Int {
        let limits = ProtocolLimits()
        var decoded = 0
        for message in messages {
            if case .session(.success(.input)) = InboundMessage.decode(message, limits: limits) { decoded += 1 }
        }
        return decoded
    }

    /// Decodes each of `messages` as the server does and hands it to `hub`; returns the bytes of
    /// what came back.
    @discardableResult
    public static func send(_ messages: [String], to hub: Hub) -> Int {
        var bytes = 0
        for message in messages {
            guard case .session(let decoded) = InboundMessage.decode(message, limits: hub.limits) else { continue }
            for (_, effect) in hub.handle(.decoded(decoded, text: message, receivedAt: 0), on: 1) {
                bytes += effect.message?.utf8.count ?? 0
            }
        }
        return bytes
    }
}
