import TouchKit

/// A method's answers about other recognizers, as data: `{"pan": false, "*": true}` answers a
/// question such as `canPrevent(_:)` or the delegate's `shouldRecognizeSimultaneouslyWith` by the
/// other recognizer's name (as the event log names it, so a scroll view's own pan is `pager.pan`);
/// `*` answers for every recognizer not listed; a recognizer neither names gets UIKit's default.
struct AnswerTable: Equatable, Sendable {
    /// The name that answers for every recognizer the table does not list.
    static let anyOther = "*"
    /// Most entries in one table: every recognizer a scene may have, and `*`.
    static let maximumEntries = SceneSpec.Limits().maximumRecognizers + 1

    private(set) var answers: [String: Bool]

    /// The answer about `other`, or nil for UIKit's default.
    func answer(about other: UIGestureRecognizer) -> Bool? {
        answers[other.traceName] ?? answers[Self.anyOther]
    }

    /// The names the table lists, sorted (without `*`).
    var names: [String] { answers.keys.filter { $0 != Self.anyOther }.sorted() }
}

extension JSONWalker {
    /// An answer table: an object of at most `AnswerTable.maximumEntries` recognizer names (or `*`)
    /// to true or false. The names are checked against the scene once it is all read
    /// (`AnswerTable.checkNames`).
    func answerTable() throws(SceneError) -> AnswerTable {
        guard let object = value as? [String: Any] else { throw error("expected an object of recognizer names to true or false") }
        guard object.count <= AnswerTable.maximumEntries else { throw error("at most \(AnswerTable.maximumEntries) entries") }
        var answers: [String: Bool] = [:]
        for key in object.keys.sorted() {
            guard let field = field(key, in: object) else { throw SceneError(path: "\(path).\(key)", message: "expected true or false") }
            answers[key] = try field.bool()
        }
        return AnswerTable(answers: answers)
    }
}

extension JSONWalker {
    /// The answer tables of `methods` present in `object` (this walker's value), by method.
    func answerTables(_ methods: [String], in object: [String: Any]) throws(SceneError) -> [String: AnswerTable] {
        var tables: [String: AnswerTable] = [:]
        for method in methods {
            if let table = field(method, in: object) { tables[method] = try table.answerTable() }
        }
        return tables
    }

    /// The delegate's `shouldReceiveEvent`: true (nil: always), false (0: never) or
    /// `{"allTouchesAtMost": N}` — true while the event has at most N touches.
    func eventAnswer() throws(SceneError) -> Int? {
        if let flag = try? bool() { return flag ? nil : 0 }
        guard value is [String: Any] else { throw error("expected true, false or {\"allTouchesAtMost\": N}") }
        let object = try object(allowing: ["allTouchesAtMost"])
        return try required("allTouchesAtMost", in: object).integer(in: 1...100)
    }
}

extension AnswerTable {
    /// The first name that names no recognizer (`exists` tells), or the recognizer `owner` itself,
    /// as an error under `path`.
    func checkNames(owner: String, path: String, exists: (String) -> Bool) throws(SceneError) {
        for name in names {
            guard name != owner else {
                throw SceneError(path: "\(path).\(name)", message: "a recognizer is never asked about itself")
            }
            guard exists(name) else { throw SceneError(path: "\(path).\(name)", message: RecognizerNames.unknown(name)) }
        }
    }
}

extension RecognizerSpec {
    /// The recognizer properties that hold answer tables.
    static let answerTableHolders: Set<String> = ["delegate", "overrides"]

    /// Checks the names of every answer table (delegate and overrides) with `exists`; errors name the
    /// entry under `delegatePath` or `overridesPath` (`recognizers[2].delegate.shouldRequireFailureOf.ghost`).
    func checkAnswerNames(delegatePath: String, overridesPath: String, exists: (String) -> Bool) throws(SceneError) {
        for method in DelegateSpec.tableMethods {
            try delegate?.tables[method]?.checkNames(owner: id, path: "\(delegatePath).\(method)", exists: exists)
        }
        for method in RecognizerOverrides.methods {
            try overrides?[method]?.checkNames(owner: id, path: "\(overridesPath).\(method)", exists: exists)
        }
    }
}
