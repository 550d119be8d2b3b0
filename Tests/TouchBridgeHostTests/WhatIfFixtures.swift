import Foundation
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// Recordings made in memory for the what-if and flake tests: a manual-clock session on an inline
/// scene (so times are exactly the ones written), from the cases of shared/gesture-conflicts.md.
enum WhatIfFixtures {
    /// GC-S01: a keyboard-dismiss tap on the root over a table-like list in a scroll view; a quick tap
    /// on row1 never selects it (the tap's cancelsTouchesInView cancels the row's touches).
    static let tableUnderDismissTap = """
        {"name":"gc-s01","views":[{"id":"table","kind":"scrollView","frame":[0,100,390,600],"contentSize":[390,1200],
        "children":[{"id":"row0","frame":[0,0,390,44],"responder":"log"},{"id":"row1","frame":[0,44,390,44],"responder":"log"},
        {"id":"row2","frame":[0,88,390,44],"responder":"log"}]}],
        "recognizers":[{"id":"dismissKeyboard","kind":"tap","view":"root"}]}
        """

    /// GC-S06: a single and a double tap on one view with no failure requirement.
    static let singleAndDoubleTap = """
        {"name":"gc-s06","views":[{"id":"map","frame":[0,0,390,844],"responder":"log"}],
        "recognizers":[{"id":"singleTap","kind":"tap","view":"map"},{"id":"doubleTap","kind":"tap","view":"map","numberOfTapsRequired":2}]}
        """

    /// A recording of `messages` (after a manual-clock `hello` on inline `scene`), received 10 ms apart.
    static func recording(scene: String, _ messages: [String]) -> Recording {
        let header = Recording.Header(
            format: Recording.format, version: Recording.version, session: "what-if-test", scene: "inline", clock: .manual,
            thresholds: .engineDefaults(maximumTouches: 10), limits: ProtocolLimits(), allowInlineScenes: true,
            scenesDirectory: "", recordedAt: nil)
        let hello = #"{"type":"hello","protocol":1,"role":"device","viewport":{"width":390,"height":844,"scale":3},"clock":"manual","scene":"#
            + scene.replacingOccurrences(of: "\n", with: "") + "}"
        let inputs = [hello] + messages
        return Recording(header: header, entries: [.open(subprotocol: ProtocolVersion.subprotocol)]
                         + inputs.enumerated().map { .input($1, at: Double($0) * 0.01) } + [.close])
    }

    /// One finger landing and lifting at (`x`, `y`) at `down` and `up` ms.
    static func tap(_ id: Int, x: Double, y: Double, down: Double, up: Double, seq: Int) -> [String] {
        [pointer(id, "down", x, y, down, seq: seq), pointer(id, "up", x, y, up, seq: seq + 1)]
    }

    /// An `input` with one pointer change.
    static func pointer(_ id: Int, _ phase: String, _ x: Double, _ y: Double, _ t: Double, seq: Int) -> String {
        #"{"type":"input","seq":\#(seq),"pointers":[{"id":\#(id),"phase":"\#(phase)","x":\#(x),"y":\#(y),"t":\#(t),"pointerType":"touch"}]}"#
    }

    /// The manual clock moves to `t` ms.
    static func advance(_ t: Double) -> String { #"{"type":"advance","t":\#(t)}"# }

    /// The built-in scenes with inline scenes allowed.
    static var catalog: LibraryCatalog { LibraryCatalog(allowsInlineScenes: true) }

    /// A what-if of `changes` on `recording`.
    static func whatIf(_ recording: Recording, _ changes: String...) throws -> WhatIfReport {
        try WhatIfReplay.run(recording, changes: try changes.map { text throws(WhatIfError) in try AppChange(text) }, catalog: catalog)
    }
}
