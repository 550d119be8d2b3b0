import Foundation

extension Array {
    /// The elements back to front by `zPosition`, equal ones in array order (UIKIT-EVERYDAY-ZPOSITION); the
    /// array itself, without sorting, when every element is at 0 (the usual case).
    func inZOrder(_ zPosition: (Element) -> CGFloat) -> [Element] {
        guard contains(where: { zPosition($0) != 0 }) else { return self }
        return enumerated().sorted { a, b in
            let za = zPosition(a.element), zb = zPosition(b.element)
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }
}
