import Foundation
import Testing
@testable import TouchBridgeTransport

/// A server's frame as it is on the wire: unmasked unless `maskKey` is given.
private func serverFrame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, rsv: UInt8 = 0,
                         maskKey: [UInt8]? = nil) -> [UInt8] {
    var bytes: [UInt8] = [(final ? 0x80 : 0) | rsv | opcode]
    let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
    switch payload.count {
    case ..<126: bytes.append(maskBit | UInt8(payload.count))
    case ..<65_536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
        bytes.append(maskBit | 127)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
    }
    if let maskKey {
        bytes += maskKey
        bytes += payload.enumerated().map { $0.element ^ maskKey[$0.offset & 3] }
    } else {
        bytes += payload
    }
    return bytes
}

private func text(_ s: String, final: Bool = true, opcode: UInt8 = 1) -> [UInt8] {
    serverFrame(opcode, Array(s.utf8), final: final)
}

/// Feeds `bytes` in reads of `chunk` bytes and collects every event, or the failure that ended it.
private func read(_ bytes: [UInt8], chunk: Int = .max, limit: Int = 1 << 20) -> ([ClientFrameReader.Event], ClientFrameReader.Failure?) {
    var reader = ClientFrameReader(maxMessageBytes: limit)
    var events: [ClientFrameReader.Event] = []
    var start = 0
    repeat {
        let end = min(bytes.count, start + chunk)
        bytes[start..<end].withUnsafeBytes { reader.append($0) }
        start = end
        do {
            while let event = try reader.next() { events.append(event) }
        } catch {
            return (events, error)
        }
    } while start < bytes.count
    return (events, nil)
}

@Suite("ClientFrameReader")
struct ClientFrameReaderTests {
    @Test func aMessageSplitAtEveryByteIsReadOnce() {
        let message = String(repeating: "pan ", count: 300)  // 1,200 bytes: a 16-bit length
        let bytes = text(message) + text("next")
        for chunk in [1, 2, 3, 7, 100, bytes.count] {
            let (events, failure) = read(bytes, chunk: chunk)
            #expect(failure == nil)
            #expect(events == [.text(message), .text("next")], "reads of \(chunk) bytes")
        }
    }

    @Test func everyLengthEncodingIsRead() {
        for count in [0, 1, 125, 126, 127, 65_535, 65_536, 200_000] {
            let message = String(repeating: "x", count: count)
            #expect(read(text(message), chunk: 4_096) == ([.text(message)], nil), "\(count) bytes")
        }
    }

    @Test func fragmentsAreJoinedAroundAPing() {
        let bytes = text("hel", final: false) + serverFrame(0x9, [1, 2]) + text("lo ", final: false, opcode: 0)
            + serverFrame(0xA, []) + text("wor", final: false, opcode: 0) + text("ld", opcode: 0)
        #expect(read(bytes, chunk: 3) == ([.ping([1, 2]), .text("hello world")], nil))
    }

    @Test func closeFramesCarryTheirCodeAndReason() {
        #expect(read(serverFrame(0x8, [0x0F, 0xA0] + Array("bye".utf8))) == ([.close(code: 4000, reason: "bye")], nil))
        #expect(read(serverFrame(0x8, [])) == ([.close(code: 1005, reason: "")], nil))
        #expect(read(serverFrame(0x8, [0x03])).1?.code == 1002)
        #expect(read(serverFrame(0x8, [0x03, 0xE8, 0xFF])).1?.code == 1007)
    }

    @Test func protocolErrorsCloseWith1002() {
        let cases: [(String, [UInt8])] = [
            ("masked by the server", serverFrame(0x1, Array("hi".utf8), maskKey: [1, 2, 3, 4])),
            ("reserved bits", serverFrame(0x1, Array("hi".utf8), rsv: 0x40)),
            ("unknown opcode", serverFrame(0x3, [])),
            ("a continuation first", text("x", opcode: 0)),
            ("a new message inside one", text("a", final: false) + text("b")),
            ("a fragmented ping", serverFrame(0x9, [], final: false)),
            ("a long ping", serverFrame(0x9, [UInt8](repeating: 0, count: 126))),
        ]
        for (name, bytes) in cases {
            #expect(read(bytes).1?.code == 1002, "\(name)")
        }
        #expect(read(serverFrame(0x2, [1])).1?.code == 1003)
        #expect(read(serverFrame(0x1, [0xC3, 0x28])).1?.code == 1007)
    }

