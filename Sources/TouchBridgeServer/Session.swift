import TouchBridgeProtocol
import TouchKit

/// One connection's protocol state machine: `handle` takes what happened to the connection and
/// returns what the transport must do. No sockets, threads or clocks inside — time arrives with
/// the inputs — so the same inputs always give the same effects.
///
/// Before `hello` a session has no role. A device session then owns a `SharedSession` (one app);
/// an observer session watches another connection's. Used alone, a session serves one device;
/// inside a `Hub`, observers can join it and receive its renders and events too.
package final class Session {
    enum State {
        case awaitingHello
        case device(SharedSession)
        case observer(SharedSession)
        case closed
    }

    /// The connection this session answers, for routing its effects.
    package let connection: ConnectionID
    var environment: SessionEnvironment
    private(set) var state = State.awaitingHello
    /// Receive time of the last `resync` answered.
    private var lastResync = -Double.infinity
    /// Shortest time between two answered `resync`s, seconds. A full render can be thousands of times
    /// the 17 bytes of the request, so answering every one would let a client amplify its traffic.
    package static let resyncInterval = Double(resyncIntervalMs) / 1000
    /// `resyncInterval` in whole milliseconds, as the `rate-limited` error states it.
    private static let resyncIntervalMs = 250

    /// A session waiting for its `hello`; a lone one (outside a `Hub`) cannot serve observers.
    package init(connection: ConnectionID = 0, environment: SessionEnvironment) {
        self.connection = connection
        self.environment = environment
    }

    /// The role granted by `hello` (nil before it, and after close).
    package var role: Role? {
        switch state {
        case .device: .device
        case .observer: .observer
        case .awaitingHello, .closed: nil
        }
    }

    /// The id of the session this connection belongs to.
    package var sessionID: String? { shared?.id }

    var shared: SharedSession? {
        switch state {
        case .device(let shared), .observer(let shared): shared
        case .awaitingHello, .closed: nil
        }
    }

    /// Effects for this connection alone (a session used without a hub has no observers).
    package func handle(_ input: SessionInput) -> [SessionEffect] {
        process(input).compactMap { $0.audience == .observers ? nil : $0.effect }
    }

    /// Effects with their audience, for the hub to route.
    func process(_ input: SessionInput) -> [Routed] {
        switch input {
        case .opened(let subprotocol):
            if let subprotocol, subprotocol != ProtocolVersion.subprotocol {
                state = .closed
                return [.own(.close(code: CloseCode.protocolError, reason: "subprotocol \(subprotocol) is not supported; use \(ProtocolVersion.subprotocol)"))]
            }
            return []
        case .text(let text, let receivedAt):
            return receive(Result { () throws(ProtocolError) in try ClientMessage.decode(text, limits: environment.limits) }, at: receivedAt)
        case .decoded(let decoded, _, let receivedAt):
            return receive(decoded, at: receivedAt)
        case .stepping(let request, let receivedAt):
            // Only a hub without a stepping handler lets one through: to v1 it is an unknown type.
            return process(.text(request.text, receivedAt: receivedAt))
        case .timerFired:
            guard case .device(let shared) = state else { return [] }
            return timerFired(shared)
        case .closed:
            return close()
        }
    }

    private func receive(_ decoded: Result<ClientMessage, ProtocolError>, at receivedAt: Double) -> [Routed] {
        let message: ClientMessage
        switch decoded {
        case .success(let decodedMessage): message = decodedMessage
        case .failure(let error): return [reply(error)]
        }
        switch state {
        case .awaitingHello:
            guard case .hello(let hello) = message else {
                return [reply(ProtocolError(code: ErrorCode.notAllowed, message: "send hello first", seq: message.seq))]
            }
            return join(hello, at: receivedAt)
        case .device(let shared):
            return deviceMessage(message, receivedAt: receivedAt, shared: shared)
        case .observer(let shared):
            return observerMessage(message, receivedAt: receivedAt, shared: shared)
        case .closed:
            return []
        }
    }

    private func join(_ hello: Hello, at receivedAt: Double) -> [Routed] {
        do throws(ProtocolError) {
            switch hello.role {
            case .device:
                let shared = try SharedSession(id: environment.makeSessionID(), hello: hello, receivedAt: receivedAt, environment: environment)
                state = .device(shared)
                return (shared.greeting(role: .device) + shared.setupMessages()).map(Routed.own) + timerEffects(shared)
            case .observer:
                let id = hello.session ?? ""
                guard let shared = environment.findSession(id), !shared.isEnded else {
                    throw ProtocolError(code: ErrorCode.unknownSession, message: "no live session with id \"\(id)\"", path: "session")
                }
                try shared.addObserver(connection)
                state = .observer(shared)
                return shared.greeting(role: .observer).map(Routed.own)
            }
        } catch {
            return [reply(error)]
        }
    }

    private func observerMessage(_ message: ClientMessage, receivedAt: Double, shared: SharedSession) -> [Routed] {
        switch message {
        case .ping(let ping):
            return [.own(.reply(ServerMessage.pong(Pong(id: ping.id, t: shared.engineMs)).text))]
        case .resync:
            return resync(shared, at: receivedAt)
        case .hello:
            return [reply(ProtocolError(code: ErrorCode.notAllowed, message: "hello was already received"))]
        default:
            return [reply(ProtocolError(
                code: ErrorCode.notAllowed, message: "observers may not send \(message.type); only ping and resync", seq: message.seq))]
        }
    }

    private func close() -> [Routed] {
        defer { state = .closed }
        switch state {
        case .device(let shared):
            // The connection is gone: what is left goes to the observers, who are then closed.
            let messages = shared.end().map { Routed(audience: .observers, effect: $0) }
            return messages + [Routed(audience: .observers, effect: .close(code: CloseCode.sessionEnded, reason: "session ended: the device disconnected"))]
        case .observer(let shared):
            shared.removeObserver(connection)
            return []
        case .awaitingHello, .closed:
            return []
        }
    }

    /// A full render, at most once per `resyncInterval`; sooner gets `rate-limited` with a retry hint.
    func resync(_ shared: SharedSession, at receivedAt: Double) -> [Routed] {
        let wait = lastResync + Self.resyncInterval - receivedAt
        guard wait <= 0 else {
            // Receive times never go backwards, so the wait is at most the interval; a replayed
            // recording's times are checked for that (`Recording.parse`), and the clamp keeps a time
            // that still did from trapping the conversion.
            let retry = Int(exactly: (min(wait, Self.resyncInterval) * 1000).rounded(.up)) ?? Self.resyncIntervalMs
            return [reply(ProtocolError(code: ErrorCode.rateLimited,
                                        message: "resync at most every \(Self.resyncIntervalMs) ms; retry in \(retry) ms",
                                        retryAfterMs: retry))]
        }
        lastResync = receivedAt
        return shared.fullRenderEffects(withLints: false).map(Routed.own)
    }

    /// An `error` reply for this connection.
    func reply(_ error: ProtocolError) -> Routed {
        .own(.error(ServerMessage.error(error.errorMessage).text))
    }
}
