import TouchKit

/// A frame a declarative view takes in some size classes instead of its `frame` — what a UIKit app does with
/// trait-dependent constraints (for example a row instead of a column when the height is compact, on a phone in
/// landscape). JSON: `{"verticalSizeClass": "compact", "frame": …}`, with `horizontalSizeClass` and/or
/// `verticalSizeClass` (`"compact"` or `"regular"`); the first variant whose classes all match the window's wins.
struct FrameVariant: Equatable, Sendable {
    var horizontalSizeClass: UIUserInterfaceSizeClass?
    var verticalSizeClass: UIUserInterfaceSizeClass?
    var frame: FrameSpec

    /// At most this many variants per view: a handful covers every combination of two size classes.
    static let maximumCount = 4

    /// Whether every size class the variant names is `traits`'s.
    func matches(_ traits: UITraitCollection) -> Bool {
        (horizontalSizeClass.map { $0 == traits.horizontalSizeClass } ?? true)
            && (verticalSizeClass.map { $0 == traits.verticalSizeClass } ?? true)
    }
}

extension ViewSpec {
    /// The frame for a window with `traits`: the first matching variant's, else `frame`.
    func frame(for traits: UITraitCollection) -> FrameSpec {
        variants.first { $0.matches(traits) }?.frame ?? frame
    }
}

extension JSONWalker {
    /// A list of frame variants (see `FrameVariant`).
    func frameVariants() throws(SceneError) -> [FrameVariant] {
        var variants: [FrameVariant] = []
        for item in try array(maxCount: FrameVariant.maximumCount) {
            let object = try item.object(allowing: ["horizontalSizeClass", "verticalSizeClass", "frame"])
            func sizeClass(_ key: String) throws(SceneError) -> UIUserInterfaceSizeClass? {
                guard let field = item.field(key, in: object) else { return nil }
                return try field.oneOf(["compact", "regular"]) == "compact" ? .compact : .regular
            }
            let variant = FrameVariant(horizontalSizeClass: try sizeClass("horizontalSizeClass"),
                                       verticalSizeClass: try sizeClass("verticalSizeClass"),
                                       frame: try item.required("frame", in: object).frame())
            guard variant.horizontalSizeClass != nil || variant.verticalSizeClass != nil else {
                throw item.error("give horizontalSizeClass, verticalSizeClass or both")
            }
            variants.append(variant)
        }
        return variants
    }
}
