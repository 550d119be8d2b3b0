import Foundation

extension KeyedDecodingContainer {
    /// An integer field. Foundation's own `Int` decoding reports `1.5` as "not valid JSON" with no
    /// field path; decoding a number and checking it gives the client `seq: expected an integer`.
    /// Integers are limited to ±2^53, the range JavaScript numbers hold exactly.
    func decodeInteger(forKey key: Key) throws -> Int {
        if contains(key), try decodeNil(forKey: key) {
            throw DecodingError.valueNotFound(Int.self, .init(codingPath: codingPath + [key], debugDescription: "null"))
        }
        let value = try decode(Double.self, forKey: key)
        guard value.rounded() == value else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected an integer")
        }
        guard abs(value) <= ProtocolLimits.maxInteger else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\(value) is beyond ±2^53 (9007199254740992), the largest integer a JSON number holds exactly")
        }
        return Int(value)
    }

    func decodeIntegerIfPresent(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeInteger(forKey: key)
    }
}
