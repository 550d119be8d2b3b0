import Testing
@testable import TouchBridgeTransport

/// The `Host` names a server answers to (DNS rebinding), as a pure rule.
@Suite struct HostRuleTests {
    @Test func loopbackNamesAndAddressesAreAlwaysAnswered() {
        let rule = HostRule(allowed: [])
        for host in ["localhost", "LOCALHOST:8080", "localhost.:80", "127.0.0.1", "127.0.0.1:9", "127.255.0.7:1", "[::1]", "[::1]:8080"] {
            #expect(rule.allows(host), "\(host)")
        }
    }

    @Test func otherNamesAreRefusedUnlessListed() {
        let rule = HostRule(allowed: ["TouchBridge.School.example", "192.168.1.23", "[fe80::1]"])
        for host in ["attacker.example:8080", "127.0.0.1.attacker.example", "127.0.0.256", "127.0.0", "localhost.attacker.example",
                     "", ":8080", "[::1", "192.168.1.24:8080"] {
            #expect(!rule.allows(host), "\(host)")
        }
        #expect(!rule.allows(nil), "no Host at all")
        for host in ["touchbridge.school.example:8080", "TOUCHBRIDGE.SCHOOL.EXAMPLE", "192.168.1.23:8080", "[FE80::1]:8080"] {
            #expect(rule.allows(host), "\(host)")
        }
    }

    @Test func aStarAnswersEveryName() {
        #expect(HostRule(allowed: ["*"]).allows("anything.example:1"))
        #expect(HostRule(allowed: ["*"]).allows(nil))
    }
}
