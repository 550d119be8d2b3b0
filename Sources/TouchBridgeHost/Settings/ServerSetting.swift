import Configuration

/// One server setting, described once: its name in every source and what it does. The JSON file
/// spells it `key` (`maxMessageBytes`), the environment `TOUCHBRIDGE_` + the key in upper snake case
/// (`TOUCHBRIDGE_MAX_MESSAGE_BYTES`), the command line `--` + the key in kebab case
/// (`--max-message-bytes`); swift-configuration derives the last two. The default is the value of
/// the `ServerSettings` property the setting reads into, so it is stated in one place too.
public struct ServerSetting: Sendable {
    /// The setting's name in the JSON file and `ConfigReader` key.
    public let key: String
    /// One sentence for `serve --help` and the documentation.
    public let help: String
    /// A placeholder for the value in `--help` (`N`, `SECONDS`, `TEXT`…).
    public let placeholder: String
    /// Whether logs and `--help` must not show the value (the access token).
    public let isSecret: Bool
    /// The values a numeric setting accepts (nil: not a number).
    public let range: SettingRange?
    /// The JSON type the file must give the value.
    let type: ValueType
    /// What is wrong with the value `settings` holds, in words that follow the setting's name; nil: nothing.
    fileprivate let problem: @Sendable (ServerSettings) -> String?
    fileprivate let read: @Sendable (ConfigReader, ConfigKey, inout ServerSettings) throws -> Void
    fileprivate let content: @Sendable (ServerSettings) -> ConfigContent
    fileprivate let text: @Sendable (ServerSettings) -> String

    /// The setting as a command-line flag: `--max-message-bytes`.
    public var flag: String { "--" + Self.words(of: key).joined(separator: "-") }

    /// The setting as an environment variable: `TOUCHBRIDGE_MAX_MESSAGE_BYTES`.
    public var environmentVariable: String { (["TOUCHBRIDGE"] + Self.words(of: key).map { $0.uppercased() }).joined(separator: "_") }

    /// The setting's line in `serve --help`: flag, variable, default, range and what it does.
    public func helpLine(defaults: ServerSettings) -> String {
        "\(flag) \(placeholder) (\(environmentVariable), default \(valueText(in: defaults))\(range.map { ", range \($0)" } ?? "")): \(help)"
    }

    /// The value `settings` holds for this setting, as `--help` and the documentation show it.
    public func valueText(in settings: ServerSettings) -> String { isSecret ? "(secret)" : text(settings) }

    func read(from reader: ConfigReader, into settings: inout ServerSettings) throws {
        try read(reader, ConfigKey(key), &settings)
    }

    /// What is wrong with the value `settings` holds for this setting (its range, its format), as
    /// words that follow its name (`must be 1…100000; got 0`); nil when nothing is.
    public func problem(in settings: ServerSettings) -> String? { problem(settings) }

    /// The value `settings` holds, as a configuration value.
    func configValue(in settings: ServerSettings) -> ConfigValue {
        ConfigValue(content(settings), isSecret: isSecret)
    }

    /// `maxMessageBytes` → ["max", "message", "bytes"] (the word split swift-configuration's
    /// environment and command-line key encoders apply).
    static func words(of key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in key {
            if let previous, previous.isLowercase, character.isUppercase {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        words.append(current)
        return words.map { $0.lowercased() }
    }
}

/// The JSON types a settings file may give a value; anything else is an error naming the setting (an
/// object given for a number was ignored before).
enum ValueType: String, Sendable {
    case integer = "an integer", number = "a number", bool = "true or false", string = "a string"
    case optionalString = "a string or null", strings = "an array of strings"
}

extension ServerSetting {
    typealias Path<Value> = WritableKeyPath<ServerSettings, Value> & Sendable

    /// A whole number within `range`.
    static func int(_ key: String, _ path: Path<Int>, _ help: String, range: SettingRange, placeholder: String = "N") -> Self {
        Self(key: key, help: help, placeholder: placeholder, isSecret: false, range: range, type: .integer,
             problem: { range.contains(Double($0[keyPath: path])) ? nil : "must be \(range); got \($0[keyPath: path])" },
             read: { reader, key, settings in settings[keyPath: path] = try reader.requiredInt(forKey: key) },
             content: { .int($0[keyPath: path]) }, text: { "\($0[keyPath: path])" })
    }

    /// A number within `range` (NaN never is).
    static func double(_ key: String, _ path: Path<Double>, _ help: String, range: SettingRange, placeholder: String = "SECONDS") -> Self {
        Self(key: key, help: help, placeholder: placeholder, isSecret: false, range: range, type: .number,
             problem: { range.contains($0[keyPath: path]) ? nil : "must be \(range); got \($0[keyPath: path])" },
             read: { reader, key, settings in settings[keyPath: path] = try reader.requiredDouble(forKey: key) },
             content: { .double($0[keyPath: path]) }, text: { "\($0[keyPath: path])" })
    }

    static func bool(_ key: String, _ path: Path<Bool>, _ help: String) -> Self {
        Self(key: key, help: help, placeholder: "true|false", isSecret: false, range: nil, type: .bool, problem: { _ in nil },
             read: { reader, key, settings in settings[keyPath: path] = try reader.requiredBool(forKey: key) },
             content: { .bool($0[keyPath: path]) }, text: { "\($0[keyPath: path])" })
    }

    /// Text; `rule` says what is wrong with a value (nil: nothing).
    static func string(_ key: String, _ path: Path<String>, _ help: String, placeholder: String = "TEXT",
                       rule: @escaping @Sendable (String) -> String? = { _ in nil }) -> Self {
        Self(key: key, help: help, placeholder: placeholder, isSecret: false, range: nil, type: .string,
             problem: { rule($0[keyPath: path]) },
             read: { reader, key, settings in settings[keyPath: path] = try reader.requiredString(forKey: key) },
             content: { .string($0[keyPath: path]) }, text: { $0[keyPath: path] })
    }

    /// A setting that may be unset: an empty value unsets it (JSON null leaves it to the next source).
    /// `rule` says what is wrong with a set value (nil: nothing).
    static func optionalString(_ key: String, _ path: Path<String?>, _ help: String, placeholder: String = "PATH",
                               isSecret: Bool = false, rule: @escaping @Sendable (String) -> String? = { _ in nil }) -> Self {
        Self(key: key, help: help, placeholder: placeholder, isSecret: isSecret, range: nil, type: .optionalString,
             problem: { $0[keyPath: path].flatMap(rule) },
             read: { reader, key, settings in
                 let text = try reader.requiredString(forKey: key, isSecret: isSecret)
                 settings[keyPath: path] = text.isEmpty ? nil : text
             },
             content: { .string($0[keyPath: path] ?? "") }, text: { $0[keyPath: path] ?? "none" })
    }

    /// A list of texts; `rule` says what is wrong with one of them (nil: nothing).
    static func strings(_ key: String, _ path: Path<[String]>, _ help: String,
                        rule: @escaping @Sendable (String) -> String? = { _ in nil }) -> Self {
        Self(key: key, help: help, placeholder: "A,B", isSecret: false, range: nil, type: .strings,
             problem: { $0[keyPath: path].lazy.compactMap(rule).first },
             read: { reader, key, settings in settings[keyPath: path] = try reader.requiredStringArray(forKey: key) },
             content: { .stringArray($0[keyPath: path]) }, text: { "[" + $0[keyPath: path].joined(separator: ",") + "]" })
    }
}
