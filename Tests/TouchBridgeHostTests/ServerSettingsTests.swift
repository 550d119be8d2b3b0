import Foundation
import Testing
@testable import TouchBridgeHost

/// Settings: defaults, the documented config file, environment variables, validation.
@Suite struct ServerSettingsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theShippedConfigFileStatesTheDefaults() async throws {
        let path = Self.repository.appendingPathComponent("config/touchbridge.json").path
        #expect(try await ServerSettings.read(file: path, over: Self.unlike) == ServerSettings(),
                "config/touchbridge.json must state every built-in default")
        let file = try String(contentsOfFile: path, encoding: .utf8)
        for setting in ServerSettings.all {
            #expect(file.contains("\"// \(setting.key)\": \"\(setting.help)\""), "config/touchbridge.json documents \(setting.key) as --help does")
        }
    }

    /// Settings unlike every default, so a source that fails to state one shows.
    static var unlike: ServerSettings {
        var settings = ServerSettings()
        settings.host = "10.0.0.1"; settings.port = 1; settings.webRoot = "w"; settings.scenesDirectory = "s"
        settings.tlsCertificate = "c"; settings.tlsPrivateKey = "k"; settings.maxMessageBytes = 2000; settings.maxConnections = 1
        settings.maxMessagesPerSecond = 1; settings.outboundQueueLimit = 1; settings.outboundQueueBytes = 2000; settings.outboundBudgetBytes = 2000
        settings.readPauseBytes = 1024
        settings.idleTimeoutSeconds = 1; settings.joinTimeoutSeconds = 1; settings.maxUnjoinedConnections = 1; settings.keepAlivePingSeconds = 1
        settings.allowedOrigins = ["x"]; settings.accessToken = "tttttttttttttttt"; settings.noToken = true; settings.maxObserversPerSession = 1
        settings.maxTouches = 1; settings.maxPointersPerInput = 1; settings.engineSecondsPerSecond = 1; settings.busyEngineSecondsPerSecond = 1
        settings.allowInlineScenes = false; settings.maxInlineSceneBytes = 2000; settings.logLevel = "error"; settings.shardName = "z"; settings.shards = 3
        settings.maxRecordingBytesPerSession = 5000; settings.maxRecordingBytes = 5000; settings.advertisedHost = "a.example"
        return settings
    }

    @Test func everySettingIsDescribedOnce() {
        #expect(ServerSettings.all.count == Mirror(reflecting: ServerSettings()).children.count)
        #expect(Set(ServerSettings.all.map(\.key)) == Set(Mirror(reflecting: ServerSettings()).children.compactMap(\.label)))
    }

    @Test func namesInEverySource() {
        let setting = ServerSettings.all.first { $0.key == "maxMessageBytes" }!
        #expect(setting.flag == "--max-message-bytes" && setting.environmentVariable == "TOUCHBRIDGE_MAX_MESSAGE_BYTES")
    }

    @Test func fileOverridesAndUnknownSettingsAreErrors() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"port": 9001, "allowedOrigins": ["https://a.example"], "idleTimeoutSeconds": 7, "tlsCertificate": null}"#.utf8).write(to: file)
        let settings = try await ServerSettings.read(file: file.path)
        #expect(settings.port == 9001 && settings.allowedOrigins == ["https://a.example"] && settings.maxTouches == 10)
        #expect(settings.idleTimeoutSeconds == 7 && settings.tlsCertificate == nil)
        try Data(#"{"prot": 9001}"#.utf8).write(to: file)
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(file: file.path) }
        try Data(#"{"port": "high"}"#.utf8).write(to: file)
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(file: file.path) }
        try Data(#"[1]"#.utf8).write(to: file)
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(file: file.path) }
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(file: file.path + ".missing") }
    }

    @Test func environmentVariables() async throws {
        let settings = try await ServerSettings.read(environment: [
            "TOUCHBRIDGE_PORT": "9100", "TOUCHBRIDGE_MAX_MESSAGE_BYTES": "2000", "TOUCHBRIDGE_TLS_CERTIFICATE": "",
            "TOUCHBRIDGE_ALLOWED_ORIGINS": "https://a, https://b", "TOUCHBRIDGE_ALLOW_INLINE_SCENES": "false", "PATH": "/bin",
        ])
        #expect(settings.port == 9100 && settings.maxMessageBytes == 2000 && settings.tlsCertificate == nil)
        #expect(settings.allowedOrigins == ["https://a", "https://b"] && settings.allowInlineScenes == false)
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(environment: ["TOUCHBRIDGE_PORT": "x"]) }
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(environment: ["TOUCHBRIDGE_NOPE": "1"]) }
    }

    @Test func flagsOverTheEnvironmentOverTheFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"port": 1, "maxTouches": 2, "maxConnections": 3}"#.utf8).write(to: file)
        let settings = try await ServerSettings.read(
            file: file.path, environment: ["TOUCHBRIDGE_PORT": "4", "TOUCHBRIDGE_MAX_TOUCHES": "5"],
            arguments: ["--port", "6", "--no-token", "--join-timeout-seconds=0.5"])
        #expect(settings.port == 6 && settings.maxTouches == 5 && settings.maxConnections == 3)
        #expect(settings.noToken && settings.joinTimeoutSeconds == 0.5)
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(arguments: ["--prot", "1"]) }
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(arguments: ["stray"]) }
        await #expect(throws: SettingsError.self) { try await ServerSettings.read(arguments: ["--max-touches", "many"]) }
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

