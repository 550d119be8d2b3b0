import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// Recordings come from anyone (`open-recording` uploads): a damaged or hostile file gets a typed
/// error naming its line, never a trap, and its replay is bounded before it is paid for (issue 30).
@Suite struct HostileRecordingTests {
    static let header = #"{"allowInlineScenes":true,"clock":"manual","format":"touchbridge-recording","limits":{"maxCoalescedPerPointer":64,"maxInlineSceneBytes":131072,"maxMessageBytes":262144,"maxObserversPerSession":16,"maxPointersPerInput":32,"maxStringLength":256,"maxTouches":10,"maxViewportPoints":8192,"maxViewportScale":16},"scene":"tap-recognition","scenesDirectory":"config/scenes","session":"hostile","thresholds":{"controlTouchInsideSlopPt":70,"longPressAllowableMovementPt":10,"longPressMinimumDurationMs":500,"maximumPossibleForce":6.667,"maximumTouches":10,"multiTapRadiusPt":45,"panHysteresisPt":10,"pinchHysteresisPt":8,"rotationHysteresisPt":8,"screenEdgeBandWidthPt":20,"scrollContentTouchDelayMs":150,"swipeMaximumDurationMs":500,"swipeMaximumSecondaryMovementPt":50,"swipeMinimumPrimaryMovementPt":50,"swipePrimaryDecayPerSecond":0.94,"swipeSecondaryDecayPerSecond":0.98,"tapAllowableMovementPt":45,"tapMaximumDurationMs":750,"tapMaximumIntervalMs":350},"version":1}"#
    static let hello = #"{"type":"hello","protocol":1,"role":"device","scene":"tap-recognition","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#

