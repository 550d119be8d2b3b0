import Foundation

/// A seed as the tests print it (and as `TOUCHKIT_PROPERTY_SEED` accepts it).
func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16, uppercase: true) }

/// Parses `0x…` hexadecimal or decimal seeds.
func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
}
