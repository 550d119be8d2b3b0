/// A server value of several kinds written as a compact array — its kind's tag, then its numbers in
/// order (`["rect",x,y,w,h]`, a drawing command's path element) — declared once as each kind's tag and
/// named numbers (`tupleVariants`): its writer, its reader (`read(tag:numbers:)`, which the `Codable`
/// conformance uses), the document's table of kinds and the fixture's `elements`, which the page's
/// Node tests check every example's elements against. `ServerDeclarationTests` holds the render
/// writer's own path writer to this declaration.
package protocol WireTuple: WireValue {
    /// The kinds, in the order the document lists them.
    static var tupleVariants: [TupleVariant<Self>] { get }
}

/// One kind of a `WireTuple` value: its tag, what it means, its numbers, and how a value of this kind
/// becomes them and back.
package struct TupleVariant<Value>: Sendable {
    /// The tag and the numbers, for documents and fixtures.
    package var info: WireVariantInfo
    /// The value's numbers when it is of this kind (nil for the other kinds).
    let numbers: @Sendable (Value) -> [Double]?
    /// The value of this kind with these numbers (as many as `info.fields`, which the reader checks first).
    let make: @Sendable ([Double]) -> Value

    /// The kind `tag`, whose numbers are `numbers` (name, meaning) in wire order.
    package init(_ tag: String, _ meaning: String, numbers: KeyValuePairs<String, String>,
                 _ values: @escaping @Sendable (Value) -> [Double]?, make: @escaping @Sendable ([Double]) -> Value) {
        info = WireVariantInfo(tag: tag, meaning: meaning, fields: numbers.map { number in
            WireFieldInfo(key: number.key, isRequired: true, documentedType: "number", meaning: number.value, nested: [], documentsNested: false)
        })
        self.numbers = values
        self.make = make
    }
}

/// What a `WireTuple` is, for documents and fixtures: its kinds.
package struct WireTupleInfo: Equatable, Sendable {
    /// What the document calls one (`path element`).
    package var name: String
    /// The kinds; each kind's numbers are its `fields`, in wire order (all required numbers).
    package var variants: [WireVariantInfo]
}

extension WireVariantInfo {
    /// How the document writes a kind of compact array, its numbers being its fields: `["rect",x,y,w,h]`.
    package var pattern: String { "[" + (["\"\(tag)\""] + fields.map(\.key)).joined(separator: ",") + "]" }
}

/// Why a compact array was refused: each names what was expected, so a reader can say what is wrong.
package enum WireTupleError: Error, Equatable, CustomStringConvertible {
    /// A tag no kind has.
    case unknownTag(String, known: [String])
    /// A kind with another count of numbers.
    case arity(tag: String, expected: Int, got: Int)
    /// A number that is NaN or infinite. Any finite number is read: the server writes what a view's
    /// path holds, and its own clients must not refuse a render it wrote (a coordinate past the page
    /// canvas's 32-bit floats draws nothing there, and is still the view's).
    case notFinite(tag: String, name: String, value: Double)

    /// The error's text.
    package var description: String {
        switch self {
        case .unknownTag(let tag, let known): "unknown tag \"\(tag)\" (expected one of \(known.map { "\"\($0)\"" }.joined(separator: ", ")))"
        case .arity(let tag, let expected, let got): "\"\(tag)\" takes \(expected) number\(expected == 1 ? "" : "s"), got \(got)"
        case .notFinite(let tag, let name, let value): "\"\(tag)\"'s \(name) is \(value), expected a finite number"
        }
    }
}

extension WireTuple {
    /// Writes `["tag",n1,n2,…]` by the declaration of the value's kind (the kinds cover every case,
    /// which `ServerDeclarationTests` checks over generated values: a case no kind takes writes `null`).
    package func write(to writer: inout JSONWriter) {
        for variant in Self.tupleVariants {
            guard let numbers = variant.numbers(self) else { continue }
            writer.byte(UInt8(ascii: "["))
            writer.string(variant.info.tag)
            for number in numbers {
                writer.byte(UInt8(ascii: ","))
                writer.number(number)
            }
            writer.byte(UInt8(ascii: "]"))
            return
        }
        writer.null()
    }

    /// The value of kind `tag` with `numbers`: an unknown tag, another count of numbers, or a number
    /// that is not finite is refused.
    package static func read(tag: String, numbers: [Double]) throws(WireTupleError) -> Self {
        tupleVariants[try tupleDeclaration.kind(tag: tag, numbers: numbers)].make(numbers)
    }

    /// The declared kinds, for documents and fixtures.
    package static var tupleDeclaration: WireTupleInfo { WireTupleInfo(name: documentedType, variants: tupleVariants.map(\.info)) }
    /// A compact array's kinds are its declaration's.
    package static var tupleInfo: WireTupleInfo? { tupleDeclaration }
}

extension WireTuple {
    /// Encodes `["tag",n1,…]` as `write(to:)` writes it (`null` for a value no kind takes).
    func encodeTuple(to encoder: Encoder) throws {
        guard let (tag, numbers) = Self.tupleVariants.lazy.compactMap({ variant in variant.numbers(self).map { (variant.info.tag, $0) } }).first else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
            return
        }
        var container = encoder.unkeyedContainer()
        try container.encode(tag)
        for number in numbers { try container.encode(number) }
    }

    /// Decodes `["tag",n1,…]` by `read(tag:numbers:)`: a tag that is no string and a member that is no
    /// number are the decoder's type errors; the declaration's refusals come as `dataCorrupted` with its text.
    static func decodeTuple(from decoder: Decoder) throws -> Self {
        var container = try decoder.unkeyedContainer()
        let tag = try container.decode(String.self)
        var numbers: [Double] = []
        // As many as the decoder already holds in memory (its input's size bounds them).
        while !container.isAtEnd { numbers.append(try container.decode(Double.self)) }
        do {
            return try read(tag: tag, numbers: numbers)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(documentedType): \(error)"))
        }
    }
}

extension WireTupleInfo {
    /// What in `value` the declaration does not allow (nil when nothing): no array, no declared tag,
    /// another count of numbers, a member that is no number or is out of range.
    package func problem(in value: JSONValue) -> String? {
        guard case .array(let members) = value, let tag = value.tupleTag else { return "\(WireJSON.text(value)) is no [tag, numbers…] array" }
        var numbers: [Double] = []
        for member in members.dropFirst() {
            guard case .number(let number) = member else { return "\(WireJSON.text(member)) in \"\(tag)\" is no number" }
            numbers.append(number)
        }
        do {
            _ = try kind(tag: tag, numbers: numbers)
            return nil
        } catch {
            return error.description
        }
    }

    /// The index of the kind `tag` when `numbers` are its numbers: an unknown tag, another count of
    /// numbers, or a number that is not finite is refused.
    func kind(tag: String, numbers: [Double]) throws(WireTupleError) -> Int {
        guard let index = variants.firstIndex(where: { $0.tag == tag }) else { throw .unknownTag(tag, known: variants.map(\.tag)) }
        let declared = variants[index].fields
        guard numbers.count == declared.count else { throw .arity(tag: tag, expected: declared.count, got: numbers.count) }
        for (value, number) in zip(numbers, declared) where !value.isFinite {
            throw .notFinite(tag: tag, name: number.key, value: value)
        }
        return index
    }
}

extension JSONValue {
    /// A compact array's tag: its first member when that is a string.
    var tupleTag: String? {
        guard case .array(let members) = self, case .string(let tag)? = members.first else { return nil }
        return tag
    }
}
