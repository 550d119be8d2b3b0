import Foundation
import Testing
@testable import TouchBridgeHost

/// Settings: defaults, the documented config file, environment variables, validation.
@Suite struct ServerSettingsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theShippedConfigFileStatesTheDefaults() throws {
        let path = Self.repository.appendingPathComponent("config/touchbridge.json").path
        #expect(try ServerSettings.load(file: path) == ServerSettings(), "config/touchbridge.json must document the built-in defaults")
    }

    @Test func fileOverridesAndUnknownSettingsAreErrors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-\(UUID().uuidString).json")
        try Data(#"{"port": 9001, "allowedOrigins": ["https://a.example"]}"#.utf8).write(to: file)
        let settings = try ServerSettings.load(file: file.path)
        #expect(settings.port == 9001 && settings.allowedOrigins == ["https://a.example"] && settings.maxTouches == 10)
        try Data(#"{"prot": 9001}"#.utf8).write(to: file)
        #expect(throws: SettingsError.self) { try ServerSettings.load(file: file.path) }
        try Data(#"{"port": "high"}"#.utf8).write(to: file)
        #expect(throws: SettingsError.self) { try ServerSettings.load(file: file.path) }
    }

    @Test func environmentVariables() throws {
        let settings = try ServerSettings().applying(environment: [
            "TOUCHBRIDGE_PORT": "9100", "TOUCHBRIDGE_MAX_MESSAGE_BYTES": "1000",
            "TOUCHBRIDGE_ALLOWED_ORIGINS": "https://a, https://b", "TOUCHBRIDGE_ALLOW_INLINE_SCENES": "false", "PATH": "/bin",
        ])
        #expect(settings.port == 9100 && settings.maxMessageBytes == 1000)
        #expect(settings.allowedOrigins == ["https://a", "https://b"] && settings.allowInlineScenes == false)
        #expect(throws: SettingsError.self) { try ServerSettings().applying(environment: ["TOUCHBRIDGE_PORT": "x"]) }
        #expect(throws: SettingsError.self) { try ServerSettings().applying(environment: ["TOUCHBRIDGE_NOPE": "1"]) }
    }

    @Test func validation() {
        var settings = ServerSettings()
        settings.port = 70000
        #expect(throws: SettingsError.self) { try settings.validated() }
        settings = ServerSettings()
        settings.tlsCertificate = "cert.pem"
        #expect(throws: SettingsError.self) { try settings.validated() }
        settings = ServerSettings()
        settings.logLevel = "loud"
        #expect(throws: SettingsError.self) { try settings.validated() }
    }
}

/// docs/security.md's limits table names every limit with its built-in default.
@Suite struct SecurityDocTests {
    @Test func theLimitsTableMatchesTheDefaults() throws {
        let text = try String(contentsOf: ServerSettingsTests.repository.appendingPathComponent("docs/security.md"), encoding: .utf8)
        let table = text.components(separatedBy: "## Limits and their defaults")[1].components(separatedBy: "## ")[0]
        var documented: [String: String] = [:]
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        let defaults = ServerSettings()
        let expected: [String: String] = [
            "maxMessageBytes": "\(defaults.maxMessageBytes)", "maxConnections": "\(defaults.maxConnections)",
            "maxMessagesPerSecond": "\(defaults.maxMessagesPerSecond)", "outboundQueueLimit": "\(defaults.outboundQueueLimit)",
            "idleTimeoutSeconds": "\(Int(defaults.idleTimeoutSeconds))", "keepAlivePingSeconds": "\(Int(defaults.keepAlivePingSeconds))",
            "allowedOrigins": "[]", "maxObserversPerSession": "\(defaults.maxObserversPerSession)", "maxTouches": "\(defaults.maxTouches)",
            "maxPointersPerInput": "\(defaults.maxPointersPerInput)", "allowInlineScenes": "\(defaults.allowInlineScenes)",
            "maxInlineSceneBytes": "\(defaults.maxInlineSceneBytes)",
            "outboundQueueBytes": "\(defaults.outboundQueueBytes)", "outboundBudgetBytes": "\(defaults.outboundBudgetBytes)",
            "engineSecondsPerSecond": "\(defaults.engineSecondsPerSecond)",
            "busyEngineSecondsPerSecond": "\(defaults.busyEngineSecondsPerSecond)",
            "joinTimeoutSeconds": "\(Int(defaults.joinTimeoutSeconds))", "maxUnjoinedConnections": "\(defaults.maxUnjoinedConnections)",
        ]
        #expect(documented == expected)
    }
}
