import Foundation

/// Every message a server sends (docs/protocol.md §5).
package enum ServerMessage: Equatable, Sendable {
    /// The reply to a successful `hello` (docs/protocol.md §5.1).
    case welcome(Welcome)
    /// How the client's mirror of the view tree changes (§5.2); may be coalesced for a slow client.
    case render(RenderMessage)
    /// The event log of one dispatch (§5.3); never dropped or coalesced.
    case events(EventsMessage)
    /// A rejected message (§5.4).
    case error(ErrorMessage)
    /// The reply to `ping` (§5.5).
    case pong(Pong)

    /// The `type` field of the message.
    package var type: String {
        switch self {
        case .welcome: "welcome"
        case .render: "render"
        case .events: "events"
        case .error: "error"
        case .pong: "pong"
        }
    }

    /// The message's JSON text: sorted keys, compact — equal messages are equal bytes.
    ///
    /// Every message is written as its declaration (`WireMessage`) states it. The per-frame ones,
    /// `render` and `events`, have specialized writers (`ServerMessageWriting.swift`), several times
    /// faster, which `ServerDeclarationTests` holds to the declaration byte for byte; the others are
    /// written by their declaration's table.
    package var text: String {
        var writer: JSONWriter
        switch self {
        case .welcome(let body): return body.messageText
        case .render(let body): return body.text
        case .events(let body):
            writer = JSONWriter(capacity: 64 + 256 * body.log.count)
            writer.write(body)
        case .error(let body): return body.messageText
        case .pong(let body): return body.messageText
        }
        return writer.text
    }

    /// The text as the types' `Encodable` conformances encode it (the reference `text` must match).
    var codableText: String { WireJSON.text(Envelope(message: self)) }

    /// Decodes a server message (for Swift clients and tests).
    package static func decode(_ text: String) throws -> ServerMessage {
        let data = Data(text.utf8)
        let decoder = WireJSON.makeDecoder()
        let type = try decoder.decode(TypeOnly.self, from: data).type
        switch type {
        case "welcome": return .welcome(try decoder.decode(Welcome.self, from: data))
        case "render": return .render(try decoder.decode(RenderMessage.self, from: data))
        case "events": return .events(try decoder.decode(EventsMessage.self, from: data))
        case "error": return .error(try decoder.decode(ErrorMessage.self, from: data))
        case "pong": return .pong(try decoder.decode(Pong.self, from: data))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown server message type \(type)"))
        }
    }

    private struct TypeOnly: Decodable { let type: String }

    /// Writes `type` and the body's fields into one JSON object.
    private struct Envelope: Encodable {
        let message: ServerMessage

        enum TypeKey: String, CodingKey { case type }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: TypeKey.self)
            try container.encode(message.type, forKey: .type)
            switch message {
            case .welcome(let body): try body.encode(to: encoder)
            case .render(let body): try body.encode(to: encoder)
            case .events(let body): try body.encode(to: encoder)
            case .error(let body): try body.encode(to: encoder)
            case .pong(let body): try body.encode(to: encoder)
            }
        }
    }
}
