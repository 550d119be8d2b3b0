// libFuzzer harness: a whole `Hub` (with the server's `LibraryCatalog`) fed arbitrary message
// sequences on one or two connections (scripts/fuzz.sh builds and runs it), through the same
// `VirtualTransport` and script format (`SessionScript`, TouchBridgeTesting) as the regression
// tests that replay the corpus.
//
// Properties, beyond "never crashes, never traps, never reads out of bounds" (ASan):
// - every message the server sends is one its own `ServerMessage.decode` accepts;
// - nothing is sent to a connection after it was closed.
import TouchBridgeServer
import TouchBridgeTesting

// libFuzzer calls the harness from one thread.
nonisolated(unsafe) private let catalog = LibraryCatalog()

@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let problem = SessionScript.run(text, catalog: catalog).problems.first { fatalError(problem) }
    return 0
}
