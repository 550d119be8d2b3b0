import ArgumentParser
import Foundation
import TouchBridgeHost
import TouchBridgeProtocol
import TouchBridgeServer

/// The issue's two targets for the what-if tools, on synthetic recordings of transform-image (a
/// manual clock, so the figures are the replay's own): a what-if of a 10 s two-finger gesture at
/// 120 Hz, and a flake sweep of 1,000 variants of a 1 s one-finger pan at 120 Hz. Each timing is the
/// median of `repetitions` runs after one warm-up run.
struct WhatIfBenchmark {
    var repetitions: Int

    /// One measured figure: what was run and its median wall time, seconds.
    struct Figure {
        var name: String
        var seconds: Double
    }

    func run() async throws -> [Figure] {
        let catalog = LibraryCatalog()
        let twoFingers = try Self.recording(seconds: 10, fingers: 2)
        let onePan = try Self.recording(seconds: 1, fingers: 1)
        let change = [try AppChange("pan.minimumNumberOfTouches=2")]
        var figures: [Figure] = []
        figures.append(Figure(name: "replay as recorded, 10 s two fingers (1 timeline)", seconds: try await median {
            _ = try SessionReplay.run(twoFingers, catalog: catalog)
        }))
        figures.append(Figure(name: "what-if pan.minimumNumberOfTouches=2, 10 s two fingers (2 timelines)", seconds: try await median {
            _ = try WhatIfReplay.run(twoFingers, changes: change, catalog: catalog)
        }))
        figures.append(Figure(name: "flake 1000 variants ±8 ms ±3 pt, 1 s one-finger pan", seconds: try await median {
            _ = try FlakeSweep.run(onePan, variants: 1000, seed: 7, jitter: Jitter(timingMs: 8, positionPt: 3), catalog: catalog)
        }))
        let script = (NSTemporaryDirectory() as NSString).appendingPathComponent("touchbridge-bench-pan-\(UUID().uuidString).json")
        try Data(Self.panScript.utf8).write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }
        figures.append(Figure(name: "flake 1000 variants, a 1 s one-finger pan script at 60/120/240 Hz", seconds: try await median {
            var traces: [FlakeSweep.Alternative] = []
            for rate in [60.0, 120, 240] {
                let trace = try await ScriptTrace.record(path: script, sampleRate: rate, scenesDirectory: nil)
                traces.append(FlakeSweep.Alternative(name: "\(rate) Hz", recording: trace.recording))
            }
            _ = try FlakeSweep.run(try await ScriptTrace.record(path: script, sampleRate: nil, scenesDirectory: nil).recording,
                                   alternatives: traces, variants: 1000, seed: 7, jitter: Jitter(timingMs: 8, positionPt: 3), catalog: catalog)
        }))
        return figures
    }

    /// A 1 s one-finger pan on transform-image, as `drive` takes it (120 Hz as written).
    static let panScript = """
        {"scene": "transform-image", "sampleRate": 120,
         "steps": [{"gesture": "pan", "from": [140, 400], "to": [260, 400], "duration": 1000}]}
        """

    func median(_ body: () async throws -> Void) async throws -> Double {
        var samples: [Double] = []
        for run in 0...max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            try await body()
            if run > 0 { samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        }
        return samples.sorted()[samples.count / 2]
    }

    /// A manual-clock session on transform-image: `fingers` fingers land, move apart and back at
    /// 120 Hz for `seconds`, and lift.
    static func recording(seconds: Int, fingers: Int) throws -> Recording {
        let header = #"{"format":"touchbridge-recording","version":1,"session":"bench","scene":"transform-image","clock":"manual","# +
            #""thresholds":\#(WireJSON.text(Thresholds.engineDefaults(maximumTouches: 10))),"limits":\#(WireJSON.text(ProtocolLimits())),"# +
            #""allowInlineScenes":false,"scenesDirectory":""}"#
        var lines = [header, #"{"open":{"subprotocol":"touchbridge.v1"}}"#,
                     #"{"at":0,"in":"{\"type\":\"hello\",\"protocol\":1,\"role\":\"device\",\"scene\":\"transform-image\",\"viewport\":{\"width\":400,\"height\":800,\"scale\":2},\"clock\":\"manual\"}"}"#]
        let frames = seconds * 120
        for index in 0..<frames {
            let t = Double(index) * 1000 / 120
            let phase = index == 0 ? "down" : index == frames - 1 ? "up" : "move"
            let spread = 40 + Double(index % 240) / 2
            let pointers = (0..<fingers).map { finger in
                let x = fingers == 1 ? 100 + spread : finger == 0 ? 200 - spread : 200 + spread
                return #"{\"id\":\#(finger + 1),\"phase\":\"\#(phase)\",\"x\":\#(x),\"y\":300,\"t\":\#(t),\"pointerType\":\"touch\"}"#
            }
            lines.append(#"{"at":\#(t / 1000),"in":"{\"type\":\"input\",\"seq\":\#(index + 1),\"pointers\":[\#(pointers.joined(separator: ","))]}"}"#)
        }
        return try Recording.parse(lines.joined(separator: "\n") + "\n")
    }
}

/// `bench whatif`: the what-if and flake-sweep targets (docs/performance.md).
struct WhatIfBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whatif",
        abstract: "Time a what-if of a 10 s two-finger gesture and a 1,000-variant flake sweep (release build).",
        discussion: """
            Targets (issue 26): the what-if under 100 ms, the sweep under 2 s, on one core; and the same sweep \
            of a script (its runs in process at three frame rates included). Also times one \
            plain `replay` of the same 10 s recording (it decodes every message it compares and prints), for \
            scale.
            """
    )

    @Option(help: "Timed runs per figure after one warm-up (the median is printed).")
    var repetitions = 3

    func run() async throws {
        for figure in try await WhatIfBenchmark(repetitions: repetitions).run() {
            print(figure.name.padding(toLength: 72, withPad: " ", startingAt: 0) + String(format: "%9.1f ms", figure.seconds * 1000))
        }
    }
}