    /// A recording: the header, `open`, then one `{"in":…,"at":…}` line per (message, time) — `at`
    /// written as given, so it can be any JSON number.
    static func recording(_ inputs: [(String, String)]) -> String {
        let lines = inputs.map { text, at in #"{"at":\#(at),"in":\#(WireJSON.text(JSONValue.string(text)))}"# }
        return ([header, #"{"open":{"subprotocol":"touchbridge.v1"}}"#] + lines).joined(separator: "\n") + "\n"
    }

    static func parseError(_ text: String) -> String? {
        do {
            _ = try Recording.parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Issue 30's crash: two resyncs at 1e300 s and then 0 s trapped in `Session.resync`.
    @Test func timesBeyondTheProtocolsBoundAreRefusedNamingTheLine() {
        let text = Self.recording([(Self.hello, "1"), (#"{"type":"resync"}"#, "1e300"), (#"{"type":"resync"}"#, "0")])
        let error = Self.parseError(text)
        #expect(error?.hasPrefix("line 4: \"at\": 1e+300 s is beyond ±1000000000.0 s") == true, "\(error ?? "parsed")")
        let timer = Self.recording([(Self.hello, "1")]) + #"{"timer":-2e9}"# + "\n"
        #expect(Self.parseError(timer)?.hasPrefix("line 4: \"timer\": -2000000000.0 s is beyond") == true)
    }

    @Test func receiveTimesGoingBackwardsAreRefusedNamingBothLines() {
        let text = Self.recording([(Self.hello, "5"), (#"{"type":"resync"}"#, "6"), (#"{"type":"resync"}"#, "0")])
        #expect(Self.parseError(text) == "line 5: \"at\": 0.0 s is before the 6.0 s of line 4; receive times never go backwards")
    }

    @Test func repeatedKeysBadTypesAndOutOfRangeCodesAreRefusedNamingTheLine() {
        let base = Self.recording([(Self.hello, "1")])
        #expect(Self.parseError(base + #"{"at":2,"in":"{}","at":3}"# + "\n")?.hasPrefix(#"line 4: not a recording line (the key "at" appears twice"#) == true)
        #expect(Self.parseError(base + #"{"at":"2","in":"{}"}"# + "\n") == #"line 4: "at": expected a number of seconds"#)
        #expect(Self.parseError(base + #"{"closing":{"code":70000,"reason":""}}"# + "\n")?.hasPrefix(#"line 4: "closing": expected"#) == true)
        #expect(Self.parseError(base + #"{"closing":{"code":1000.5,"reason":""}}"# + "\n")?.hasPrefix(#"line 4: "closing": expected"#) == true)
        #expect(Self.parseError(base + #"{"nothing":1}"# + "\n")?.hasPrefix("line 4: unknown entry") == true)
        #expect(throws: (any Error).self) { try Recording.parse(Self.header.replacingOccurrences(of: #""version":1"#, with: #""version":1,"version":1"#)) }
    }

    /// What a real recording holds reads as before (the parser was rewritten on `JSONParser`).
    @Test func aRecordingWrittenByTheRecorderReadsBackTheSame() throws {
        let entries: [Recording.Entry] = [
            .open(subprotocol: "touchbridge.v1"), .input(Self.hello, at: 3718.5), .timer(at: 3719.25), .output(#"{"type":"pong"}"#),
            .dropped("engine-budget"), .closing(code: 4001, reason: "bye"), .close, .open(subprotocol: nil),
        ]
        let header = try Recording.parse(Self.header + "\n").header
        let recording = Recording(header: header, entries: entries)
        #expect(try Recording.parse(recording.text) == recording)
    }

    /// The header states the limits the recording was made under: it may lower the server's, never raise them.
    @Test func aHeaderCannotRaiseTheServersLimits() {
        let server = ProtocolLimits()
        let raised = ProtocolLimits(maxMessageBytes: .max, maxTouches: 1_000_000, maxViewportPoints: 1e300, maxStringLength: 3)
        let applied = raised.within(server)
        #expect(applied.maxMessageBytes == server.maxMessageBytes)
        #expect(applied.maxTouches == server.maxTouches)
        #expect(applied.maxViewportPoints == server.maxViewportPoints)
        #expect(applied.maxStringLength == 3)
    }

    // MARK: Replay bounds

    static func entries(resyncs: Int) -> [Recording.Entry] {
        [.open(subprotocol: ProtocolVersion.subprotocol), .input(hello, at: 0)]
            + (1...resyncs).map { .input(#"{"type":"resync"}"#, at: Double($0)) }
    }

    @Test func aReplayStopsAtEachBoundWithTooLong() {
        let catalog = LibraryCatalog()
        func error(_ entries: [Recording.Entry], _ bounds: StepTimeline.Bounds) -> ProtocolError? {
            do {
                _ = try StepTimeline(entries: entries, sessionID: "bounded", catalog: catalog, limits: ProtocolLimits(), bounds: bounds)
                return nil
            } catch {
                return error
            }
        }
        let resyncs = Self.entries(resyncs: 20)
        #expect(error(resyncs, StepTimeline.Bounds(maxFrames: 21, maxFullRenders: 21, maxBytes: 1 << 30)) == nil, "hello and 20 resyncs fit")
        #expect(error(resyncs, StepTimeline.Bounds(maxFrames: 20, maxFullRenders: 100, maxBytes: 1 << 30))?.message
                == "more than 20 frames, the most one timeline holds")
        #expect(error(resyncs, StepTimeline.Bounds(maxFrames: 100, maxFullRenders: 10, maxBytes: 1 << 30))?.message
                == "more than 10 full renders (scene starts and resync answers), the most one timeline holds")
        let bytes = error(resyncs, StepTimeline.Bounds(maxFrames: 100, maxFullRenders: 100, maxBytes: 20_000))
        #expect(bytes?.code == "too-long")
        #expect(bytes?.message == "more than 20000 bytes of renders and events, the most one timeline holds")
    }

    /// An uploaded recording is replayed a slice at a time: a clock that passes the slice's time
    /// after every entry makes one entry per call; the result is the one-turn replay's.
    @Test func aReplayRunsInSlicesAndEndsAsTheWholeReplayWould() throws {
        let recording = Self.recording([(Self.hello, "0")] + (1...12).map { (#"{"type":"resync"}"#, "\($0)") })
        let hub = Hub(catalog: LibraryCatalog())
        _ = hub.handle(.opened(), on: 1)
        _ = hub.handle(.text(Self.hello, receivedAt: 0), on: 1)
        func open(clock: @escaping () -> Double) -> [[(connection: ConnectionID, effect: SessionEffect)]] {
            let stepper = Self.stepper(clock: clock)
            var turns = [stepper.handle(.success(.uploadRecording(part: 0, parts: 1, data: recording, name: "r")), from: 1, hub: hub, system: systemMessages(hub, 1))]
            for _ in 0..<100 where stepper.isReplaying(1) { turns.append(stepper.continueReplay(for: 1, hub: hub, system: systemMessages(hub, 1))) }
            return turns
        }
        var time = 0.0
        let sliced = open {
            time += SessionStepper.replaySliceSeconds
            return time
        }
        let whole = open { 0 }
        #expect(whole.count == 1)
        #expect(sliced.count > 10, "one entry per slice: \(sliced.count) turns")
        let early = sliced.dropLast().filter { !$0.isEmpty }
        #expect(early.isEmpty, "nothing is sent until the replay is done")
        let texts = { (outputs: [(connection: ConnectionID, effect: SessionEffect)]) in outputs.map { "\($0.0) \($0.1)" } }
        #expect(texts(try #require(sliced.last)) == texts(try #require(whole.first)))
        #expect(try #require(whole.first).count == 2, "stepping and step")
    }

    /// The `recording-upload` fuzz harness's check on every committed corpus input (Fuzz/corpus/):
    /// the upload is answered with `stepping` and `step`, or one error of a known code.
    @Test func theRecordingUploadCorpusGetsSteppingOrAKnownError() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/recording-upload")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names.count >= 4)
        var outcomes: [String: String] = [:]
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let hub = Hub(catalog: LibraryCatalog())
            _ = hub.handle(.opened(), on: 1)
            _ = hub.handle(.text(Self.hello, receivedAt: 0), on: 1)
            let stepper = Self.stepper { 0 }
            let replies = stepper.handle(.success(.uploadRecording(part: 0, parts: 1, data: text, name: name)), from: 1, hub: hub, system: systemMessages(hub, 1))
            #expect(!stepper.isReplaying(1))
            guard let first = replies.first?.1.message, case .object(let fields)? = try? JSONParser.parse(first) else {
                Issue.record("\(name): no reply")
                continue
            }
            outcomes[name] = [fields["type"], fields["code"]].compactMap { $0?.stringValue }.joined(separator: " ")
        }
        #expect(outcomes["resync-1e300-then-0.jsonl"] == "error not-a-recording")
        let known: Set<String> = ["stepping", "error not-a-recording", "error too-long", "error too-large", "error server-busy", "error schema"]
        let recordings = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/recordings")
        for name in names {
            let real = FileManager.default.fileExists(atPath: recordings.appendingPathComponent(name).path)
            #expect(real ? outcomes[name] == "stepping" : known.contains(outcomes[name] ?? ""), "\(name): \(outcomes[name] ?? "no reply")")
        }
    }

    /// A replay holds its recording's text until it ends (it reads lines as it reaches them), so
    /// replays in progress count against the same budget as unfinished uploads.
    @Test func recordingsBeingReplayedCountAgainstTheUploadBudget() {
        let recording = Self.recording([(Self.hello, "0")] + (1...12).map { (#"{"type":"resync"}"#, "\($0)") })
        let hub = Hub(catalog: LibraryCatalog())
        for id: ConnectionID in [1, 2] {
            _ = hub.handle(.opened(), on: id)
            _ = hub.handle(.text(Self.hello, receivedAt: 0), on: id)
        }
        var time = 0.0
        let stepper = SessionStepper(catalog: LibraryCatalog(), limits: ProtocolLimits(), clock: {
            time += SessionStepper.replaySliceSeconds
            return time
        }, analyses: LiveSteppingAnalyses(), uploadBudgetBytes: recording.utf8.count * 3 / 2)
        func open(on id: ConnectionID) -> String {
            let replies = stepper.handle(.success(.uploadRecording(part: 0, parts: 1, data: recording, name: "r")), from: id, hub: hub, system: systemMessages(hub, id))
            guard let text = replies.first?.1.message else { return "" }
            return text
        }
        #expect(open(on: 1) == "")
        #expect(stepper.isReplaying(1))
        #expect(open(on: 2).contains(#""code":"server-busy""#), "the second recording would pass the budget while the first is replayed")
        while stepper.isReplaying(1) { _ = stepper.continueReplay(for: 1, hub: hub, system: systemMessages(hub, 1)) }
        #expect(open(on: 2) == "", "taken once the first replay ended")
    }

    /// The observers of the device's own session follow the recording it opens, whatever session
    /// the recording's header names.
    @Test func theDevicesObserversGetTheRecordingsSteppingAfterTheSlices() throws {
        let hub = Hub(catalog: LibraryCatalog())
        var time = 0.0
        let stepper = Self.stepper {
            time += SessionStepper.replaySliceSeconds
            return time
        }
        func deliver(_ input: SessionInput, on id: ConnectionID) {
            _ = hub.handle(input, on: id)
            stepper.keep(input, on: id, hub: hub, now: 0)
        }
        deliver(.opened(), on: 1)
        deliver(.text(Self.hello, receivedAt: 0), on: 1)
        let session = try #require(hub.sessionID(of: 1))
        deliver(.opened(), on: 2)
        deliver(.text(#"{"type":"hello","protocol":1,"role":"observer","session":"\#(session)","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#, receivedAt: 0), on: 2)
        let recording = Self.recording([(Self.hello, "0"), (#"{"type":"resync"}"#, "1")])
        var replies = stepper.handle(.success(.uploadRecording(part: 0, parts: 1, data: recording, name: "r")), from: 1, hub: hub, system: systemMessages(hub, 1))
        while stepper.isReplaying(1) { replies = stepper.continueReplay(for: 1, hub: hub, system: systemMessages(hub, 1)) }
        #expect(replies.map(\.0) == [1, 1, 2, 2], "stepping and step, to the device and its observer")
    }

    /// A device session on connection 1 with seven messages of history, its stepper following it;
    /// `deliver` hands an input to both, as `HubBridge` does.
    static func liveSessionWithHistory(clock: @escaping () -> Double) -> (Hub, SessionStepper, (SessionInput) -> Void) {
        let hub = Hub(catalog: LibraryCatalog())
        let stepper = Self.stepper(clock: clock)
        let deliver = { (input: SessionInput) in
            _ = hub.handle(input, on: 1)
            stepper.keep(input, on: 1, hub: hub, now: 0)
        }
        deliver(.opened())
        deliver(.text(Self.hello, receivedAt: 0))
        for index in 1...6 { deliver(.text(#"{"type":"resync"}"#, receivedAt: Double(index))) }
        return (hub, stepper, deliver)
    }

    /// A pause whose replay is dropped by the first part of an upload (nothing paused, nothing
    /// replaying) gives the app back: it becomes active again instead of staying interrupted.
    @Test func aPauseDroppedByAnUploadsFirstPartLeavesTheAppActive() {
        var time = 0.0
        let (hub, stepper, deliver) = Self.liveSessionWithHistory { time += SessionStepper.replaySliceSeconds; return time }
        let system = { (act: String) in deliver(.text(act, receivedAt: 7)) }
        _ = stepper.handle(.success(.pause), from: 1, hub: hub, system: system)
        #expect(stepper.isReplaying(1) && hub.interruptionMessage(.begins, for: 1) == nil, "paused mid-replay: the app resigned")
        let part = stepper.handle(.success(.uploadRecording(part: 0, parts: 2, data: "{", name: "r")), from: 1, hub: hub,
                                  system: system)
        #expect(part.count == 1 && !stepper.isReplaying(1))
        #expect(hub.interruptionMessage(.begins, for: 1) != nil, "the app is active again")
    }

    /// A `pause` replays the live history in slices too; the session is held from the request on
    /// (an input meanwhile is `paused`), and the timeline ends on the last frame as before.
    @Test func aPauseIsReplayedInSlicesAndHoldsTheSessionFromTheRequest() throws {
        func paused(slicing: Bool) -> (turns: [[(connection: ConnectionID, effect: SessionEffect)]], refused: String?) {
            var time = 0.0
            let (hub, stepper, _) = Self.liveSessionWithHistory {
                if slicing { time += SessionStepper.replaySliceSeconds }
                return time
            }
            var turns = [stepper.handle(.success(.pause), from: 1, hub: hub, system: systemMessages(hub, 1))]
            let input = #"{"type":"advance","seq":9,"t":50}"#
            guard case .session(.success(let message)) = InboundMessage.decode(input, limits: ProtocolLimits()) else { return (turns, "not decoded") }
            let refused = stepper.refusal(of: message, from: 1)
            while stepper.isReplaying(1) { turns.append(stepper.continueReplay(for: 1, hub: hub, system: systemMessages(hub, 1))) }
            return (turns, refused.map { ServerMessage.error($0.errorMessage).text })
        }
        let sliced = paused(slicing: true)
        let whole = paused(slicing: false)
        #expect(whole.turns.count == 1 && sliced.turns.count > 3, "\(sliced.turns.count) turns")
        #expect(sliced.refused?.contains(#""code":"paused""#) == true, "an input during the replay is held: \(sliced.refused ?? "passed")")
        let texts = { (outputs: [(connection: ConnectionID, effect: SessionEffect)]) in outputs.map { "\($0.0) \($0.1)" } }
        #expect(texts(try #require(sliced.turns.last)) == texts(try #require(whole.turns.first)))
        guard let announcement = whole.turns.first?.first?.1.message else {
            Issue.record("no stepping")
            return
        }
        #expect(announcement.contains(#""source":"live""#), "\(announcement)")
    }

    // MARK: Uploads

    @Test func anOutOfOrderPartIsRefusedAndTheUploadKept() throws {
        var uploads = RecordingUploads(maxBytes: 100, budgetBytes: 1_000)
        #expect(try uploads.take(part: 0, of: 3, data: "aa", from: 1) == .partial(received: 1, parts: 3))
        let skipped = #expect(throws: ProtocolError.self) { try uploads.take(part: 2, of: 3, data: "cc", from: 1) }
        #expect(skipped?.code == "schema")
        #expect(skipped?.message == "part: expected part 1 of 3, got 2 of 3; the upload so far is kept")
        #expect(try uploads.take(part: 1, of: 3, data: "bb", from: 1) == .partial(received: 2, parts: 3))
        #expect(try uploads.take(part: 2, of: 3, data: "cc", from: 1) == .complete("aabbcc"))
        #expect(uploads.bytes == 0)
        let none = #expect(throws: ProtocolError.self) { try uploads.take(part: 1, of: 3, data: "bb", from: 2) }
        #expect(none?.message == "part: expected part 0 (no upload in progress), got 1 of 3; the upload so far is kept")
    }

    @Test func unfinishedUploadsAreBoundedForAllConnectionsTogether() throws {
        var uploads = RecordingUploads(maxBytes: 100, budgetBytes: 150)
        #expect(try uploads.take(part: 0, of: 2, data: String(repeating: "a", count: 80), from: 1) == .partial(received: 1, parts: 2))
        let busy = #expect(throws: ProtocolError.self) { try uploads.take(part: 0, of: 2, data: String(repeating: "b", count: 80), from: 2) }
        #expect(busy?.code == "server-busy")
        #expect(uploads.bytes == 80)
        uploads.forget(1)
        #expect(try uploads.take(part: 0, of: 2, data: String(repeating: "b", count: 80), from: 2) == .partial(received: 1, parts: 2))
        let large = #expect(throws: ProtocolError.self) { try uploads.take(part: 1, of: 2, data: String(repeating: "b", count: 21), from: 2) }
        #expect(large?.code == "too-large")
        #expect(uploads.bytes == 0, "an upload over the largest recording is dropped")
    }
}

/// What `HubBridge` does with the messages the system sends an app (a pause's interruption): hands
/// them to the hub as the device's own.
extension HostileRecordingTests {
    /// A stepper with the live analyses reading `clock`.
    static func stepper(clock: @escaping () -> Double) -> SessionStepper {
        SessionStepper(catalog: LibraryCatalog(), limits: ProtocolLimits(), clock: clock, analyses: LiveSteppingAnalyses())
    }
}

private func systemMessages(_ hub: Hub, _ id: ConnectionID) -> (String) -> Void {
    { act in _ = hub.handle(.text(act, receivedAt: 0), on: id) }
}
