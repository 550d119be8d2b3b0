import Foundation
import TouchBridgeProtocol
import TouchKit

/// Wire pointer changes → one digitizer frame.
enum InputTranslation {
    /// Coalesced samples become `move` changes just before their pointer's main change, oldest
    /// first; `time` maps each client timestamp (ms) to engine seconds.
    static func frame(_ input: Input, time: (Double) throws(InputError) -> Double) throws(InputError) -> [PointerChange] {
        var frame: [PointerChange] = []
        for pointer in input.pointers {
            let type = touchType(pointer.pointerType)
            let pressure = pointer.pressure.map { CGFloat($0) }
            let size = contactSize(pointer)
            for sample in pointer.coalesced ?? [] {
                frame.append(PointerChange(
                    pointerID: pointer.id, phase: .move, location: CGPoint(x: sample.x, y: sample.y),
                    timestamp: try time(sample.t), pressure: pressure, contactSize: size, type: type))
            }
            frame.append(PointerChange(
                pointerID: pointer.id, phase: phase(pointer.phase), location: CGPoint(x: pointer.x, y: pointer.y),
                timestamp: try time(pointer.t), pressure: pressure, contactSize: size, type: type))
        }
        return frame
    }

    /// The newest client time of the message (ms), for the clock's offset estimate.
    /// A loop rather than collecting the times: this runs for every `input`, and the arrays cost
    /// allocations per message.
    static func newestTime(_ input: Input) -> Double? {
        var newest: Double?
        func consider(_ t: Double) {
            // Strictly greater, as `max()` keeps the first of equal times.
            if t.isFinite, newest.map({ t > $0 }) ?? true { newest = t }
        }
        for pointer in input.pointers {
            consider(pointer.t)
            for sample in pointer.coalesced ?? [] { consider(sample.t) }
        }
        return newest
    }

    static func phase(_ phase: PointerPhase) -> PointerChange.Phase {
        switch phase {
        case .down: .down
        case .move: .move
        case .up: .up
        case .cancel: .cancel
        }
    }

    /// A desktop mouse is UIKit's indirect pointer, a pen its pencil.
    static func touchType(_ type: PointerType) -> UITouch.TouchType {
        switch type {
        case .touch: .direct
        case .pen: .pencil
        case .mouse: .indirectPointer
        }
    }

    /// One dimension given: a round contact of that size.
    static func contactSize(_ pointer: Pointer) -> CGSize? {
        guard let width = pointer.width ?? pointer.height, let height = pointer.height ?? pointer.width else { return nil }
        return CGSize(width: width, height: height)
    }

    static func subtype(_ command: RemoteCommand) -> UIEvent.EventSubtype {
        switch command {
        case .play: .remoteControlPlay
        case .pause: .remoteControlPause
        case .stop: .remoteControlStop
        case .togglePlayPause: .remoteControlTogglePlayPause
        case .nextTrack: .remoteControlNextTrack
        case .previousTrack: .remoteControlPreviousTrack
        case .beginSeekingBackward: .remoteControlBeginSeekingBackward
        case .endSeekingBackward: .remoteControlEndSeekingBackward
        case .beginSeekingForward: .remoteControlBeginSeekingForward
        case .endSeekingForward: .remoteControlEndSeekingForward
        }
    }

    static func motionPhase(_ phase: MotionPhase) -> UIApplication.MotionPhase {
        switch phase {
        case .began: .began
        case .ended: .ended
        case .cancelled: .cancelled
        }
    }
}
