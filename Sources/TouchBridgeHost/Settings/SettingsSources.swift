import Configuration
import Foundation
import SystemPackage

extension ServerSettings {
    /// Reads the settings from their sources, each over the next: command-line `arguments`
    /// (`--max-message-bytes 1000`, as `ServerSetting.flag` spells them), `TOUCHBRIDGE_*` variables
    /// of `environment`, the JSON `file`, then `defaults`. swift-configuration does the layering and
    /// the conversions; this adds what it leaves to its users: a name no source knows, or a value of
    /// the wrong type, is an error that names it instead of being ignored.
    public static func read(
        file: String? = nil, environment: [String: String] = [:], arguments: [String] = [], over defaults: ServerSettings = ServerSettings()
    ) async throws -> ServerSettings {
        try checkArguments(arguments)
        try checkEnvironment(environment)
        var providers: [any ConfigProvider] = [
            CommandLineArgumentsProvider(arguments: ["touchbridge"] + arguments),
            EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "touchbridge"),
        ]
        if let file {
            try checkFile(file)
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(file)))
            } catch {
                throw SettingsError("\(file): \(error)")
            }
        }
        providers.append(InMemoryProvider(
            name: "defaults",
            values: Dictionary(uniqueKeysWithValues: all.map { (AbsoluteConfigKey([$0.key]), $0.configValue(in: defaults)) })))
        let reader = ConfigReader(providers: providers)
        var settings = defaults
        for setting in all {
            do {
                try setting.read(from: reader, into: &settings)
            } catch {
                throw SettingsError("\(setting.key) (\(setting.flag), \(setting.environmentVariable)\(file.map { " or \($0)" } ?? "")): \(error)")
            }
        }
        return settings
    }

    private static func checkArguments(_ arguments: [String]) throws {
        let flags = Set(all.map(\.flag))
        var afterFlag = false
        for argument in arguments {
            if argument.hasPrefix("--") {
                let flag = String(argument.prefix { $0 != "=" })
                guard flags.contains(flag) else {
                    throw SettingsError("unknown option \(flag) (`serve --help` lists every setting)")
                }
                afterFlag = true
            } else if !afterFlag {
                throw SettingsError("unexpected argument \(argument) (`serve --help` lists every setting)")
            }
        }
    }

    private static func checkEnvironment(_ environment: [String: String]) throws {
        let variables = Set(all.map(\.environmentVariable))
        if let unknown = environment.keys.sorted().first(where: { $0.hasPrefix("TOUCHBRIDGE_") && !variables.contains($0) }) {
            throw SettingsError("unknown setting \(unknown) in the environment (`serve --help` lists every setting)")
        }
    }

    /// Names in the file that are not settings (keys starting with "//" are comments).
    private static func checkFile(_ path: String) throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw SettingsError("\(path): cannot read it (\(error.localizedDescription))") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SettingsError("\(path): expected a JSON object")
        }
        let keys = Set(all.map(\.key))
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) && !$0.hasPrefix("//") }) {
            throw SettingsError("\(path): unknown setting \"\(unknown)\" (settings: \(keys.sorted().joined(separator: ", ")))")
        }
    }
}
