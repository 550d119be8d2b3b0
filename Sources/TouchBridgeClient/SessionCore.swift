import Foundation
import TouchBridgeProtocol
import TouchBridgeTransport

/// An event-log entry with the `events` message it came in.
public struct LoggedEntry: Sendable, Equatable {
    /// The entry.
    public var entry: LogEntry
    /// Engine time of the dispatch, ms.
    public var t: Double
    /// The `seq` of the message that caused it (nil: a timer, a scene switch, a resize).
    public var seq: Int?
}

/// Something went wrong talking to the server.
public enum SessionError: Error, Equatable, CustomStringConvertible {
    /// The connection could not be made (bad URL, refused, failed handshake).
    case cannotConnect(String)
    /// The server rejected a message (`error`).
    case server(ErrorMessage)
    /// The server closed the connection with this WebSocket close code and reason.
    case closed(code: UInt16, reason: String)
    /// Nothing expected arrived in time; the text says what was awaited.
    case timeout(String)
    /// The gesture could not be synthesized.
    case gesture(GestureError)
    /// The render mirror and the server disagree (a protocol bug).
    case mirror(String)

    public var description: String {
        switch self {
        case .cannotConnect(let why): "cannot connect: \(why)"
        case .server(let error): "the server answered error \(error.code): \(error.message)"
        case .closed(let code, let reason): "the connection closed (\(code)\(reason.isEmpty ? "" : ": \(reason)"))"
        case .timeout(let what): "timed out waiting for \(what)"
        case .gesture(let error): "bad gesture: \(error.description)"
        case .mirror(let why): "render mirror out of sync: \(why)"
        }
    }
}

/// The connection's state, shared between the transport's service thread (which applies what the
/// server sends) and the test's tasks (which wait for it). Guarded by `SessionCore.lock`.
struct SessionState {
    var connection: ConnectionID?
    var welcome: Welcome?
    var fullRenders = 0
    var mirror = RenderMirror()
    var mirrorError: String?
    var log: [LoggedEntry] = []
    var names = KnownNames()
    var acked: Set<Int> = []
    var errors: [ErrorMessage] = []
    var errorBySeq: [Int: ErrorMessage] = [:]
    var rateLimited = 0
    var overloaded = 0
    var pongs: Set<Int> = []
    var closed: (code: UInt16, reason: String)?
    var runReturned = false
    /// Every message received, as text, in order.
    var received: [String] = []
}

/// The transport delegate and the lock + continuation bridge: callbacks on the service thread
/// update `state` and resume every waiter whose condition became true; async callers park in
/// `wait` until then (or a timeout, or the connection closing).
final class SessionCore: TransportClientDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var state = SessionState()
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0
    private let hello: String

    private struct Waiter {
        var check: (SessionState) -> Bool
        var continuation: CheckedContinuation<Void, any Error>
    }

    init(hello: String) { self.hello = hello }

    func read<T>(_ body: (SessionState) -> T) -> T {
        lock.withLock { body(state) }
    }

    /// Suspends until `condition` holds. Throws `SessionError.timeout` after `timeout` seconds and
    /// `SessionError.closed` if the connection ends first.
    func wait(timeout: Double, for what: String, until condition: @escaping (SessionState) -> Bool) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            lock.lock()
            if condition(state) {
                lock.unlock()
                continuation.resume()
                return
            }
            if let closed = state.closed {
                lock.unlock()
                continuation.resume(throwing: SessionError.closed(code: closed.code, reason: closed.reason))
                return
            }
            let id = nextWaiter
            nextWaiter += 1
            waiters[id] = Waiter(check: condition, continuation: continuation)
            lock.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, timeout)) { [weak self] in
                self?.expire(id, what)
            }
        }
    }

    private func expire(_ id: Int, _ what: String) {
        let waiter = lock.withLock { waiters.removeValue(forKey: id) }
        waiter?.continuation.resume(throwing: SessionError.timeout(what))
    }

    /// Applies `change` to the state, then resumes the waiters it satisfied (outside the lock).
    /// Notes the views and recognizers the client's own `act` added.
    func learnNames(from actions: [JSONValue]) {
        update { $0.names.learn(actions: actions) }
    }

    private func update(_ change: (inout SessionState) -> Void) {
        var ready: [(Waiter, (any Error)?)] = []
        lock.withLock {
            change(&state)
            for (id, waiter) in waiters {
                if waiter.check(state) {
                    ready.append((waiter, nil))
                    waiters[id] = nil
                } else if let closed = state.closed {
                    ready.append((waiter, SessionError.closed(code: closed.code, reason: closed.reason)))
                    waiters[id] = nil
                }
            }
        }
        for (waiter, error) in ready {
            if let error { waiter.continuation.resume(throwing: error) } else { waiter.continuation.resume() }
        }
    }

    func runReturned() {
        update { state in
            state.runReturned = true
            if state.closed == nil { state.closed = (1006, "the client stopped") }
        }
    }

    // MARK: TransportClientDelegate (service thread)

    func client(_ client: TransportClient, didOpen id: ConnectionID, info: ConnectionInfo) {
        update { $0.connection = id }
        client.send(hello, to: id)
    }

    func client(_ client: TransportClient, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        let message = try? ServerMessage.decode(text)
        update { state in
            state.received.append(text)
            switch message {
            case .welcome(let welcome):
                state.welcome = welcome
            case .render(let render):
                do {
                    try state.mirror.apply(render)
                } catch {
                    state.mirrorError = state.mirrorError ?? "\(error) applying \(text.prefix(200))"
                }
                if render.full { state.fullRenders += 1 }
                state.names.learn(render)
            case .events(let events):
                state.log += events.log.map { LoggedEntry(entry: $0, t: events.t, seq: events.seq) }
                for entry in events.log { state.names.learn(entry) }
                if let seq = events.seq { state.acked.insert(seq) }
            case .error(let error) where error.code == ErrorCode.overloaded:
                // Backpressure: the server paused reading this connection until its answers drain.
                // Nothing was refused, so it is counted, not an error of the step that is waiting.
                state.overloaded += 1
            case .error(let error):
                state.errors.append(error)
                if let seq = error.seq { state.errorBySeq[seq] = error }
                if error.code == "rate-limited" { state.rateLimited += 1 }
            case .pong(let pong):
                state.pongs.insert(pong.id)
            case nil:
                break  // a message type this client does not know: ignored, as the protocol asks
            }
        }
    }

    func client(_ client: TransportClient, didClose id: ConnectionID, code: UInt16, reason: String) {
        update { state in
            if state.closed == nil { state.closed = (code, reason) }
        }
    }
}
