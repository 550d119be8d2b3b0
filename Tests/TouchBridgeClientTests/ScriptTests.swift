import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeClient

/// Script files (`touchbridge drive`): the examples in Tests/scripts pass, mistakes are reported
/// with their JSON path, failures are readable, and W3C Actions equal the built-in gestures.
@Suite("Scripts")
struct ScriptTests {
    static let examples = Repo.files(in: "Tests/scripts", suffix: ".json")

    @Test func thereAreExampleScripts() {
        #expect(Self.examples.count >= 6)
    }

    @Test(arguments: examples)
    func everyExampleScriptPasses(path: String) async throws {
        let script = try Script.load(path: path)
        let report = await ScriptRunner.run(script, url: TestServer.url)
        #expect(report.passed, "\(report.text)")
        #expect(report.text.hasSuffix("PASS \(path) (\(report.lines.count) steps)\n"))
    }

    @Test func aFailingScriptSaysWhatWasExpectedAndWhatHappened() async throws {
        let script = try Script.parse(Data("""
            {"name": "wrong on purpose", "scene": "tap-recognition",
             "steps": [
               {"gesture": "tap", "at": [200, 400]},
               {"expect": "transition", "recognizer": "tap", "to": "began", "within": 100},
               {"expect": "render", "view": "image", "property": "center", "equals": [10, 10], "within": 0},
               {"expect": "action", "recognizer": "tap", "state": "ended"}]}
            """.utf8))
        let report = await ScriptRunner.run(script, url: TestServer.url)
        #expect(!report.passed)
        #expect(report.failures == 2)
        let text = report.text
        #expect(text.contains("FAIL steps[1]: expected transition tap → began"))
        #expect(text.contains("tap:possible→ended"))
        #expect(text.contains("FAIL steps[2]: expected image.center = [10, 10]"))
        #expect(text.contains("it is [200,400]"))
        #expect(text.contains("ok   expect action tap (ended)"))
        #expect(text.hasSuffix("FAIL wrong on purpose: 2 of 5 steps failed\n"))
    }

    @Test func unknownNamesFailEvenNegatedExpectations() async throws {
        let script = try Script.parse(Data("""
            {"name": "misspelled", "scene": "controls",
             "steps": [
               {"gesture": "tap", "at": [110, 122]},
               {"expect": "controlEvent", "control": "crad", "event": "touchUpInside", "not": true},
               {"expect": "controlEvent", "control": "crad", "event": "touchUpInside"},
               {"expect": "controlEvent", "control": "button", "event": "touchUpInsdie"},
               {"expect": "transition", "recognizer": "containerTapp", "to": "ended", "not": true},
               {"expect": "responder", "responder": "buton", "method": "touchesBegan"},
               {"expect": "transition", "recognizer": "containerTap", "to": "ended", "values": {"scael": 1}, "not": true},
               {"expect": "controlEvent", "control": "button", "event": "touchUpInside"}]}
            """.utf8))
        let report = await ScriptRunner.run(script, url: TestServer.url)
        let text = report.text
        #expect(report.failures == 6, "\(text)")
        #expect(text.contains("FAIL steps[1]: expected no control event crad:touchUpInside\n         no control named \"crad\" in this scene (controls: button, customControl, segmented, slider, stepper, switch)"))
        #expect(text.contains("FAIL steps[2]: expected control event crad:touchUpInside\n         no control named \"crad\" in this scene (controls: button, customControl, segmented, slider, stepper, switch)"))
        #expect(text.contains("\"touchUpInsdie\" is not a control event"))
        #expect(text.contains("no recognizer named \"containerTapp\" in this scene (recognizers: containerTap"))
        #expect(text.contains("no responder named \"buton\" in this scene"))
        #expect(text.contains("\"scael\" is not a transition value"))
        #expect(text.contains("ok   expect control event button:touchUpInside"))
    }

    @Test func verboseReportsShowTheVelocityAGestureWasReleasedAt() async throws {
        let script = try Script.load(path: Repo.path("Tests/scripts/release-velocity.json"))
        let text = await ScriptRunner.run(script, url: TestServer.url, verbose: true).text
        #expect(text.contains("pan:changed→ended · velocity (400, -1200) pt/s"), "\(text)")
        #expect(text.contains("pan:changed→ended · velocity (-1200, -900) pt/s"))
        #expect(text.contains("pinch:changed→ended · velocity 1.5/s"))
        #expect(text.contains("rotation:changed→ended · velocity 3 rad/s"))
    }

