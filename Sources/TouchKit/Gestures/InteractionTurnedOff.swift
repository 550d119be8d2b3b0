import Foundation

/// A view whose `isUserInteractionEnabled` turns false while touches are down on it. Apple
/// ([isUserInteractionEnabled](https://developer.apple.com/documentation/uikit/uiview/isuserinteractionenabled)):
/// "touch, press, keyboard, and focus events intended for the view are ignored and removed from the
/// event queue". Choice, read literally: from then on the view gets nothing more of the touches bound
/// to it — no `touchesMoved`, `touchesEnded`, and no `touchesCancelled` (Apple names cancellation only
/// for a view leaving its window or the app resigning active); its recognizers keep the touches (they
/// are not the view) and may still recognize; turning interaction back on does not resume the old
/// touches (UIKIT-DELIVERY-INTERACTION-OFF).
extension UIView {
    /// Called by `isUserInteractionEnabled` when it turns false.
    func userInteractionTurnedOff() {
        window?.application?.gestureEnvironment.delivery.viewStoppedInteraction(self)
    }
}

extension TouchDelivery {
    /// Touches bound to `view` that it was still to get phases of become undeliverable, with a note;
    /// withheld ones lose their held phases and leave the withheld list at the next release.
    func viewStoppedInteraction(_ view: UIView) {
        var stopped: [UITouch] = []
        for touch in (application.object.digitizer.activeTouches + withheldTouches).inTouchOrder {
            guard touch.view === view, !stopped.containsIdentical(touch), !touch.delivery.claimed,
                  touch.delivery.stage == .pending || touch.delivery.stage == .delivered else { continue }
            stopped.append(touch)
            touch.delivery.beganWithheld = false
            touch.delivery.endedWithheld = false
            markUndeliverable(touch, view: view, reason: "isUserInteractionEnabled turned false while the touch was down: "
                              + "events intended for the view are ignored (no touchesCancelled); its recognizers keep the touch")
        }
    }
}
