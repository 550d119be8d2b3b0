import Foundation
import Testing
@testable import TouchBridgeHost

/// Every rule of every setting, each out-of-range value in turn (issue 30 item 12, issue 29 item 9):
/// the ranges are stated here independently of `ServerSettings.all`, so a rule that is removed or
/// widened fails; every error names the setting and the source the bad value came from.
@Suite struct SettingsRulesTests {
    /// A numeric setting's flag, values it must refuse, and values it must take (its bounds).
    struct Rule: CustomStringConvertible {
        let key: String
        let refused: [String]
        let accepted: [String]
        var description: String { key }
    }

    static let rules: [Rule] = [
        Rule(key: "port", refused: ["-1", "65536"], accepted: ["0", "65535"]),
        Rule(key: "maxUploadBytesInFlight", refused: ["0", "4194303", "4294967297"], accepted: ["4194304", "4294967296"]),
        Rule(key: "maxMessageBytes", refused: ["0", "1023", "16777217"], accepted: ["1024", "16777216"]),
        Rule(key: "maxConnections", refused: ["0", "100001", "9223372036854775807"], accepted: ["1", "100000"]),
        Rule(key: "maxMessagesPerSecond", refused: ["-1", "100001"], accepted: ["0", "1", "100000"]),
        Rule(key: "outboundQueueLimit", refused: ["0", "1000001"], accepted: ["1", "1000000"]),
        Rule(key: "outboundQueueBytes", refused: ["0", "1023", "1073741825"], accepted: ["1024", "1073741824"]),
        Rule(key: "outboundBudgetBytes", refused: ["0", "1023", "68719476737", "9223372036854775807"], accepted: ["1024", "68719476736"]),
        Rule(key: "readPauseBytes", refused: ["-1", "1023", "1073741825"], accepted: ["0", "1024", "1048576"]),
        Rule(key: "idleTimeoutSeconds", refused: ["-1", "0.5", "604801", "nan", "inf"], accepted: ["0", "1", "604800"]),
        Rule(key: "joinTimeoutSeconds", refused: ["-0.1", "0.05", "3601", "nan"], accepted: ["0", "0.1", "3600"]),
        Rule(key: "maxUnjoinedConnections", refused: ["0", "100001", "9223372036854775807"], accepted: ["1", "100000"]),
        Rule(key: "keepAlivePingSeconds", refused: ["-1", "1e-9", "0.09", "86401", "nan"], accepted: ["0", "0.1", "86400"]),
        Rule(key: "maxObserversPerSession", refused: ["0", "1001"], accepted: ["1", "1000"]),
        Rule(key: "maxTouches", refused: ["0", "65"], accepted: ["1", "64"]),
        Rule(key: "maxPointersPerInput", refused: ["0", "1025"], accepted: ["1", "1024"]),
        Rule(key: "engineSecondsPerSecond", refused: ["-0.05", "1e-300", "0.0009", "1.5", "nan"], accepted: ["0", "0.001", "1"]),
        Rule(key: "busyEngineSecondsPerSecond", refused: ["-0.2", "1e-300", "1.01", "nan"], accepted: ["0", "0.001", "1"]),
        Rule(key: "maxInlineSceneBytes", refused: ["0", "1023", "16777217"], accepted: ["1024", "16777216"]),
        Rule(key: "shards", refused: ["-1", "65"], accepted: ["0", "64"]),
        Rule(key: "maxRecordingBytesPerSession", refused: ["0", "4095", "1073741825"], accepted: ["4096", "1073741824"]),
        Rule(key: "maxRecordingBytes", refused: ["4095", "1099511627777"], accepted: ["4096", "1099511627776"]),
    ]

    static func setting(_ key: String) -> ServerSetting { ServerSettings.all.first { $0.key == key }! }

    @Test func everyNumericSettingHasARangeAndThisTableStatesIt() {
        let numeric = ServerSettings.all.filter { $0.range != nil }.map(\.key)
        #expect(Set(numeric) == Set(Self.rules.map(\.key)))
        #expect(numeric.count == ServerSettings.all.filter { $0.type == .integer || $0.type == .number }.count)
    }

    @Test(arguments: rules) func aFlagOutsideItsRangeIsAnErrorNamingTheSettingAndTheFlag(_ rule: Rule) async throws {
        let setting = Self.setting(rule.key)
        for value in rule.refused {
            do {
                _ = try await ServerSettings.read(arguments: [setting.flag, value])
                Issue.record("\(setting.flag) \(value) was accepted")
            } catch {
                let message = "\(error)"
                #expect(message.contains(rule.key) && message.contains("flag \(setting.flag)"), "\(message)")
            }
        }
        for value in rule.accepted {
            let settings = try await ServerSettings.read(arguments: [setting.flag, value])
            #expect(try settings.validated() == settings, "\(setting.flag) \(value)")
        }
    }

