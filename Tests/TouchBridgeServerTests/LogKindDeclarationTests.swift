import Foundation
import SeededRandom
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
@testable import TouchKit

/// The event log's kinds are declared in the Protocol module (`LogEntry.kinds`: docs/protocol.md §7's
/// table, the page's fixture); the server makes its entries from the engine's log (`TraceEncoding`).
/// Every kind of engine event, with and without its optional parts, must come out as an entry of a
/// declared kind with exactly the fields that kind declares — every required one, every optional one
/// present and absent.
@Suite struct LogKindDeclarationTests {
    @Test func everyEntryTheServerMakesHasTheFieldsOfItsDeclaredKind() throws {
        var random = SplitMix64(seed: 0x10C5)
        let log = try #require(EventsMessage.writtenFields.map(\.info).first { $0.key == "log" })
        var coverage = WireCoverage()
        for round in 0..<400 {
            let entries = try (0..<random.int(1...5)).map { _ in
                try JSONParser.parse(TraceEncoding.entry(TraceWritingTests.event(&random, allFields: round % 2 == 0)).wireText)
            }
            let events = JSONValue.object(["log": .array(entries)])
            let problems = WireCoverage.problems(in: events, fields: [log], at: "events")
            guard problems.isEmpty else {
                Issue.record("round \(round): \(problems)")
                return
            }
            coverage.note(events, fields: [log], at: "events")
        }
        #expect(coverage.gaps(fields: [log], at: "events") == [])
    }

    @Test func anEntryWithAFieldOfAnotherKindOrAnUnknownKindIsFound() throws {
        let log = try #require(EventsMessage.writtenFields.map(\.info).first { $0.key == "log" })
        var hit = TraceEncoding.entry(.hitTest(touch: 1, path: ["window"]))
        hit.view = "card"
        var unknown = TraceEncoding.entry(.note("n"))
        unknown.kind = "remark"
        let events = JSONValue.object(["log": .array([try JSONParser.parse(hit.wireText), try JSONParser.parse(unknown.wireText)])])
        #expect(WireCoverage.problems(in: events, fields: [log], at: "events")
            == ["events.log[i:hitTest].view: not declared", #"events.log[i].kind: "remark" is no declared kind"#])
    }
}
