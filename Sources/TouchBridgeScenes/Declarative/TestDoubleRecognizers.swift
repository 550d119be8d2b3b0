import TouchKit

/// A recognizer that only watches: it never changes state, so it never takes a touch from its view —
/// what a UIKit test attaches to see every touch a view's recognizers get (scenario S09). With the
/// complete log (`hello.log: "complete"`) its touch calls are in the event log.
final class ObserverGestureRecognizer: OverridableGestureRecognizer {}

/// A recognizer that follows only the first touch of its gesture: every later touch is handed back
/// with `ignore(_:for:)` when it begins (UIKIT-DELIVERY-IGNORE: it never gets that touch again, and the touch's
/// events reach the view as if the recognizer were not there), and the gesture is recognized when
/// the first touch lifts (scenario S28).
final class FirstTouchGestureRecognizer: OverridableGestureRecognizer {
    private var first: UITouch?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches.sorted(by: { $0.timestamp < $1.timestamp }) {
            if first == nil { first = touch } else if touch !== first { ignore(touch, for: event) }
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let first, touches.contains(first) { state = .recognized }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if let first, touches.contains(first) { state = .failed }
    }

    override func reset() {
        first = nil
    }
}
