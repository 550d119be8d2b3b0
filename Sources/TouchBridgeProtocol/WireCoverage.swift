/// Which declared fields a corpus of written objects showed, for tests that hold a writer to its
/// declaration (`ServerDeclarationTests` for the specialized render and events writers, the Host's
/// report tests for the what-if and flake reports' `Encodable` writers): every optional field must be
/// seen present and absent, every nullable one `null` and not, every kind of a tagged object and of a
/// compact array (a path element) written.
package struct WireCoverage {
    private var present: [String: Set<String>] = [:]
    private var absent: [String: Set<String>] = [:]
    private var null: [String: Set<String>] = [:]
    private var notNull: [String: Set<String>] = [:]
    private var unknownKinds: Set<String> = []
    private var elementKinds: [String: Set<String>] = [:]

    /// A coverage with nothing noted yet.
    package init() {}

    /// Notes which of `fields`' keys `value` has, and goes on into its nested declared objects (an
    /// object of several kinds by the fields of its kind).
    package mutating func note(_ value: JSONValue, fields: [WireFieldInfo], at path: String) {
        guard case .object(let members) = value else { return }
        for field in fields {
            if let member = members[field.key] {
                present[path, default: []].insert(field.key)
                if member == .null { null[path, default: []].insert(field.key) } else { notNull[path, default: []].insert(field.key) }
                if let tagged = field.tagged, case .array(let elements) = member {
                    for element in elements {
                        guard case .string(let tag)? = element[tagged.key], let variant = tagged.variants.first(where: { $0.tag == tag }) else {
                            unknownKinds.insert("\(path).\(field.key)[i]: \(WireJSON.text(element[tagged.key] ?? .null))")
                            continue
                        }
                        note(element, fields: variant.fields, at: "\(path).\(field.key)[i:\(tag)]")
                    }
                }
                if let kinds = field.elements, case .array(let elements) = member {
                    for element in elements {
                        let tag = element.tupleTag
                        guard let tag, kinds.variants.contains(where: { $0.tag == tag }) else {
                            unknownKinds.insert("\(path).\(field.key)[i]: \(WireJSON.text(tag.map(JSONValue.string) ?? element))")
                            continue
                        }
                        elementKinds[path + "." + field.key, default: []].insert(tag)
                    }
                }
                guard !field.nested.isEmpty else { continue }
                if case .array(let elements) = member {
                    for element in elements { note(element, fields: field.nested, at: "\(path).\(field.key)[i]") }
                } else {
                    note(member, fields: field.nested, at: "\(path).\(field.key)")
                }
            } else {
                absent[path, default: []].insert(field.key)
            }
        }
    }

    /// The optional keys of `fields` (and of their nested objects) not seen both present and absent,
    /// the required ones seen absent, and the declared kinds (of tagged objects, of compact arrays) of
    /// each field never written there.
    package func gaps(fields: [WireFieldInfo], at path: String) -> [String] {
        fields.flatMap { field -> [String] in
            let seen = present[path]?.contains(field.key) ?? false, missed = absent[path]?.contains(field.key) ?? false
            var gaps: [String] = []
            if field.isRequired ? missed || !seen : !(seen && missed) { gaps.append("\(path).\(field.key)") }
            if field.isNullable, !(null[path]?.contains(field.key) ?? false) || !(notNull[path]?.contains(field.key) ?? false) {
                gaps.append("\(path).\(field.key) (null and not)")
            }
            if let tagged = field.tagged {
                gaps += tagged.variants.flatMap { self.gaps(fields: $0.fields, at: "\(path).\(field.key)[i:\($0.tag)]") }
            }
            if let kinds = field.elements {
                let seen = elementKinds[path + "." + field.key] ?? []
                gaps += kinds.variants.filter { !seen.contains($0.tag) }.map { "\(path).\(field.key)[i:\($0.tag)]" }
            }
            if field.tagged != nil || field.elements != nil {
                gaps += unknownKinds.filter { $0.hasPrefix("\(path).\(field.key)[i]:") }.sorted().map { "\($0) is no declared kind" }
            }
            guard !field.nested.isEmpty else { return gaps }
            let nestedPath = field.documentedType.hasPrefix("array") ? "\(path).\(field.key)[i]" : "\(path).\(field.key)"
            return gaps + self.gaps(fields: field.nested, at: nestedPath)
        }
    }

    /// The kinds of `kinds` no field noted held anywhere (an example of each kind, wherever it was).
    package func unwritten(_ kinds: WireTupleInfo) -> [String] {
        let seen = elementKinds.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        return kinds.variants.map(\.tag).filter { !seen.contains($0) }
    }
}

extension WireCoverage {
    /// What in `value` its declaration does not allow: a key it lacks, a required field missing, `null`
    /// where the field is not nullable — in nested declared objects too, an object of several kinds by
    /// the fields of its kind, a compact array (a path element) by its kind's numbers (empty when nothing).
    package static func problems(in value: JSONValue, fields: [WireFieldInfo], at path: String) -> [String] {
        guard case .object(let members) = value else { return ["\(path): not an object"] }
        let declared = Set(fields.map(\.key))
        var problems = members.keys.filter { !declared.contains($0) }.sorted().map { "\(path).\($0): not declared" }
        for field in fields {
            guard let member = members[field.key] else {
                if field.isRequired { problems.append("\(path).\(field.key): missing") }
                continue
            }
            if member == .null {
                if !field.isNullable { problems.append("\(path).\(field.key): null") }
                continue
            }
            if let tagged = field.tagged {
                let elements: [JSONValue]
                if case .array(let items) = member { elements = items } else { elements = [member] }
                problems += elements.flatMap { element -> [String] in
                    let tag = element[tagged.key]
                    guard case .string(let name)? = tag, let variant = tagged.variants.first(where: { $0.tag == name }) else {
                        return ["\(path).\(field.key)[i].\(tagged.key): \(WireJSON.text(tag ?? .null)) is no declared kind"]
                    }
                    let tagField = WireFieldInfo(key: tagged.key, isRequired: true, documentedType: "string", meaning: "", nested: [], documentsNested: false)
                    return Self.problems(in: element, fields: [tagField] + variant.fields, at: "\(path).\(field.key)[i:\(name)]")
                }
                continue
            }
            if let kinds = field.elements {
                guard case .array(let elements) = member else {
                    problems.append("\(path).\(field.key): not an array")
                    continue
                }
                problems += elements.compactMap { element in kinds.problem(in: element).map { "\(path).\(field.key)[i]: \($0)" } }
                continue
            }
            guard !field.nested.isEmpty else { continue }
            if case .array(let elements) = member {
                problems += elements.flatMap { Self.problems(in: $0, fields: field.nested, at: "\(path).\(field.key)[i]") }
            } else {
                problems += Self.problems(in: member, fields: field.nested, at: "\(path).\(field.key)")
            }
        }
        return problems
    }
}
