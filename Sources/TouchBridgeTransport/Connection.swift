import CLibWebSockets
import TouchBridgeProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes of headroom lws_write() needs in front of every payload.
let lwsPre = Int(tb_lws_pre())

/// One outbound text message, laid out for lws_write(): `lwsPre` bytes of headroom, then the UTF-8 payload.
struct OutboundFrame {
    var storage: [UInt8]
    /// The sender's label for the kind of message (0: none), so a later message can supersede it.
    var tag: UInt8 = 0
    var payloadCount: Int { storage.count - lwsPre }
    /// The memory this frame holds while queued: its storage (headroom and payload), the array's heap
    /// header and allocator overhead, and its slot in the queue. The byte bounds count this, not the
    /// payload: for the ~100-byte messages of a live session the bookkeeping is a third of the memory.
    var heldBytes: Int { storage.capacity + Self.bookkeepingBytes }

    /// A Swift array's heap header (32 bytes) and the allocator's chunk overhead (16), plus the queue slot.
    private static let bookkeepingBytes = 48 + MemoryLayout<OutboundFrame>.stride

    init(_ text: String, tag: UInt8 = 0) {
        self.tag = tag
        var text = text
        self.storage = text.withUTF8 { utf8 in
            [UInt8](unsafeUninitializedCapacity: lwsPre + utf8.count) { buffer, count in
                // The headroom is scratch space for lws's frame header; zero it so nothing is uninitialised.
                buffer.baseAddress!.initialize(repeating: 0, count: lwsPre)
                if let src = utf8.baseAddress {
                    (buffer.baseAddress! + lwsPre).initialize(from: src, count: utf8.count)
                }
                count = lwsPre + utf8.count
            }
        }
    }
}

/// FIFO of outbound frames with O(1) amortised pop, counting the memory its frames hold (`heldBytes`).
struct OutboundQueue {
    private var items: [OutboundFrame] = []
    private var head = 0
    /// The queued frames' `heldBytes`.
    private(set) var bytes = 0

    var count: Int { items.count - head }
    var isEmpty: Bool { head == items.count }

    mutating func append(_ frame: OutboundFrame) {
        items.append(frame)
        bytes += frame.heldBytes
    }

    /// Drops every queued frame tagged `tag`; returns how many.
    mutating func removeAll(tagged tag: UInt8) -> Int {
        let before = count
        items = items[head...].filter { frame in
            if frame.tag == tag { bytes -= frame.heldBytes }
            return frame.tag != tag
        }
        head = 0
        return before - count
    }

    /// How many frames from the front one framed write takes — at most `messages`, adding frames while
    /// fewer than `framedBytes` bytes are framed (so a larger first message goes alone) — and the bytes
    /// they take framed (each payload with its `WebSocketFrameHeader`).
    func batchExtent(messages: Int, framedBytes: Int) -> (messages: Int, framedBytes: Int) {
        var taken = 0
        var framed = 0
        var index = head
        while taken < messages, framed < framedBytes, index < items.count {
            let count = items[index].payloadCount
            framed += WebSocketFrameHeader.count(length: count) + count
            taken += 1
            index += 1
        }
        return (taken, framed)
    }

    mutating func popFirst() -> OutboundFrame? {
        guard head < items.count else { return nil }
        let frame = items[head]
        bytes -= frame.heldBytes
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: items.capacity <= 64)
            head = 0
        } else if head >= 64, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return frame
    }

    mutating func removeAll() {
        items = []
        head = 0
        bytes = 0
    }
}

/// Token bucket: `rate` messages per second, burst of one second.
struct RateLimiter {
    enum Verdict { case accept, reject, rejectAndClose }

    let rate: Double
    private var tokens: Double
    private var last: Double
    private var windowStart: Double
    private var rejectedInWindow = 0

    init(perSecond: Int, now: Double) {
        rate = Double(perSecond)
        tokens = Double(perSecond)
        last = now
        windowStart = now
    }