    @Test func anOversizedMessageIsRefusedAtItsHeader() {
        // A 64-bit length of 2⁶² bytes: refused before a byte of it is awaited or buffered.
        let header: [UInt8] = [0x81, 127, 0x40, 0, 0, 0, 0, 0, 0, 0]
        #expect(read(header, limit: 1_000).1 == ClientFrameReader.Failure(code: 1009, reason: "message too big (limit 1000 bytes)"))
        #expect(read(text(String(repeating: "x", count: 1_001)), limit: 1_000).1?.code == 1009)
        // Fragments that are each within the limit but not together.
        let fragments = text(String(repeating: "x", count: 600), final: false) + text(String(repeating: "x", count: 600), opcode: 0)
        #expect(read(fragments, limit: 1_000).1?.code == 1009)
    }
}

@Suite("MaskedFrame and ClientHandshake")
struct ClientFramingTests {
    @Test func aMaskedFrameUnmasksToItsPayload() {
        for count in [0, 5, 125, 126, 65_535, 65_536] {
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7) }
            var bytes: [UInt8] = []
            MaskedFrame.append(opcode: MaskedFrame.text, payload: payload, key: 0xA1B2_C3D4, to: &bytes)
            #expect(bytes[0] == 0x81)
            #expect(bytes[1] & 0x80 == 0x80, "a client's frame is masked")
            let lengthBytes = count < 126 ? 0 : count < 65_536 ? 2 : 8
            let keyStart = 2 + lengthBytes
            #expect(Array(bytes[keyStart..<(keyStart + 4)]) == [0xA1, 0xB2, 0xC3, 0xD4])
            let unmasked = bytes[(keyStart + 4)...].enumerated().map { $0.element ^ bytes[keyStart + ($0.offset & 3)] }
            #expect(unmasked == payload, "\(count) bytes")
        }
    }

    @Test func maskKeysDiffer() {
        var keys = MaskKeys()
        let taken = (0..<3_000).map { _ in keys.take() }
        #expect(Set(taken).count > 2_990, "keys repeat: \(3_000 - Set(taken).count)")
    }

    @Test func theAcceptKeyIsTheRFCs() {
        // RFC 6455 §1.3's worked example.
        #expect(ClientHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func theRequestAsksForAnUpgrade() throws {
        var keys = MaskKeys()
        let handshake = ClientHandshake(keys: &keys)
        #expect(handshake.key.utf8.count == 24)
        let url = try #require(WebSocketURL("ws://127.0.0.1:8080/ws?a=b"))
        let request = String(decoding: handshake.request(for: url, subprotocol: "touchbridge.v1"), as: UTF8.self)
        #expect(request.hasPrefix("GET /ws?a=b HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"))
        #expect(request.contains("Sec-WebSocket-Key: \(handshake.key)\r\n"))
        #expect(request.contains("Sec-WebSocket-Version: 13\r\n"))
        #expect(request.contains("Sec-WebSocket-Protocol: touchbridge.v1\r\n"))
        #expect(request.hasSuffix("\r\n\r\n"))
    }

    @Test func theResponseIsChecked() throws {
        var keys = MaskKeys()
        let handshake = ClientHandshake(keys: &keys)
        let good = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(ClientHandshake.accept(for: handshake.key))\r\nSec-WebSocket-Protocol: touchbridge.v1\r\n\r\n"
        let frame = text("hi")
        let response = try #require(try handshake.response(in: Array(good.utf8) + frame))
        let listed = good.replacingOccurrences(of: "Connection: Upgrade", with: "Connection: keep-alive,\tUpgrade")
        #expect(try handshake.response(in: Array(listed.utf8))?.headCount == listed.utf8.count)
        #expect(response.headCount == good.utf8.count)
        #expect(response.subprotocol == "touchbridge.v1")
        #expect(try handshake.response(in: Array(good.utf8.dropLast(1))) == nil)

        let refusals = [
            "HTTP/1.1 403 Forbidden\r\n\r\n",
            good.replacingOccurrences(of: "Upgrade: WebSocket\r\n", with: ""),
            good.replacingOccurrences(of: "Connection: Upgrade\r\n", with: "Connection: keep-alive\r\n"),
            good.replacingOccurrences(of: ClientHandshake.accept(for: handshake.key), with: ClientHandshake.accept(for: "other")),
        ]
        for refusal in refusals {
            #expect(throws: ClientFrameReader.Failure.self) { try handshake.response(in: Array(refusal.utf8)) }
        }
        let endless = Array("HTTP/1.1 101 OK\r\nX: ".utf8) + [UInt8](repeating: 65, count: ClientHandshake.maxResponseBytes)
        #expect(throws: ClientFrameReader.Failure.self) { try handshake.response(in: endless) }
    }
}
