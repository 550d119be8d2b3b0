/// A lint of the loaded scene on the wire (docs/protocol.md §5.6, docs/margins-and-lints.md): a conflict in
/// its recognizer graph found before the first touch, with the UIKit rule it derives from and a fix.
public struct WireLint: Codable, Equatable, Sendable {
    /// `TB-L01`…
    public var id: String
    /// A short kebab-case name (`tap-ladder-without-failure`).
    public var name: String
    /// `error`, `warning` or `info`.
    public var severity: String
    /// The UIKit rule it derives from (docs/uikit-rules.md id).
    public var rule: String
    /// What will happen, naming recognizers and views.
    public var message: String
    /// What to change.
    public var fix: String
    /// Trace names of the recognizers and views involved.
    public var subjects: [String]

    /// A lint with every field.
    public init(id: String, name: String, severity: String, rule: String, message: String, fix: String, subjects: [String]) {
        self.id = id
        self.name = name
        self.severity = severity
        self.rule = rule
        self.message = message
        self.fix = fix
        self.subjects = subjects
    }
}

extension JSONWriter {
    /// `[lint, …]` with sorted keys, as `Encodable` writes them.
    mutating func write(_ lints: [WireLint]) {
        byte(UInt8(ascii: "["))
        for (index, lint) in lints.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            raw("{\"fix\":")
            string(lint.fix)
            raw(",\"id\":")
            string(lint.id)
            raw(",\"message\":")
            string(lint.message)
            raw(",\"name\":")
            string(lint.name)
            raw(",\"rule\":")
            string(lint.rule)
            raw(",\"severity\":")
            string(lint.severity)
            raw(",\"subjects\":")
            strings(lint.subjects)
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
    }
}
