import Foundation

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, seedable, deterministic generator. Every draw the
/// property tests make goes through these helpers — never through `Int.random(in:)`, whose
/// algorithm the standard library does not promise to keep — so a seed replays on any toolchain.
struct SplitMix64 {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The SplitMix64 output function; also a good stateless hash for delegate answers.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (modulo bias is irrelevant here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// true with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// Picks an index with the given relative weights.
    mutating func weighted(_ weights: [Int]) -> Int {
        var roll = int(0...weights.reduce(0, +) - 1)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}

/// A seed as the tests print it (and as `TOUCHKIT_PROPERTY_SEED` accepts it).
func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16, uppercase: true) }

/// Parses `0x…` hexadecimal or decimal seeds.
func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
}