/// `maxUploadBytesInFlight` (issue 30): at least one whole recording, at most 4 GiB.
@Suite struct UploadBudgetSettingTests {
    @Test func theUploadBudgetIsValidatedAgainstItsRange() throws {
        var settings = ServerSettings()
        for value in [4_194_304, 67_108_864, 4_294_967_296] {
            settings.maxUploadBytesInFlight = value
            #expect(throws: Never.self) { try settings.validated() }
        }
        for value in [0, -1, 4_194_303, 4_294_967_297, Int.max] {
            settings.maxUploadBytesInFlight = value
            let error = #expect(throws: SettingsError.self) { try settings.validated() }
            #expect(error?.description == "maxUploadBytesInFlight must be 4194304…4294967296; got \(value)")
        }
    }

    @Test func readingPausesBelowTheQueueBoundThatCloses() throws {
        var settings = ServerSettings()
        settings.readPauseBytes = settings.outboundQueueBytes
        let error = #expect(throws: SettingsError.self) { try settings.validated() }
        #expect(error?.description.hasPrefix("readPauseBytes (4194304) must be below outboundQueueBytes (4194304)") == true)
        settings.readPauseBytes = settings.outboundQueueBytes - 1
        #expect(throws: Never.self) { try settings.validated() }
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
            "readPauseBytes": "\(defaults.readPauseBytes)",
            "engineSecondsPerSecond": "\(defaults.engineSecondsPerSecond)",
            "busyEngineSecondsPerSecond": "\(defaults.busyEngineSecondsPerSecond)",
            "joinTimeoutSeconds": "\(Int(defaults.joinTimeoutSeconds))", "maxUnjoinedConnections": "\(defaults.maxUnjoinedConnections)",
            "allowedHosts": "[]", "shareRecordings": "\(defaults.shareRecordings)",
            "maxRecordingBytesPerSession": "\(defaults.maxRecordingBytesPerSession)", "maxRecordingBytes": "\(defaults.maxRecordingBytes)",
            "shards": "\(defaults.shards)", "port": "\(defaults.port)",
            "maxUploadBytesInFlight": "\(defaults.maxUploadBytesInFlight)",
        ]
        #expect(documented == expected)
        for setting in ServerSettings.all {
            guard let range = setting.range else { continue }
            let row = table.split(separator: "\n").first { $0.hasPrefix("| `\(setting.key)` |") }
            #expect(row?.contains("| \(range) |") == true, "docs/security.md states \(setting.key)'s range \(range)")
        }
    }
}
