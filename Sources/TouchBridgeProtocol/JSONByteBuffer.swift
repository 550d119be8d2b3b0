/// The bytes a `JSONWriter` has written, in a buffer that keeps room ahead of them.
///
/// Why not a plain `[UInt8]` and `append`: a message is written in many short pieces (a punctuation
/// byte, a key, a number's digits, a run of a string), and each `Array.append` paid its capacity and
/// uniqueness checks and, for `append(contentsOf:)`, the generic sequence path (docs/performance.md,
/// "The writer's short appends"). Here a piece checks the room once (`reserve`) and is then copied
/// straight into the reserved bytes.
///
/// The storage stays a Swift array (value semantics, freed with the writer; `swap` moves it between
/// a writer and its `JSONStringContent` without copying): `count` bytes are written, the rest of the
/// array, zeros, is the room.
struct JSONByteBuffer {
    private var storage: [UInt8]
    /// How many bytes are written (the front of `storage`).
    private(set) var count = 0

    /// A buffer with room for `capacity` bytes before it grows (0: no allocation until a write).
    init(capacity: Int) {
        storage = Array(repeating: 0, count: Swift.max(capacity, 0))
    }

    /// The written bytes, as an array of their own.
    var bytes: [UInt8] { Array(storage[..<count]) }

    /// The written bytes as a `String`, which the caller vouches are valid UTF-8 (`JSONWriter.text` says why
    /// they are). Made without `String(decoding:)`'s validation where the standard library allows it.
    var unvalidatedText: String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let span = storage.span.extracting(0..<count)
            return String(copying: UTF8Span(unchecked: span))
        }
        return storage.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[..<count]), as: UTF8.self) }
    }

    /// One byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte  // checked subscript: `reserve` made `count` an index of `storage`
        count &+= 1
    }

    /// The bytes of `piece`, copied in.
    @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        write(atMost: piece.count) { room in
            // `room` is exactly `piece.count` bytes long, so the copy stays inside it.
            guard let source = piece.baseAddress, let target = room.baseAddress else { return 0 }
            target.update(from: source, count: piece.count)
            return piece.count
        }
    }

    /// Lets `body` write up to `limit` bytes into the room after the written ones, then counts the
    /// bytes it says it wrote (the front of the room it was given).
    ///
    /// Bounds: `reserve(limit)` leaves at least `limit` bytes of `storage` after `count`, so the
    /// buffer `body` gets (`count ..< count + limit` of `storage`, which `withUnsafeMutableBufferPointer`
    /// keeps alive and unique for the call) lies inside the array; `body` writes only inside it (its
    /// subscripts are checked in debug builds), and the `precondition` keeps a wrong answer from moving
    /// `count` past what was written into (a trap, never an out-of-bounds byte).
    @inline(__always)
    mutating func write(atMost limit: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        reserve(limit)
        let start = count
        let written = storage.withUnsafeMutableBufferPointer { buffer in
            body(UnsafeMutableBufferPointer(rebasing: buffer[start ..< start &+ limit]))
        }
        precondition(written >= 0 && written <= limit, "JSONByteBuffer: a write said it wrote outside its room")
        count &+= written
    }

    /// Makes room for `needed` more bytes: one comparison when there is room already.
    @inline(__always)
    private mutating func reserve(_ needed: Int) {
        if storage.count &- count < needed { grow(toFit: needed) }
    }

    /// Doubles the storage (at least: enough for `needed` more bytes; at least 64), keeping what is written.
    @inline(never)
    private mutating func grow(toFit needed: Int) {
        let size = Swift.max(storage.count * 2, count + needed, 64)
        storage.append(contentsOf: repeatElement(0, count: size - storage.count))
    }
}
