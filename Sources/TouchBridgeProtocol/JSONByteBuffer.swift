/// The bytes a `JSONWriter` has written: memory of its own, `count` bytes written at its front and
/// the rest (up to `capacity`) room for the next pieces.
///
/// Why not a `[UInt8]` and `append`: a message is written in many short pieces (a punctuation byte, a
/// key, a number's digits, a run of a string), and each `Array.append` paid its capacity and
/// uniqueness checks, and `append(contentsOf:)` the generic sequence path: ~90 instructions a piece,
/// ~58 pieces a pan message (docs/performance.md, "The writer's short appends, third pass"). Here a
/// piece makes room once (`reserve`) and is stored through the pointer.
///
/// Why not an array kept longer than what is written (the first cut, withdrawn): it grew by appending
/// zeros, which an unoptimised (debug) build does through the standard library's unspecialised
/// sequence copy, ~2,000 instructions a byte, so a welcome's full render cost the debug server tens of
/// milliseconds and the e2e clients ran out of their engine-time share. Here growing is one allocation
/// and one `memmove`, and the pointer's subscripts and arithmetic are `@_transparent` in the standard
/// library, so a debug build writes through them without calls.
///
/// Bounds: every write of `n` bytes at `start + count` comes after `reserve(n)` (or `append`'s own
/// check), which leaves `capacity - count >= n`; `count` only grows by what was written, so the bytes
/// written stay inside the `capacity` allocated. Noncopyable, so the memory has one owner, which frees
/// it (`deinit`).
struct JSONByteBuffer: ~Copyable {
    /// The allocation: `capacity` bytes, the first `count` written (initialized).
    private(set) var start: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    /// How many bytes `start` holds.
    private var capacity: Int

    /// A buffer with room for `capacity` bytes (at least 16) before it grows.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The written bytes, as an array of their own.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// The written bytes as a `String`, which the caller vouches are valid UTF-8 (`JSONWriter.text`
    /// says why they are). Made without `String(decoding:)`'s validation where the standard library
    /// allows it.
    var unvalidatedText: String {
        let written = UnsafeBufferPointer(start: UnsafePointer(start), count: count)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: written.span))
        }
        return String(decoding: written, as: UTF8.self)
    }

    /// One byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        start[count] = byte  // count < capacity: checked just above
        count &+= 1
    }

    /// `piece`'s bytes, copied in.
    @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress else { return }
        reserve(piece.count)
        // `reserve` left at least `piece.count` bytes after `count`.
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: piece.count)
        count &+= piece.count
    }

    /// The next free byte, where a piece that `reserve`d its room writes (then `advance`s).
    @inline(__always)
    var end: UnsafeMutablePointer<UInt8> { start + count }

    /// Counts `written` bytes a piece stored at `end`, which its `reserve` had made room for.
    @inline(__always)
    mutating func advance(by written: Int) {
        assert(written >= 0 && written <= capacity &- count, "JSONByteBuffer: a piece wrote outside its room")
        count &+= written
    }

    /// Makes room for `needed` more bytes after the written ones: one comparison when there is room.
    @inline(__always)
    mutating func reserve(_ needed: Int) {
        if capacity &- count < needed { grow(toFit: needed) }
    }

    /// Moves the written bytes to an allocation at least twice as large (and with room for `needed`
    /// more), so a message written in many pieces is copied O(log n) times, O(n) bytes in all.
    @inline(never)
    private mutating func grow(toFit needed: Int) {
        let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2)
        let larger = Swift.max(overflow ? Int.max : doubled, count + needed)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        UnsafeMutableRawPointer(moved).copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = moved
        capacity = larger
    }
}
