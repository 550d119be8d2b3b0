import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

@Suite("Render diff")
struct RenderDiffTests {
    /// A snapshot from `(id, parent)` pairs in pre-order; `colour` marks changed props.
    static func snapshot(_ nodes: [(Int, Int?)], colour: [Int: String] = [:]) -> RenderSnapshot {
        var result = RenderSnapshot()
        var counts: [Int?: Int] = [:]
        for (id, parent) in nodes {
            var props = RenderProps.defaults
            props.backgroundColor = colour[id].map(Nullable.value) ?? .null
            let index = counts[parent, default: 0]
            counts[parent] = index + 1
            result.nodes.append(RenderSnapshot.Node(id: id, parent: parent, index: index, kind: "UIView", name: "v\(id)", props: props))
        }
        return result
    }

    static func mirror(_ messages: [RenderMessage]) throws -> RenderMirror {
        var mirror = RenderMirror()
        for message in messages { try mirror.apply(message) }
        return mirror
    }

    @Test(arguments: [
        // reorder siblings
        ([(1, nil), (2, 1), (3, 1), (4, 1)], [(1, nil), (4, 1), (2, 1), (3, 1)]),
        // remove one in the middle, add one at the end
        ([(1, nil), (2, 1), (3, 1), (4, 1)], [(1, nil), (3, 1), (4, 1), (5, 1)]),
        // reparent a child out of a removed parent
        ([(1, nil), (2, 1), (3, 2), (4, 1)], [(1, nil), (4, 1), (3, 4)]),
        // nest deeper and swap windows
        ([(1, nil), (2, 1), (9, nil)], [(9, nil), (1, nil), (3, 1), (2, 3)]),
        // remove a subtree
        ([(1, nil), (2, 1), (3, 2), (4, 3)], [(1, nil)]),
    ] as [([(Int, Int?)], [(Int, Int?)])])
    func diffTurnsOldIntoNew(old: [(Int, Int?)], new: [(Int, Int?)]) throws {
        let before = Self.snapshot(old)
        let after = Self.snapshot(new)
        let diffed = try Self.mirror([
            RenderMessage(full: true, ops: RenderDiff.full(before)),
            RenderMessage(full: false, ops: RenderDiff.ops(from: before, to: after)),
        ])
        let direct = try Self.mirror([RenderMessage(full: true, ops: RenderDiff.full(after))])
        #expect(diffed == direct)
    }

    @Test func setCarriesOnlyChangedPropsAndNullForCleared() {
        let before = Self.snapshot([(1, nil), (2, 1)], colour: [2: "#ff0000ff"])
        let after = Self.snapshot([(1, nil), (2, 1)], colour: [1: "#00ff00ff"])
        var green = RenderProps()
        green.backgroundColor = .value("#00ff00ff")
        var cleared = RenderProps()
        cleared.backgroundColor = .null
        #expect(RenderDiff.ops(from: before, to: after) == [.set(id: 1, props: green), .set(id: 2, props: cleared)])
        #expect(RenderDiff.ops(from: after, to: after).isEmpty)
    }

    @Test func sameStructureGivesOnlySetOps() throws {
        let nodes: [(Int, Int?)] = [(1, nil), (2, 1), (3, 2), (4, 1), (5, nil)]
        let before = Self.snapshot(nodes, colour: [2: "#ff0000ff", 5: "#000000ff"])
        let after = Self.snapshot(nodes, colour: [3: "#00ff00ff", 5: "#000000ff"])
        let ops = RenderDiff.ops(from: before, to: after)
        #expect(ops.map { if case .set(let id, _) = $0 { id } else { -1 } } == [2, 3])
        let diffed = try Self.mirror([
            RenderMessage(full: true, ops: RenderDiff.full(before)), RenderMessage(full: false, ops: ops),
        ])
        #expect(diffed == (try Self.mirror([RenderMessage(full: true, ops: RenderDiff.full(after))])))
    }

    @Test func createOmitsDefaults() {
        let ops = RenderDiff.full(Self.snapshot([(1, nil)], colour: [1: "#123456ff"]))
        var expected = RenderProps()
        expected.backgroundColor = .value("#123456ff")
        #expect(ops == [.create(id: 1, parent: nil, index: 0, kind: "UIView", name: "v1", props: expected)])
    }
}