    @Test func theEnvironmentAndTheFileAreNamedAsTheSource() async throws {
        do {
            _ = try await ServerSettings.read(environment: ["TOUCHBRIDGE_MAX_CONNECTIONS": "9223372036854775807"])
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("maxConnections") && "\(error)".contains("environment variable TOUCHBRIDGE_MAX_CONNECTIONS"), "\(error)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"keepAlivePingSeconds": 1e-9}"#.utf8).write(to: file)
        do {
            _ = try await ServerSettings.read(file: file.path)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("keepAlivePingSeconds") && "\(error)".contains("file \(file.path)"), "\(error)")
        }
    }

    @Test func aValueOfAnotherJSONTypeInTheFileIsAnErrorNamingIt() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        for (json, key) in [(#"{"maxConnections": {"value": 5}}"#, "maxConnections"), (#"{"port": 80.5}"#, "port"),
                            (#"{"noToken": "yes"}"#, "noToken"), (#"{"host": 1}"#, "host"), (#"{"allowedOrigins": [1]}"#, "allowedOrigins"),
                            (#"{"engineSecondsPerSecond": "0.1"}"#, "engineSecondsPerSecond"), (#"{"accessToken": ["a"]}"#, "accessToken")] {
            try Data(json.utf8).write(to: file)
            do {
                _ = try await ServerSettings.read(file: file.path)
                Issue.record("\(json) was accepted")
            } catch {
                #expect("\(error)".contains(key) && "\(error)".contains(file.path), "\(error)")
            }
        }
        try Data(#"{"tlsCertificate": null, "allowedOrigins": ["a"], "port": 80, "engineSecondsPerSecond": 0}"#.utf8).write(to: file)
        #expect(try await ServerSettings.read(file: file.path).port == 80)
    }

    @Test func theFormatRulesOfTextSettings() throws {
        let cases: [(WritableKeyPath<ServerSettings, String>, String, String)] = [
            (\.logLevel, "loud", "logLevel"), (\.shardName, "Upper", "shardName"), (\.shardName, "a-b", "shardName"),
            (\.shardName, String(repeating: "a", count: 17), "shardName"),
        ]
        for (path, value, key) in cases {
            var settings = ServerSettings()
            settings[keyPath: path] = value
            #expect(throws: SettingsError.self) { try settings.validated() }
            #expect((try? settings.validated()) == nil)
            do { _ = try settings.validated() } catch { #expect("\(error)".contains(key)) }
        }
        for token in ["short-token", "sixteen chars!!!", "has/slash/in/it/xx"] {
            var settings = ServerSettings()
            settings.accessToken = token
            do { _ = try settings.validated(); Issue.record("\(token) accepted") } catch { #expect("\(error)".contains("accessToken")) }
        }
        for host in ["http://phone.example", "10.0.0.5:8080", "a b", "x/y", String(repeating: "a", count: 254), "ünicode.example"] {
            var settings = ServerSettings()
            settings.advertisedHost = host
            do { _ = try settings.validated(); Issue.record("\(host) accepted") } catch { #expect("\(error)".contains("advertisedHost")) }
        }
        var settings = ServerSettings()
        settings.accessToken = "abcdefgh-ijklmn_0"
        settings.advertisedHost = "touchbridge.school-1.example"
        settings.shardName = "a1"
        settings.logLevel = "trace"
        #expect(try settings.validated() == settings)
    }

    @Test func theRulesThatTieSettingsTogether() throws {
        var settings = ServerSettings()
        settings.tlsCertificate = "cert.pem"
        #expect(throws: SettingsError.self) { try settings.validated() }
        settings.tlsPrivateKey = "key.pem"
        #expect(try settings.validated() == settings)
        settings.shards = 2
        #expect(throws: SettingsError.self) { try settings.validated() }
    }

    @Test func aRuleThatTiesSettingsTogetherNamesTheirSources() async {
        do {
            _ = try await ServerSettings.read(environment: ["TOUCHBRIDGE_TLS_CERTIFICATE": "cert.pem"], arguments: ["--shards", "2"])
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("tlsCertificate: environment variable TOUCHBRIDGE_TLS_CERTIFICATE"), "\(error)")
            #expect("\(error)".contains("tlsPrivateKey: built-in default"), "\(error)")
        }
    }

    @Test func helpShowsEveryRange() {
        for rule in Self.rules {
            let setting = Self.setting(rule.key)
            #expect(setting.helpLine(defaults: ServerSettings()).contains("range \(setting.range!)"))
        }
    }
}
