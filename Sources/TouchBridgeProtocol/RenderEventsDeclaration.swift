/// The declarations of the hot messages, `render` and `events` (docs/protocol.md §5.2, §5.3). They make
/// the document's tables and the fixture; the wire is written by the specialized writers of
/// `ServerMessageWriting.swift`, which `ServerDeclarationTests` holds to these tables byte for byte over
/// generated messages (every optional field present and absent).
extension RenderMessage: WireMessage {
    /// Sent as `render`.
    package static let messageType = "render"

    /// The fields of `render`.
    package static let writtenFields: [WrittenField<RenderMessage>] = [
        .field("full", \.full, "`true`: discard everything you have and build the tree from these ops (sent after `hello`, `scene`, `resync`). `false`: apply the ops to the tree you have."),
        .field("scene", \.scene, "Present when `full` is `true`: the running scene's name."),
        .field("t", \.t, "Present when a view has `animations`: the engine time (ms) of this tree, the anchor a client interpolates from (engine time then runs at the client's pace; a client may also take it from `events.t`)."),
        .field("ops", \.ops, type: "array of operations", "Operations, to apply **in order** (below)."),
        .objects("lints", \.lints, type: "array of lints", "With `full: true` for a client that starts the scene (join, scene switch, stepping): its lints (as `welcome.lints`; `[]` for none). Left out of the full render that answers `resync` or catches a slow client up: they have not changed since (an `act` reports every change)."),
        .objects("recognizers", \.recognizers, listed: true, "Present when `full` is `true`: every gesture recognizer of the scene — windows in order, views depth first, each view's recognizers in attach order. Later changes arrive as `transition` log entries."),
    ]
}

extension RenderOp: WireValue {
    /// Written by the specialized render writer (the op's fields depend on `op`, §5.2's table).
    package func write(to writer: inout JSONWriter) { writer.write(self) }
    /// An operation object.
    package static var documentedType: String { "object" }
}

extension RecognizerInfo: WireWritten {
    /// The fields of a `render.recognizers` entry.
    package static let writtenFields: [WrittenField<RecognizerInfo>] = [
        .field("name", \.name, "As the event log names it."),
        .field("kind", \.kind, "Its class."),
        .field("view", \.view, "Its view's name."),
        .field("state", \.state, "Its state now."),
    ]
}

extension EventsMessage: WireMessage {
    /// Sent as `events`.
    package static let messageType = "events"

    /// The fields of `events`.
    package static let writtenFields: [WrittenField<EventsMessage>] = [
        .field("seq", \.seq, "The `seq` of the message that caused this dispatch; absent for timer-driven dispatches (client clock) and messages without `seq`."),
        .field("t", \.t, "Engine time after the dispatch, ms."),
        .objects("log", \.log, type: "array of log entries", "The ordered event log of the dispatch: everything UIKit did, in order (section 7, which lists the entries' fields). May be empty."),
        .objects("lints", \.lints, type: "array of lints", "Present in the `events` answering an `act`: the scene's lints as the actions left them (`[]` when none; fields as in `welcome.lints`)."),
        .objects("pointers", \.pointers, type: "array of `{\"id\",\"x\",\"y\"}`", "Present in the `events` answering an `input` or an `act` (an action may cancel touches): the device's pointers still down after it, in window points (`[]` when none), so observers can draw every finger — also those a recognizer took over, which the log's responder entries no longer show."),
    ]
}

extension LivePointer: WireWritten {
    /// The fields of an `events.pointers` entry.
    package static let writtenFields: [WrittenField<LivePointer>] = [
        .field("id", \.id, "The client's pointer id."),
        .field("x", \.x, "Window points."),
        .field("y", \.y, "Window points."),
    ]
}

extension LogEntry: WireWritten {
    /// The fields of an event-log entry (docs/protocol.md §7); `kind` says which are present.
    package static let writtenFields: [WrittenField<LogEntry>] = [
        .field("kind", \.kind, "The entry's kind."),
        .field("text", \.text, "The entry in compact notation."),
        .field("diagnostic", \.diagnostic, "True for entries that explain rather than act."),
        .field("touch", \.touch, "`hitTest`, `delivery`: the touch's number."),
        .field("path", \.path, "`hitTest`: the path, window first."),
        .field("method", \.method, "`responder`, `recognizerTouches`: the method called."),
        .field("responder", \.responder, "`responder`: whose method ran."),
        .objects("touches", \.touches, "`responder`, `recognizerTouches`: the touches passed."),
        .objects("allTouches", \.allTouches, "The complete log only: the event's touches."),
        .field("subtype", \.subtype, "`responder`: the event subtype."),
        .field("forwardedFrom", \.forwardedFrom, "`responder`: whose default implementation passed the call up."),
        .field("view", \.view, "`delivery`: the touch's view."),
        .field("note", \.note, "`delivery`: why the touch was held back, released or not delivered."),
        .field("recognizer", \.recognizer, "The recognizer's trace name."),
        .field("from", \.from, "`transition`: the state left."),
        .field("to", \.to, "`transition`: the state entered."),
        .field("reason", \.reason, "`transition`, `waiting`: why."),
        .object("values", \.values, "`transition`: the recognizer's values."),
        .objects("margins", \.margins, "`transition`: the margins of its threshold decisions."),
        .field("state", \.state, "`action`: the state the target–actions ran in."),
        .field("control", \.control, "`controlEvent`: the control."),
        .field("event", \.event, "`controlEvent`: the events sent."),
        .field("message", \.message, "`note`, `animation`: the diagnostic in words."),
    ]
}

extension LogTouch: WireWritten {
    /// The fields of a touch in a log entry.
    package static let writtenFields: [WrittenField<LogTouch>] = [
        .field("id", \.id, "The touch's number."),
        .field("phase", \.phase, "As the callee saw it."),
        .field("tapCount", \.tapCount, "`UITouch.tapCount`."),
        .field("location", \.location, "Window points, `[x, y]`."),
    ]
}

extension LogValues: WireWritten {
    /// The fields of a transition's `values`.
    package static let writtenFields: [WrittenField<LogValues>] = [
        .field("location", \.location, "The centroid, `[x, y]`."),
        .field("numberOfTouches", \.numberOfTouches, "Touches tracked."),
        .field("translation", \.translation, "Pans."),
        .field("velocity", \.velocity, "Pans, pinches, rotations."),
        .field("scale", \.scale, "Pinches."),
        .field("rotation", \.rotation, "Rotations."),
        .field("direction", \.direction, "Swipes."),
    ]
}

extension LogMargin: WireWritten {
    /// The fields of a decision margin.
    package static let writtenFields: [WrittenField<LogMargin>] = [
        .field("rule", \.rule, "The UIKit rule."),
        .field("threshold", \.threshold, "The recognizer property holding the threshold."),
        .field("measured", \.measured, "What the input measured."),
        .field("limitValue", \.limitValue, "The threshold's value."),
        .field("limit", \.limit, "`atMost`, `atLeast` or `exactly`."),
        .field("side", \.side, "`inside` or `outside`."),
        .field("unit", \.unit, "`pt`, `ms` or `count`."),
    ]
}
