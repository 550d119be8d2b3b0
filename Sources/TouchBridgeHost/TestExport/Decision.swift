import Foundation
import TouchBridgeProtocol

/// One thing a session decided that a generated test expects again — the intent, not every log line:
/// a recognizer transition (without the `changed→changed` stream, the resets to `possible`, and the
/// `possible→failed` of a recognizer that took no part in a decision: `InvolvedFailures`), an action
/// (but `changed`), a control event, or touches cancelled at the view they were delivered to (a recognizer
/// took them). Responder calls that only follow the finger, hit-tests, diagnostics, animations and values
/// are left out: they change with every retouch of a path without the behaviour changing.
package enum Decision: Sendable, Equatable {
    /// `recognizer` went from `from` to `to`.
    case transition(recognizer: String, from: String, to: String)
    /// `recognizer`'s target–actions ran in `state`.
    case action(recognizer: String, state: String)
    /// `control` sent `event`.
    case controlEvent(control: String, event: String)
    /// `responder` had touches cancelled (delivered to it, not passed up to it).
    case touchesCancelled(responder: String)

    /// The decisions in one `events` message's log, in order; `involved` follows the session's waits
    /// from message to message.
    static func decisions(inLog log: [JSONValue], involved: inout InvolvedFailures) -> [Decision] {
        var result: [Decision] = []
        for entry in log where involved.expects(entry) && entry["diagnostic"] != .bool(true) {
            switch entry["kind"]?.stringValue {
            case "transition":
                guard let recognizer = entry["recognizer"]?.stringValue, let from = entry["from"]?.stringValue,
                      let to = entry["to"]?.stringValue, to != "possible", !(from == "changed" && to == "changed") else { continue }
                result.append(.transition(recognizer: recognizer, from: from, to: to))
            case "action":
                guard let recognizer = entry["recognizer"]?.stringValue, let state = entry["state"]?.stringValue,
                      state != "changed" else { continue }
                result.append(.action(recognizer: recognizer, state: state))
            case "controlEvent":
                guard let control = entry["control"]?.stringValue, let events = entry["event"]?.stringValue else { continue }
                for event in events.split(separator: "|") { result.append(.controlEvent(control: control, event: String(event))) }
            case "responder":
                guard entry["method"]?.stringValue == "touchesCancelled", entry["forwardedFrom"] == nil,
                      let responder = entry["responder"]?.stringValue else { continue }
                result.append(.touchesCancelled(responder: responder))
            default:
                continue
            }
        }
        return result
    }
}

/// The decisions of a session's outbound messages, each with what caused it: the input it answered (`seq`)
/// or, for a timer's, the engine time it fired at.
struct DecidedMessage {
    /// The `seq` of the input the message answered; nil: a timer's or a clock advance's.
    var seq: Int?
    /// Engine time of the message (client time), ms; nil when the message carries none.
    var t: Double?
    var decisions: [Decision]

    /// The `events` messages among `outbound` (wire texts) that decided something.
    static func read(_ outbound: [String]) -> [DecidedMessage] {
        var involved = InvolvedFailures()
        return outbound.compactMap { text in
            // Most messages are renders: only an `events` one is parsed.
            guard text.contains(#""type":"events""#), let message = try? JSONParser.parse(text),
                  message["type"]?.stringValue == "events", case .array(let log)? = message["log"] else { return nil }
            let decisions = Decision.decisions(inLog: log, involved: &involved)
            guard !decisions.isEmpty else { return nil }
            let seq = message["seq"].flatMap { if case .number(let n) = $0 { Int(exactly: n) } else { nil } }
            let t: Double? = if case .number(let n)? = message["t"] { n } else { nil }
            return DecidedMessage(seq: seq, t: t, decisions: decisions)
        }
    }
}
