import Foundation
import TouchBridgeServer

/// Session ids carry where their session runs, so that a proxy (`shardName`, config/nginx/) and
/// the in-process acceptor (`shards`) can route an observer's `/ws?watch=ID` to it:
/// `[shardName-][s<index>-]<32 hex digits>`. With one shard the in-process part is left out, which
/// keeps ids as they were before shards existed.
extension ServerSettings {
    /// The most shards a server runs (a sanity bound: each is a thread and a libwebsockets context).
    public static let maxShards = 64

    /// The shards in force: `shards`, or with 0 one per core.
    public var shardCount: Int {
        shards == 0 ? min(Self.maxShards, max(1, ProcessInfo.processInfo.activeProcessorCount)) : shards
    }

    /// A new session id for a session on shard `shard` (0 with one shard): the routing prefix, then
    /// 128 random bits (`SessionID`).
    public func makeSessionID(shard: Int = 0) -> String {
        let inProcess = shardCount > 1 ? "s\(shard)-" : ""
        return (shardName.isEmpty ? "" : "\(shardName)-") + inProcess + SessionID.random()
    }

    /// The shard a session id made by `makeSessionID(shard:)` names; nil for an id this server did
    /// not make (another shard name, no in-process part, an index out of range).
    public func shard(ofSession id: String) -> Int? {
        var rest = Substring(id)
        if !shardName.isEmpty {
            guard rest.hasPrefix(shardName + "-") else { return nil }
            rest = rest.dropFirst(shardName.count + 1)
        }
        guard shardCount > 1 else { return 0 }
        guard rest.first == "s", let dash = rest.firstIndex(of: "-") else { return nil }
        let digits = rest[rest.index(after: rest.startIndex)..<dash]
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCII), let index = Int(digits),
              (0..<shardCount).contains(index) else { return nil }
        return index
    }
}
