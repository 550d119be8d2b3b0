import Foundation

/// An object a view owns to add behaviour to it (UIKit's `UIInteraction`): `addInteraction(_:)` tells
/// it the view it moves to.
public protocol UIInteraction: AnyObject {
    /// The view that owns the interaction; nil when none does.
    var view: UIView? { get }
    /// The interaction is about to move to `view` (nil: it is being removed).
    func willMove(to view: UIView?)
    /// The interaction moved to `view` (nil: it was removed).
    func didMove(to view: UIView?)
}

extension UIView {
    /// The interactions the view owns, in the order they were added.
    public var interactions: [UIInteraction] {
        get { ownedInteractions }
        set {
            for interaction in ownedInteractions { removeInteraction(interaction) }
            for interaction in newValue { addInteraction(interaction) }
        }
    }

    /// Adds `interaction` to the view (it leaves the view it was on) and tells it so.
    public func addInteraction(_ interaction: UIInteraction) {
        guard !ownedInteractions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        ownedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` from the view, if it is there, and tells it so.
    public func removeInteraction(_ interaction: UIInteraction) {
        guard let index = ownedInteractions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        ownedInteractions.remove(at: index)
        interaction.didMove(to: nil)
    }
}
