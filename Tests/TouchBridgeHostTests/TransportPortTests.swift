import Testing
@testable import TouchBridgeHost
import TouchBridgeServer

/// The socket transport tells a connection's timers apart by token: each executor timer has its own,
/// and a firing token maps back to the timer that was armed.
@Suite struct TransportPortTests {
    @Test func everyTimerHasItsOwnTokenAndFiringsMapBack() {
        let tokens = ConnectionTimer.allCases.map(TransportPort.token(for:))
        #expect(Set(tokens).count == ConnectionTimer.allCases.count)
        for timer in ConnectionTimer.allCases {
            #expect(TransportPort.timer(for: TransportPort.token(for: timer)) == timer)
        }
        #expect(TransportPort.timer(for: 0) == nil)
        #expect(TransportPort.timer(for: 99) == nil)
    }
}
