/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, seedable, deterministic generator, shared by every
/// randomized test (the engine's property tests, the protocol corpora, the incremental-render check).
/// Their draws go through it — never through `Int.random(in:)` with the system generator, whose
/// algorithm the standard library does not promise to keep — so a printed seed replays on any toolchain.
package struct SplitMix64: RandomNumberGenerator {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The SplitMix64 output function; also a good stateless hash for delegate answers.
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (modulo bias is irrelevant here).
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// A uniform double in [0, 1).
    package mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A uniform double in `range`.
    package mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// true with probability `p`.
    package mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One of `items`, uniformly.
    package mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// Picks an index with the given relative weights.
    package mutating func weighted(_ weights: [Int]) -> Int {
        var roll = int(0...weights.reduce(0, +) - 1)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}
