import Foundation

/// One dispatch's touches sorted by phase once, for every recognizer that is fed (stationary
/// touches are never delivered).
struct TouchesByPhase {
    private(set) var began: [UITouch] = []
    private(set) var moved: [UITouch] = []
    private(set) var ended: [UITouch] = []
    private(set) var cancelled: [UITouch] = []

    init(_ touches: [UITouch]) {
        // Usually every touch of a dispatch has the same phase: that bucket is `touches` itself.
        if let phase = touches.first?.phase, touches.allSatisfy({ $0.phase == phase }) {
            self[phase] = touches
            return
        }
        for touch in touches { self[touch.phase].append(touch) }
    }

    private subscript(phase: UITouch.Phase) -> [UITouch] {
        get {
            switch phase {
            case .began: began
            case .moved: moved
            case .ended: ended
            case .cancelled: cancelled
            case .stationary: []
            }
        }
        set {
            switch phase {
            case .began: began = newValue
            case .moved: moved = newValue
            case .ended: ended = newValue
            case .cancelled: cancelled = newValue
            case .stationary: break
            }
        }
    }
}

/// Recognizers sharing a touch usually get the very same touches in one dispatch: they then share
/// one `Set` (a value, so no recognizer sees another's changes) instead of each building its own.
struct TouchSetReuse {
    private var set: Set<UITouch> = []

    mutating func set(of list: [UITouch]) -> Set<UITouch> {
        if set.count != list.count || !list.allSatisfy(set.contains) {
            set = Set(list)
        }
        return set
    }
}
