import Foundation
import TouchBridgeProtocol

extension JSONValue {
    /// The value as `JSONSerialization` would have returned it (`NSNumber` booleans and numbers,
    /// `NSNull`, arrays and dictionaries of `Any`): what the declarative scene reader walks.
    var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .number(let value): NSNumber(value: value)
        case .string(let value): value
        case .array(let values): values.map(\.foundationObject)
        case .object(let members): members.mapValues(\.foundationObject)
        }
    }
}