    mutating func admit(now: Double) -> Verdict {
        guard rate > 0 else { return .accept }
        tokens = min(rate, tokens + (now - last) * rate)
        last = now
        if tokens >= 1 {
            tokens -= 1
            return .accept
        }
        if now - windowStart >= 1 {
            windowStart = now
            rejectedInWindow = 0
        }
        rejectedInWindow += 1
        return Double(rejectedInWindow) > rate ? .rejectAndClose : .reject
    }
}

/// State of one WebSocket connection. Confined to the service thread: created in ESTABLISHED,
/// released in CLOSED. Retained +1 by the per-session data block (`tb_pss.conn`) and by the owner's table.
final class Connection {
    let id: ConnectionID
    /// Owned by lws; valid until the CLOSED callback for it returns.
    let wsi: OpaquePointer
    /// lws's per-session block for `wsi` (lws allocates and frees it); holds our timer `sul`.
    let pss: UnsafeMutablePointer<tb_pss>
    let info: ConnectionInfo
    let openedAt: Double

    @exclusivity(unchecked) var outbound = OutboundQueue()
    /// Reading from the peer is paused (lws_rx_flow_control) until its outbound queue drains.
    @exclusivity(unchecked) var readPaused = false
    /// Reading from the peer is held until then (`holdReading`): it used its share of the server.
    @exclusivity(unchecked) var readHeldUntil: Double?
    /// Whether lws is reading from the peer: neither paused nor held.
    @exclusivity(unchecked) var reading = true
    /// Since when its outbound queue has not been empty: a client that reads empties it now and
    /// then, one that does not has the oldest backlog.
    @exclusivity(unchecked) var backlogSince: Double?
    /// Reassembly buffer for a message that arrives in pieces.
    @exclusivity(unchecked) var inbound: [UInt8] = []
    @exclusivity(unchecked) var inMessage = false
    /// Marked by the owner once the connection said hello; until then the join deadline applies.
    @exclusivity(unchecked) var joined = false
    /// Refused after the upgrade (no access token): closing, and never shown to the delegate.
    @exclusivity(unchecked) var refused = false
    @exclusivity(unchecked) var lastActivity: Double
    var lastPingSent: Double = 0
    @exclusivity(unchecked) var pingPending = false
    @exclusivity(unchecked) var rate: RateLimiter
    /// Armed timers, unsorted (a session has very few).
    var timers: [(token: UInt64, deadline: Double)] = []
    /// When the `sul` in `pss` is scheduled to fire, if it is.
    var wakeAt: Double?
    /// Queued output waits in the engine's `pendingWrites` to be written as the service thread leaves.
    @exclusivity(unchecked) var writePending = false
    /// A write made outside the connection's own callbacks found it dead: its next writeable callback closes it.
    @exclusivity(unchecked) var writeFailed = false
    /// The CLOSED callback came: `wsi` and `pss` are gone.
    @exclusivity(unchecked) var isClosed = false
    /// A close we asked for: `immediate` drops queued messages, else they are flushed first.
    @exclusivity(unchecked) var pendingClose: (code: UInt16, reason: String, immediate: Bool)?
    /// The close that ended (or is ending) the connection: ours or the peer's.
    var closeCode: UInt16?
    var closeReason = ""

    init(id: ConnectionID, wsi: OpaquePointer, pss: UnsafeMutablePointer<tb_pss>, info: ConnectionInfo,
         now: Double, maxMessagesPerSecond: Int) {
        self.id = id
        self.wsi = wsi
        self.pss = pss
        self.info = info
        self.openedAt = now
        self.lastActivity = now
        self.rate = RateLimiter(perSecond: maxMessagesPerSecond, now: now)
    }

    var isClosing: Bool { pendingClose != nil }

    /// Stores `self` (+1) in the per-session block; balanced by `detach(from:)`.
    func attach() {
        pss.pointee.conn = Unmanaged.passRetained(self).toOpaque()
    }

