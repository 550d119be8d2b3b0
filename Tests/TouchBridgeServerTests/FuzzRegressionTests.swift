import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchBridgeServer
import TouchBridgeTesting
import TouchKit

/// The fuzz harnesses' properties, run on every committed corpus input (`Fuzz/corpus/`), so inputs
/// that once crashed the decoder or a session stay fixed. A crash found by `scripts/fuzz.sh` gets
/// its input copied into the corpus and, when it needs a comment, a named test here.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    static func inputs(_ harness: String) -> [URL] {
        let directory = corpus.appendingPathComponent(harness)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test func corpusIsPresent() {
        #expect(Self.inputs("protocol-decode").count >= 10)
        #expect(Self.inputs("session").count >= 5)
    }

    @Test func protocolDecodeCorpus() throws {
        for file in Self.inputs("protocol-decode") {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for problem in Self.decodeProblems(text) {
                Issue.record("\(file.lastPathComponent): \(problem)")
            }
        }
    }

    /// Seed scripts that send bad input on purpose, and the error codes they get.
    static let expectedErrors: [String: [String]] = [
        "invalid-frames.txt": ["unknown-pointer", "pointer-already-down", "bad-json", "time-went-backwards", "unsupported-protocol"],
        // docs/protocol.md §4.7: touches down at a scene switch are forgotten.
        "scene-switch-mid-touch.txt": ["unknown-pointer"],
    ]

    @Test func sessionCorpus() throws {
        for file in Self.inputs("session") {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            let outcome = SessionScript.run(text, catalog: LibraryCatalog())
            for problem in outcome.problems {
                Issue.record("\(file.lastPathComponent): \(problem)")
            }
            // The seeds are valid sessions, apart from the errors they are about.
            let messages = outcome.received.compactMap { try? ServerMessage.decode($0) }
            let types = messages.map(\.type)
            let errorCodes = messages.compactMap { message -> String? in
                if case .error(let error) = message { return error.code }
                return nil
            }
            #expect(types.contains("welcome"), "\(file.lastPathComponent): no welcome")
            #expect(types.contains("events"), "\(file.lastPathComponent): no events")
            if let expected = Self.expectedErrors[file.lastPathComponent] {
                #expect(errorCodes == expected, "\(file.lastPathComponent)")
            } else {
                #expect(errorCodes.isEmpty, "\(file.lastPathComponent)")
            }
        }
    }

    /// Found by CI's bounded protocol-decode run (issue 30): a `null` pointer time and the keys `t`
    /// and `x` given twice decoded with the first of each kept, as NaN, which then failed the round
    /// trip. A repeated key is now a `schema` error naming it (docs/protocol.md §2).
    @Test func aRepeatedKeyIsASchemaErrorNamingIt() throws {
        let file = Self.corpus.appendingPathComponent("protocol-decode/duplicate-keys-null-time.json")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let error = #expect(throws: ProtocolError.self) { try ClientMessage.decode(text) }
        #expect(error?.code == "schema")
        #expect(error?.path == "pointers[0].x")
    }

    /// Found by the session fuzzer under LeakSanitizer:
    /// - every session showing a scene with a settings switch (`Toggle`: scroll view, delivery lab,
    ///   hit-test lab) leaked the switch and everything its handler captured — the scroll view and its
    ///   content, recognizers, views — because the switch's action captured the switch;
    /// - a session of `single-double-tap` that ended (or switched scene) within 0.3 s of a single tap
    ///   on the tapCount pane leaked its whole application: the pending timer's closure held it.
    /// A server serving such scenes grew with every session. Now every scene, library and
    /// declarative, is gone with its application, pending timers or not.
    @Test func scenesAreReleasedWithTheirApplication() throws {
        let root = Self.corpus.deletingLastPathComponent().deletingLastPathComponent()
        let directory = root.appendingPathComponent("config/scenes")
        let specs = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().filter { $0.hasSuffix(".json") }
            .map { name in try SceneSpec.parse(Data(contentsOf: directory.appendingPathComponent(name))) }
        let catalog = LibraryCatalog(declarativeScenes: specs)
        #expect(catalog.scenes.count >= 15)
        for scene in catalog.scenes {
            var objects: [WeakObject] = []
            do {
                let app = try #require(try catalog.makeApplication(scene: scene.name, windowSize: CGSize(width: 400, height: 800)))
                objects.append(WeakObject(app))
                for window in app.windows { Self.collect(window, into: &objects) }
                // Taps left and right of the middle, so handlers that capture on first use run too,
                // and the application is dropped with whatever timers they left pending.
                for (index, x) in [100.0, 300.0].enumerated() {
                    let time = 1 + Double(index)
                    try app.digitizer.process([PointerChange(pointerID: 1, phase: .down, location: CGPoint(x: x, y: 400), timestamp: time)])
                    try app.digitizer.process([PointerChange(pointerID: 1, phase: .up, location: CGPoint(x: x, y: 400), timestamp: time + 0.05)])
                }
            }
            let alive = objects.compactMap(\.value).map { String(describing: type(of: $0)) }
            #expect(alive.isEmpty, "scene \(scene.name) leaks \(alive.count) objects: \(alive.prefix(8))")
        }
    }

    final class WeakObject {
        weak var value: AnyObject?
        init(_ value: AnyObject) { self.value = value }
    }

    static func collect(_ view: UIView, into objects: inout [WeakObject]) {
        objects.append(WeakObject(view))
        for recognizer in view.gestureRecognizers ?? [] { objects.append(WeakObject(recognizer)) }
        for subview in view.subviews { collect(subview, into: &objects) }
    }

    /// What `Fuzz/Harnesses/ProtocolDecode.swift` checks: known error codes, and a decoded message
    /// survives its own encoding.
    static func decodeProblems(_ text: String) -> [String] {
        let known: Set<String> = ["limit", "bad-json", "unknown-type", "unsupported-protocol", "schema", "not-allowed"]
        do {
            let message = try ClientMessage.decode(text)
            let again = try? ClientMessage.decode(message.text, limits: ProtocolLimits(maxMessageBytes: .max))
            // NaN is not equal to itself: a message holding one round-trips when its encoding does.
            let same = again == message || (again?.text == message.text && message.text.contains(#""NaN""#))
            return same ? [] : ["round trip changed \(message) → \(message.text)"]
        } catch {
            return known.contains(error.code) ? [] : ["unknown error code \(error.code)"]
        }
    }
}
