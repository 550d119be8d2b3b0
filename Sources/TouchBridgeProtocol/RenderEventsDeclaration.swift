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
        .tagged("ops", \.ops, type: "array of operations", "Operations, to apply **in order** (below)."),
        .objects("lints", \.lints, type: "array of lints", "With `full: true` for a client that starts the scene (join, scene switch, stepping): its lints (as `welcome.lints`; `[]` for none). Left out of the full render that answers `resync` or catches a slow client up: they have not changed since (an `act` reports every change)."),
        .objects("recognizers", \.recognizers, listed: true, "Present when `full` is `true`: every gesture recognizer of the scene — windows in order, views depth first, each view's recognizers in attach order. Later changes arrive as `transition` log entries."),
    ]
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
        .objects("log", \.log, type: "array of log entries", "The ordered event log of the dispatch: everything UIKit did, in order (section 7, which lists the entries' kinds and fields). May be empty.")
            .kinds(LogEntry.kinds),
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
    /// The fields of an event-log entry (docs/protocol.md §7); `kind` says which are present (`kinds`).
    package static let writtenFields: [WrittenField<LogEntry>] = [
        .field("kind", \.kind, "The entry's kind (the table above)."),
        .field("text", \.text, "The entry in compact notation, for display."),
        .field("diagnostic", \.diagnostic, "`true` for entries that explain rather than act (hide them in a compact view)."),
        .field("touch", \.touch, "The touch's number (1, 2, 3… in landing order within the scene)."),
        .field("path", \.path, "The views the hit test passed, window first, hit view last."),
        .field("method", \.method, "The method called: `touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled`, `motionBegan`, `motionEnded`, `motionCancelled`, `remoteControlReceived`."),
        .field("responder", \.responder, "Whose method ran."),
        .objects("touches", \.touches, listed: true, "The touches passed."),
        .objects("allTouches", \.allTouches, "The complete log only: the event's touches with their phases as the callee saw them, `stationary` included (fields as `touches`)."),
        .field("subtype", \.subtype, "The event subtype: `none`, `motionShake`, or a remote command name."),
        .field("forwardedFrom", \.forwardedFrom, "The responder whose default implementation passed the call up the chain."),
        .field("view", \.view, "The touch's view."),
        .field("note", \.note, "Why the touch was held back, released or not delivered."),
        .field("recognizer", \.recognizer, "The recognizer's trace name."),
        .field("from", \.from, "The state left: `possible`, `began`, `changed`, `ended`, `cancelled`, `failed`."),
        .field("to", \.to, "The state entered."),
        .field("reason", \.reason, "Why, in words (a transition's: always for `failed` and `cancelled`)."),
        .object("values", \.values, listed: true, "The recognizer's values."),
        .objects("margins", \.margins, listed: true, "Additive: the threshold decisions behind the transition; docs/margins-and-lints.md lists which transitions carry which."),
        .field("state", \.state, "The state the target–actions ran in."),
        .field("control", \.control, "The control."),
        .field("event", \.event, "The events sent (e.g. `touchDown`, `touchUpInside`, `valueChanged`; combined events joined with `|`)."),
        .field("message", \.message, "The diagnostic in words."),
    ]

    /// Each kind of entry with its fields, as the server's trace encoding writes them (docs/protocol.md
    /// §7's table; the fixture's `events.log` kinds, which the page's tests check each entry against).
    package static let kinds = WireTaggedInfo(key: "kind", variants: [
        kind("hitTest", "A new touch was hit-tested.", ["touch", "path"]),
        kind("responder", "A responder method was called.", ["method", "responder", "touches", "subtype"], optional: ["allTouches", "forwardedFrom"]),
        kind("delivery", "A touch was not delivered to its view, held back, or released; `note` says why. Also right after `hitTest`: the front-most view the new touch passed through because its user interaction is off while it has recognizers or controls (`skipped by hit-testing: isUserInteractionEnabled false (UIImageView default); avatarTap cannot see the touch`).",
             ["touch", "view", "note"]),
        kind("transition", "A recognizer changed state.", ["recognizer", "from", "to", "values"], optional: ["reason", "margins"]),
        kind("waiting", "A recognizer that wants to leave `possible` is held there (it requires another to fail).", ["recognizer", "reason"]),
        kind("action", "The recognizer's target–actions ran, in that state.", ["recognizer", "state"]),
        kind("controlEvent", "A control sent a control event.", ["control", "event"]),
        kind("note", "A diagnostic note (a recognizer moved to another view, an illegal transition was ignored, a remote command was dropped…).", ["message"]),
        kind("animation", "A `UIView.animate` animation began (which views and properties, duration, delay, curve, whether interaction is allowed), ended or was interrupted (with `finished`), or an animating view without `.allowUserInteraction` refused a touch; a `UIViewPropertyAnimator`'s block joined it (`animation N joined animator M`), it ran, paused, stopped, finished (`animator M finished at end`) or refused a call UIKit forbids (`animator M refused: …`); a layer animation added with `add(_:forKey:)` began, ended or was removed (implicit animations are not logged).",
             ["message"]),
        kind("recognizerTouches", "Complete log only (`hello.log`): a recognizer's own `touchesBegan/Moved/Ended/Cancelled` was called with `touches`. Diagnostic.",
             ["recognizer", "method", "touches", "allTouches"]),
    ])

    /// A kind whose entries have `text`, `diagnostic`, the `required` fields and may have the `optional` ones.
    private static func kind(_ tag: String, _ meaning: String, _ required: [String], optional: [String] = []) -> WireVariantInfo {
        let fields = writtenFields.map(\.info)
        return WireVariantInfo(tag: tag, meaning: meaning, fields: (["text", "diagnostic"] + required + optional).map { key in
            // A key the table lacks stays as a field the document cannot describe (`ProtocolDeclarationTests` refuses it).
            var field = fields.first { $0.key == key } ?? WireFieldInfo(key: key, isRequired: true, documentedType: "undeclared", meaning: "",
                                                                       nested: [], documentsNested: false)
            field.isRequired = !optional.contains(key)
            return field
        })
    }
}

