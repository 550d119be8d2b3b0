import TouchKit

/// Where a view the user can move sits, as a fraction of an area (0.5, 0.5: the middle), so a layout is a
/// function of the current area and of where the user put the view — never of the sizes the window had
/// before: an untouched view is in the middle of the area at every size, after any rotation or sheet move,
/// exactly as on a fresh load; a view the user dragged keeps its place in proportion.
final class ProportionalPlacement {
    private var fraction: CGPoint
    /// The centre and area of the latest layout; a different centre now means the user moved the view.
    private var placed: (center: CGPoint, area: CGRect)?

    /// A view placed at `fraction` of its area until the user moves it (the middle by default).
    init(fraction: CGPoint = CGPoint(x: 0.5, y: 0.5)) {
        self.fraction = fraction
    }

    /// Puts `view`'s centre at its fraction of `area`, then moves it inside `stage` if it sticks out.
    func place(_ view: UIView, in area: CGRect, keepingInside stage: CGRect) {
        if let placed, view.center != placed.center, placed.area.width > 0, placed.area.height > 0 {
            fraction = CGPoint(x: min(max((view.center.x - placed.area.minX) / placed.area.width, 0), 1),
                               y: min(max((view.center.y - placed.area.minY) / placed.area.height, 0), 1))
        }
        view.center = CGPoint(x: area.minX + fraction.x * area.width, y: area.minY + fraction.y * area.height)
        view.keepCenter(inside: stage)
        placed = (view.center, area)
    }
}
