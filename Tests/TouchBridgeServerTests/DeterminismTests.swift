import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

@Suite("Determinism")
struct DeterminismTests {
    /// Everything a scripted client might do, in manual clock mode.
    static let script: [ClientMessage] = [Script.hello(.manual, t: 500)] + Script.pinch + [
        Script.frame(5, at: 1200, [(.down, 1, 200, 400)]),
        .advance(Advance(t: 1260, seq: 6)),
        .input(Input(seq: 7, pointers: [Pointer(id: 1, phase: .move, x: 260.123456, y: 450.98765, t: 1300, pressure: 0.5, width: 20,
                                                coalesced: [PointerSample(x: 230.5, y: 420.25, t: 1284)])])),
        Script.frame(8, at: 1400, [(.up, 1, 260, 450)]),
        Script.frame(9, at: 1500, [(.down, 4, 250, 440)]), Script.frame(10, at: 1560, [(.up, 4, 250, 440)]),
        .advance(Advance(t: 2000, seq: 11)),
        .motion(Motion(phase: .began, t: 2100, seq: 12)),
        .resize(Viewport(width: 600, height: 500, scale: 1)),
        .ping(Ping(id: 1)), .resync,
        Script.frame(13, at: 2200, [(.move, 77, 0, 0)]),
    ]

    /// `spacing`: seconds between arrivals — with the manual clock it must not matter.
    static func run(sessionID: (() -> String)? = nil, spacing: Double = 0.37) -> [String] {
        let hub = sessionID.map { Hub(catalog: BuiltInScenes.catalog, makeSessionID: $0) } ?? Hub(catalog: BuiltInScenes.catalog)
        let transport = VirtualTransport(hub: hub)
        transport.open(device)
        for (index, message) in script.enumerated() {
            transport.send(device, message, at: 100 + Double(index) * spacing)
        }
        return transport.transcript
    }

    @Test func sameMessagesGiveByteIdenticalOutput() {
        let first = Self.run(sessionID: { "00000000000000000000000000000001" })
        let second = Self.run(sessionID: { "00000000000000000000000000000001" }, spacing: 0.011)
        #expect(first.count > 20)
        #expect(first == second)
    }

    @Test func theSessionIDIsTheOnlyDifferenceAndOnlyInWelcome() throws {
        let first = Self.run()
        let second = Self.run()
        #expect(first.count == second.count)
        let differing = zip(first, second).filter { $0 != $1 }
        #expect(differing.count == 1)
        let welcome = try #require(differing.first?.0)
        #expect(welcome.contains(#"\"type\":\"welcome\""#))
        let id = try #require(Self.run(sessionID: { "feedfacefeedfacefeedfacefeedface" }).first)
        #expect(id.contains("feedface"))
        #expect(Self.run(sessionID: { "feedfacefeedfacefeedfacefeedface" }).dropFirst().allSatisfy { !$0.contains("feedface") })
    }
}