extension LogTouch: WireWritten {
    /// The fields of a touch in a log entry.
    package static let writtenFields: [WrittenField<LogTouch>] = [
        .field("id", \.id, "The touch's number."),
        .field("phase", \.phase, "As the callee saw it: `began`, `moved`, `stationary`, `ended`, `cancelled`."),
        .field("tapCount", \.tapCount, "`UITouch.tapCount`."),
        .field("location", \.location, "Window points, `[x, y]`."),
    ]
}

extension LogValues: WireWritten {
    /// The fields of a transition's `values`.
    package static let writtenFields: [WrittenField<LogValues>] = [
        .field("location", \.location, "The centroid, `[x, y]` in window points."),
        .field("numberOfTouches", \.numberOfTouches, "Touches tracked."),
        .field("translation", \.translation, "Pans."),
        .field("velocity", \.velocity, "Pans (points per second); pinches and rotations: `[v, 0]`."),
        .field("scale", \.scale, "Pinches."),
        .field("rotation", \.rotation, "Rotations, radians."),
        .field("direction", \.direction, "Swipes."),
    ]
}

extension LogMargin: WireWritten {
    /// The fields of a decision margin.
    package static let writtenFields: [WrittenField<LogMargin>] = [
        .field("rule", \.rule, "The docs/uikit-rules.md id of the UIKit rule."),
        .field("threshold", \.threshold, "The recognizer property holding the threshold."),
        .field("measured", \.measured, "What the input measured."),
        .field("limitValue", \.limitValue, "The threshold's value."),
        .field("limit", \.limit, "`atMost`, `atLeast` or `exactly`."),
        .field("side", \.side, "`inside` (the condition held) or `outside` (it was crossed)."),
        .field("unit", \.unit, "`pt`, `ms` or `count`."),
    ]
}
