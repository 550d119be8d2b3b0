// libFuzzer harness: a whole `Hub` (with the server's `LibraryCatalog`) fed arbitrary message
// sequences on one or two connections (scripts/fuzz.sh builds and runs it).
//
// The input is split into lines; each line is one event, received 7 ms after the previous one:
//   `@2 …`     — the event is for connection 2 (otherwise connection 1);
//   `+N …`     — N ms pass first (N ≤ 99999);
//   `!open`, `!close`, `!timer` — the connection opens, closes, or its armed timer fires;
//   an empty line is skipped; anything else is one text message.
// Like a transport, the harness fires a connection's armed timer once the clock passes it.
//
// Properties, beyond "never crashes, never traps, never reads out of bounds" (ASan):
// - every message the server sends is one its own `ServerMessage.decode` accepts;
// - nothing is sent to a connection after it was closed.
import TouchBridgeProtocol
import TouchBridgeServer

// libFuzzer calls the harness from one thread.
nonisolated(unsafe) private let catalog = LibraryCatalog()

@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var nextID = 0
    let hub = Hub(catalog: catalog) {
        nextID += 1
        let digits = String(nextID, radix: 16)
        return String(repeating: "0", count: max(0, 32 - digits.count)) + digits
    }
    var now = 100.0
    var timers: [ConnectionID: Double] = [:]
    var closed: Set<ConnectionID> = []

    func run(_ input: SessionInput, on connection: ConnectionID) {
        for (target, effect) in hub.handle(input, on: connection) {
            switch effect {
            case .send(let message):
                if closed.contains(target) { fatalError("sent to closed connection \(target): \(message)") }
                do { _ = try ServerMessage.decode(message) } catch {
                    fatalError("the server sent a message its own decoder rejects: \(message): \(error)")
                }
            case .armTimer(let at): timers[target] = at
            case .cancelTimer: timers[target] = nil
            case .close: closed.insert(target); timers[target] = nil
            }
        }
        if input == .closed { closed.insert(connection); timers[connection] = nil }
        if case .opened = input { closed.remove(connection) }
    }

    func fireDueTimers() {
        var rounds = 0
        while let (connection, at) = timers.min(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }),
              at <= now, rounds < 1000 {
            rounds += 1
            timers[connection] = nil
            run(.timerFired, on: connection)
        }
    }

    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(200) {
        var line = Substring(rawLine)
        var connection: ConnectionID = 1
        if line.hasPrefix("@2 ") {
            connection = 2
            line = line.dropFirst(3)
        }
        var elapsed = 7.0
        if line.hasPrefix("+"), let space = line.firstIndex(of: " "), let ms = Int(line[line.index(after: line.startIndex)..<space]), (0...99_999).contains(ms) {
            elapsed = Double(ms)
            line = line[line.index(after: space)...]
        }
        now += elapsed / 1000
        fireDueTimers()
        // A transport delivers nothing on a connection it closed, until a new one opens.
        if closed.contains(connection), line != "!open" { continue }
        switch line {
        case "!open": run(.opened(ConnectionInfo()), on: connection)
        case "!close": run(.closed, on: connection)
        case "!timer":
            if timers.removeValue(forKey: connection) != nil { run(.timerFired, on: connection) }
        case "":
            break
        default:
            run(.text(String(line), receivedAt: now), on: connection)
        }
    }
    now += 10
    fireDueTimers()
    for connection: ConnectionID in [2, 1] where !closed.contains(connection) { run(.closed, on: connection) }
    return 0
}
