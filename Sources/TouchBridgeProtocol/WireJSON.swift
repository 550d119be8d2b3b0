import Foundation

/// How the protocol turns JSON into values and back, in one place so every message is encoded the
/// same way.
///
/// Client messages are parsed by `JSONParser` and read by `ClientMessageReading.swift`; server
/// messages are written by `JSONWriter`, through their declarations (`WireMessage`) or, for `render`
/// and `events`, their specialized writers. The Foundation coders here remain for
/// `ServerMessage.decode`, for reports encoded by their own types, and as the reference the
/// hand-written code is tested against.
///
/// Output is deterministic: sorted keys, no whitespace, numbers rounded by the producer with
/// `rounded(_:)`. Determinism is a protocol guarantee (manual clock: same input, same bytes).
package enum WireJSON {
    /// A decoder that also accepts `"NaN"`, `"Infinity"` and `"-Infinity"` for numbers, so a
    /// client's non-finite value reaches validation and gets a precise error.
    package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// The encoder of every server message: sorted keys, unescaped slashes, and never a throw for
    /// a non-finite number (it becomes a string rather than losing the whole message).
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// Encodes a value as compact, sorted JSON text.
    package static func text<T: Encodable>(_ value: T) -> String {
        // Encoding our own value types cannot fail: every number is finite or has a string form.
        guard let data = try? makeEncoder().encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Encodes any JSON value as compact, sorted JSON text (the same bytes as the generic
    /// `text(_:)`, without JSONEncoder).
    package static func text(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return writer.text
    }

    /// `value` rounded to 3 decimals, with -0 as 0, so output is stable and compact.
    package static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        let result = (value * 1000).rounded() / 1000
        return result == 0 ? 0 : result
    }
}
