import Testing
@testable import TouchBridgeTransport

/// The acceptor's pure parts: reading the request line it routes by, and choosing a shard.
@Suite("Sharding, pure parts")
struct ShardingUnitTests {
    private func parse(_ text: String) -> RequestLine { RequestLine.parse(Array(text.utf8)) }

    @Test func anObserversRequestLineNamesTheWatchedSession() {
        #expect(parse("GET /ws?watch=a-s1-0f3c HTTP/1.1\r\nHost: x\r\n\r\n") == .target(path: "/ws", watch: "a-s1-0f3c"))
        #expect(parse("GET /ws?token=abc&watch=s0-ff HTTP/1.1\r\n") == .target(path: "/ws", watch: "s0-ff"))
        #expect(parse("GET /ws?watch=s1-aa&watch=s0-bb HTTP/1.1\n") == .target(path: "/ws", watch: "s1-aa"), "the first value counts")
    }

    @Test func otherRequestsCarryNoWatchValue() {
        #expect(parse("GET / HTTP/1.1\r\n") == .target(path: "/", watch: nil))
        #expect(parse("HEAD /metrics?token=t HTTP/1.1\r\n") == .target(path: "/metrics", watch: nil))
        #expect(parse("GET /ws?watching=s1-aa HTTP/1.1\r\n") == .target(path: "/ws", watch: nil))
        #expect(parse("GET /ws?watch= HTTP/1.1\r\n") == .target(path: "/ws", watch: nil), "empty")
        #expect(parse("GET /ws?watch=s1%2Daa HTTP/1.1\r\n") == .target(path: "/ws", watch: nil), "not an id")
        let long = String(repeating: "a", count: RequestLine.maxWatchBytes + 1)
        #expect(parse("GET /ws?watch=\(long) HTTP/1.1\r\n") == .target(path: "/ws", watch: nil), "longer than any id")
    }

    @Test func anIncompleteLineWaitsUntilTheBound() {
        #expect(parse("") == .incomplete)
        #expect(parse("GET /ws?wat") == .incomplete)
        #expect(parse("GET /" + String(repeating: "a", count: RequestLine.maxBytes)) == .malformed, "no line end within the bound")
    }

    @Test(arguments: [
        "\r\n", "GET\r\n", "GET /ws\r\n", "GET /ws HTTP/1.1 extra\r\n", "GET ws HTTP/1.1\r\n", "GET /ws FTP/1\r\n",
        "GET  /ws HTTP/1.1\r\n", " /ws HTTP/1.1\r\n",
    ])
    func malformedLines(_ line: String) {
        #expect(parse(line) == .malformed)
    }

    @Test func binaryGarbageIsMalformedNotACrash() {
        let tlsHello: [UInt8] = [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x0A]
        #expect(RequestLine.parse(tlsHello) == .malformed)
        #expect(RequestLine.parse([UInt8](repeating: 0xFF, count: 10)) == .incomplete)
        #expect(RequestLine.parse(Array("GET /\u{FF}?watch=é HTTP/1.1\n".utf8)) == .target(path: "/\u{FF}", watch: nil))
    }

    @Test func theLeastLoadedShardWins() {
        var choice = ShardChoice()
        #expect(choice.leastLoaded([3, 1, 2]) == 1)
        #expect(choice.leastLoaded([0, 5]) == 0)
        #expect(choice.leastLoaded([7]) == 0)
    }

    @Test func tiesGoRoundRobinSoABurstSpreads() {
        var choice = ShardChoice()
        let picks = (0..<6).map { _ in choice.leastLoaded([0, 0, 0]) }
        #expect(picks == [0, 1, 2, 0, 1, 2])
        #expect(choice.leastLoaded([1, 0, 0]) == 1)
        #expect(choice.leastLoaded([1, 0, 0]) == 2)
    }
}