    /// The connection stored in a per-session block, without changing its retain count.
    static func from(_ pss: UnsafeMutablePointer<tb_pss>) -> Connection? {
        guard let raw = pss.pointee.conn else { return nil }
        return Unmanaged<Connection>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Cancels the timer and drops the per-session block's reference (call in CLOSED only).
    static func detach(from pss: UnsafeMutablePointer<tb_pss>) -> Connection? {
        // The sul lives inside memory lws frees right after CLOSED: it must be unlinked now.
        lws_sul_cancel(tb_pss_sul(pss))
        guard let raw = pss.pointee.conn else { return nil }
        pss.pointee.conn = nil
        return Unmanaged<Connection>.fromOpaque(raw).takeRetainedValue()
    }

    /// Records the peer's close frame payload (2-byte code, then UTF-8 reason).
    func recordPeerClose(_ payload: UnsafeRawBufferPointer) {
        guard closeCode == nil else { return }
        if payload.count >= 2 {
            closeCode = UInt16(payload[0]) << 8 | UInt16(payload[1])
            closeReason = String(decoding: UnsafeRawBufferPointer(rebasing: payload[2...]), as: UTF8.self)
        } else {
            closeCode = 1005
        }
    }
}

/// A peer's close frame whose reason is not UTF-8 (RFC 6455 §8.1: fail with 1007). lws echoes the
/// close payload it hands to WS_PEER_INITIATED_CLOSE in place, with the same length, so the payload is
/// rewritten there: code 1007 and an ASCII reason padded with spaces — never the peer's invalid bytes.
func replaceInvalidCloseReason(_ payload: UnsafeMutableRawBufferPointer) {
    payload[0] = 0x03
    payload[1] = 0xEF
    let text = Array("invalid UTF-8 in close reason".utf8)
    for i in 2..<payload.count { payload[i] = i - 2 < text.count ? text[i - 2] : 0x20 }
}

/// Sets the close frame lws will send when the callback returns -1.
func setCloseReason(_ wsi: OpaquePointer, code: UInt16, reason: String) {
    var bytes = truncatedUTF8(reason, maxBytes: 123)
    // Our buffer, for the call only: lws copies the reason into the wsi's own close buffer.
    bytes.withUnsafeMutableBufferPointer { b in
        lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), b.baseAddress, b.count)
    }
}

/// Copies a request header (all fragments) out of lws's header table; nil if absent.
func requestHeader(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
    let total = Int(lws_hdr_total_length(wsi, token))
    guard total > 0 else { return nil }
    // Room for fragment separators and the terminating NUL that lws_hdr_copy writes.
    var buffer = [CChar](repeating: 0, count: total + 64)
    let n = Int(buffer.withUnsafeMutableBufferPointer { lws_hdr_copy(wsi, $0.baseAddress, Int32($0.count), token) })
    guard n >= 0 else { return nil }
    return buffer.withUnsafeBufferPointer { b in
        String(decoding: UnsafeRawBufferPointer(start: b.baseAddress, count: min(n, b.count)), as: UTF8.self)
    }
}

/// The request's query (`token=…&watch=…`), or nil without one. lws keeps each `name=value` as a
/// fragment of its own and 4.1's `lws_hdr_copy` joins them with commas, so they are read one by one
/// and joined with `&` again.
func requestQuery(_ wsi: OpaquePointer) -> String? {
    let total = Int(lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_URI_ARGS))
    guard total > 0 else { return nil }
    var arguments: [String] = []
    var buffer = [CChar](repeating: 0, count: total + 1)
    for index in 0..<64 {
        let n = Int(buffer.withUnsafeMutableBufferPointer {
            lws_hdr_copy_fragment(wsi, $0.baseAddress, Int32($0.count), WSI_TOKEN_HTTP_URI_ARGS, Int32(index))
        })
        guard n >= 0 else { break }
        arguments.append(buffer.withUnsafeBufferPointer { b in
            String(decoding: UnsafeRawBufferPointer(start: b.baseAddress, count: min(n, b.count)), as: UTF8.self)
        })
    }
    return arguments.joined(separator: "&")
}

/// The peer's IP address as text.
func peerAddress(_ wsi: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    return buffer.withUnsafeMutableBufferPointer { b -> String in
        guard let p = lws_get_peer_simple(wsi, b.baseAddress, b.count) else { return "" }
        let address = String(cString: p)
        // The listener is dual-stack: show IPv4 peers as plain IPv4.
        return address.hasPrefix("::ffff:") && address.contains(".") ? String(address.dropFirst(7)) : address
    }
}
