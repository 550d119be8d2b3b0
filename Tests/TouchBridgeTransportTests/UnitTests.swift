import Foundation
import Testing
@testable import TouchBridgeTransport

@Suite("Pure parts")
struct UnitTests {
    @Test(arguments: [
        ([], true), (Array("plain ascii, long enough for the fast path".utf8), true),
        (Array("é ✋ 🖐 \u{10FFFF}".utf8), true),
        ([0xC0, 0xAF], false), ([0xC1, 0xBF], false),  // overlong 2-byte
        ([0xE0, 0x80, 0xAF], false),  // overlong 3-byte
        ([0xF0, 0x80, 0x80, 0xAF], false),  // overlong 4-byte
        ([0xED, 0xA0, 0x80], false),  // surrogate U+D800
        ([0xF4, 0x90, 0x80, 0x80], false),  // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], false), ([0xFF], false), ([0x80], false),
        ([0xE2, 0x9C], false),  // truncated
        (Array("abcdefgh".utf8) + [0xE2, 0x9C], false),  // truncated after the fast path
        ([0xEF, 0xBF, 0xBF], true), ([0xF0, 0x90, 0x80, 0x80], true),
    ] as [([UInt8], Bool)])
    func utf8Validation(bytes: [UInt8], valid: Bool) {
        #expect(bytes.withUnsafeBytes { isValidUTF8($0) } == valid)
        // Agrees with the standard library's decoder.
        var sawError = false
        _ = transcode(bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true) { _ in }
        sawError = transcode(bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true) { _ in }
        #expect(sawError == !valid)
    }

    @Test func mimeTypes() {
        #expect(StaticFiles.mimeType(for: "/a/b.MJS") == "text/javascript; charset=utf-8")
        #expect(StaticFiles.mimeType(for: "/a/b.webmanifest") == "application/manifest+json")
        #expect(StaticFiles.mimeType(for: "/a/noext") == "application/octet-stream")
        #expect(StaticFiles.mimeType(for: "/a/.hidden") == "application/octet-stream")
    }

    @Test func rateLimiterRefillsOverTime() {
        var r = RateLimiter(perSecond: 2, now: 0)
        #expect(r.admit(now: 0) == .accept)
        #expect(r.admit(now: 0) == .accept)
        #expect(r.admit(now: 0) == .reject)
        #expect(r.admit(now: 0.5) == .accept)  // one token back after half a second
        #expect(r.admit(now: 0.5) == .reject)
        #expect(r.admit(now: 0.6) == .rejectAndClose)  // 3 drops within a second > 2/s
        var unlimited = RateLimiter(perSecond: 0, now: 0)
        for _ in 0..<1000 { #expect(unlimited.admit(now: 0) == .accept) }
    }

    @Test func outboundQueueIsFIFO() {
        var q = OutboundQueue()
        for i in 0..<200 { q.append(OutboundFrame("m\(i)")) }
        for i in 0..<150 {
            let f = q.popFirst()!
            #expect(String(decoding: f.storage[lwsPre...], as: UTF8.self) == "m\(i)")
        }
        #expect(q.count == 50)
        q.append(OutboundFrame("last"))
        for _ in 0..<50 { _ = q.popFirst() }
        #expect(String(decoding: q.popFirst()!.storage[lwsPre...], as: UTF8.self) == "last")
        #expect(q.isEmpty)
    }

    @Test func closeReasonsAreTruncatedOnCharacterBoundaries() {
        let s = String(repeating: "é", count: 100)  // 200 bytes
        let t = truncatedUTF8(s, maxBytes: 123)
        #expect(t.count == 122)
        #expect(String(validating: t, as: UTF8.self) != nil)
    }
}