    @Test func anActStepChangesTheAppBetweenGestures() async throws {
        let script = try Script.parse(Data("""
            {"name": "a disabled tap", "scene": "tap-recognition",
             "steps": [
               {"act": [{"set": {"recognizer": "tap", "property": "enabled", "value": false}}]},
               {"gesture": "tap", "at": [200, 400]},
               {"expect": "transition", "recognizer": "tap", "to": "ended", "not": true, "within": 500}]}
            """.utf8))
        let report = await ScriptRunner.run(script, url: TestServer.url, verbose: true)
        #expect(report.passed, "\(report.text)")
        #expect(report.text.contains("act (1 action)") && report.text.contains("note: act: set tap.enabled = false"), "\(report.text)")
    }

    @Test func aServerThatCannotBeReachedAbortsTheScript() async throws {
        let script = try Script.parse(Data(#"{"steps": [{"wait": 10}]}"#.utf8))
        let report = await ScriptRunner.run(script, url: "ws://127.0.0.1:1/ws")
        #expect(!report.passed)
        #expect(report.abort?.contains("connect to ws://127.0.0.1:1/ws") == true)
    }

    @Test(arguments: [
        (#"{"steps": [{"gesture": "pinch", "center": [1, 2], "from": 10}]}"#, "steps[0].from"),
        (#"{"steps": [{"gesture": "tap", "at": [1, 2], "finger": 2}]}"#, "steps[0].finger"),
        (#"{"steps": [{"gesture": "tap"}]}"#, "steps[0].at"),
        (#"{"steps": [{"gesture": "twirl"}]}"#, "steps[0].gesture"),
        (#"{"steps": [{"expect": "transition", "recognizer": "a", "to": "done"}]}"#, "steps[0].to"),
        (#"{"steps": [{"expect": "render", "view": "a", "property": "alpha", "equals": {"min": 1, "mx": 2}}]}"#, "steps[0].equals.mx"),
        (#"{"steps": [{"actions": [{"type": "key", "id": "k", "actions": []}]}]}"#, "steps[0].actions"),
        (#"{"scene": "x", "stepz": []}"#, "steps"),
        (#"{"clock": "wall", "steps": [{"wait": 1}]}"#, "clock"),
        (#"{"steps": [{"wait": 1}], "extra": true}"#, "extra"),
        (#"{"steps": [{"act": []}]}"#, "steps[0].act"),
        (#"{"steps": [{"gesture": "pan", "from": [1, 2], "to": [3, 4], "releaseVelocity": [5, 6], "hold": 100}]}"#, "steps[0].hold"),
        (#"{"steps": [{"gesture": "flick", "from": [1, 2]}]}"#, "steps[0].velocity"),
        (#"{"steps": [{"gesture": "rotate", "center": [1, 2], "degrees": 30, "releaseVelocity": "fast"}]}"#, "steps[0].releaseVelocity"),
    ])
    func mistakesNameTheirField(json: String, path: String) {
        #expect {
            _ = try Script.parse(Data(json.utf8))
        } throws: { error in
            (error as? ScriptError)?.path == path
        }
    }

    @Test func theShorthandFormRunsGesturesThenExpectations() throws {
        let script = try Script.parse(Data("""
            {"scene": "tap-recognition", "gestures": [{"gesture": "doubleTap", "at": [1, 2]}],
             "expect": [{"expect": "action", "recognizer": "tap", "state": "ended"}]}
            """.utf8), name: "short")
        #expect(script.name == "short")
        #expect(script.steps.map(\.path) == ["gestures[0]", "expect[0]"])
    }

    /// Done-criterion: W3C Actions input produces the same transitions as the equivalent native script.
    @Test(arguments: [("pinch-transform-image.json", "w3c-pinch-transform-image.json"),
                      ("drag-and-drop.json", "w3c-drag-and-drop.json")])
    func webDriverActionsProduceTheSameTransitionsAsTheNativeScript(native: String, w3c: String) async throws {
        let a = try await transitions(of: Script.load(path: Repo.path("Tests/scripts/\(native)")))
        let b = try await transitions(of: Script.load(path: Repo.path("Tests/scripts/\(w3c)")))
        #expect(a.count > 3)
        #expect(a == b)
    }

    /// Every transition (text, values, reason) and action the script's gestures cause, on a fresh session.
    func transitions(of script: Script) async throws -> [String] {
        let session = try await TouchBridgeSession.connect(TestServer.url, sceneRequest: script.scene, viewport: script.viewport)
        var result: [String] = []
        for step in script.steps {
            guard case .gesture(let gesture) = step.action else { continue }
            let performed = try await session.perform(gesture)
            result += performed.log.filter { $0.kind == "transition" || $0.kind == "action" }
                .map { "\($0.text) \(LogMatch.json($0.values).map(WireJSON.text) ?? "")" }
        }
        await session.close()
        return result
    }
}
