import Configuration
import Foundation
import SystemPackage
import TouchBridgeProtocol

extension ServerSettings {
    /// Reads the settings from their sources, each over the next: command-line `arguments`
    /// (`--max-message-bytes 100000`, as `ServerSetting.flag` spells them), `TOUCHBRIDGE_*` variables
    /// of `environment`, the JSON `file`, then `defaults`. swift-configuration does the layering and
    /// the conversions; this adds what it leaves to its users: a name no source knows, or a value of
    /// the wrong type, is an error that names it instead of being ignored.
    public static func read(
        file: String? = nil, environment: [String: String] = [:], arguments: [String] = [], over defaults: ServerSettings = ServerSettings()
    ) async throws -> ServerSettings {
        try checkArguments(arguments)
        try checkEnvironment(environment)
        let fileKeys = try file.map(checkFile) ?? []
        func source(of setting: ServerSetting) -> String {
            if arguments.contains(where: { $0 == setting.flag || $0.hasPrefix(setting.flag + "=") }) { return "flag \(setting.flag)" }
            if environment[setting.environmentVariable] != nil { return "environment variable \(setting.environmentVariable)" }
            if let file, fileKeys.contains(setting.key) { return "file \(file)" }
            return "built-in default"
        }
        var providers: [any ConfigProvider] = [
            CommandLineArgumentsProvider(arguments: ["touchbridge"] + arguments),
            EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "touchbridge"),
        ]
        if let file {
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
                throw SettingsError("\(setting.key) (\(source(of: setting))): \(error)")
            }
            if let problem = setting.problem(in: settings) {
                throw SettingsError("\(setting.key) (\(source(of: setting))) \(problem)")
            }
        }
        do {
            return try settings.validated()
        } catch {
            // A rule that ties settings together: say where each one it names came from.
            let named = all.filter { "\(error)".contains($0.key) }.map { "\($0.key): \(source(of: $0))" }
            throw SettingsError("\(error) (\(named.joined(separator: "; ")))")
        }
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

    /// Checks the file's names and value types: a name that is no setting, or a value of another
    /// JSON type than its setting's (an object given for a number), is an error naming it. Keys
    /// starting with "//" are comments. Returns the settings the file states.
    private static func checkFile(_ path: String) throws -> Set<String> {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw SettingsError("\(path): cannot read it (\(error.localizedDescription))") }
        guard case .object(let object)? = try? JSONParser.parse([UInt8](data)) else {
            throw SettingsError("\(path): expected a JSON object")
        }
        let settings = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where !key.hasPrefix("//") {
            guard let setting = settings[key] else {
                throw SettingsError("\(path): unknown setting \"\(key)\" (settings: \(settings.keys.sorted().joined(separator: ", ")))")
            }
            guard setting.type.accepts(value) else {
                throw SettingsError("\(key) (file \(path)) must be \(setting.type.rawValue); got \(WireJSON.text(value).prefix(60))")
            }
        }
        return Set(object.keys)
    }
}

extension ValueType {
    /// Whether a file may give `value` for a setting of this type.
    func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.integer, .number(let number)): number.isFinite && number == number.rounded()
        case (.number, .number), (.bool, .bool), (.string, .string), (.optionalString, .string), (.optionalString, .null): true
        case (.strings, .array(let items)): items.allSatisfy { if case .string = $0 { true } else { false } }
        default: false
        }
    }
}
