/// The hand-written encoders of the frequent server messages (`render`, `events`).
///
/// Each writes exactly the bytes the message's `Encodable` conformance writes through
/// `WireJSON.makeEncoder()`: keys in sorted byte order, `nil` optionals left out, the `null`s of
/// `Nullable` and of `RenderOp`'s required `parent`/`displayList` written. Keep the two in step
/// when a field is added (`JSONWriterTests` compares them), and with the message's declaration
/// (`RenderEventsDeclaration.swift`; `ServerDeclarationTests` compares them).
extension JSONWriter {
    mutating func write(_ message: EventsMessage) {
        events(seq: message.seq, t: message.t, pointers: message.pointers, lints: message.lints) { writer in
            // Borrowed through the buffer: `enumerated()` copied every entry, retaining and releasing each of
            // its many strings and arrays (and through the unspecialized value witnesses) — a tenth of a pan
            // message's handling.
            message.log.withUnsafeBufferPointer { entries in
                for index in entries.indices {
                    if index > 0 { writer.byte(UInt8(ascii: ",")) }
                    writer.write(entries[index])
                }
            }
        }
    }

    /// An `events` message whose `log` array holds what `writeLog` writes (its entries, comma-separated):
    /// `EventsMessage`'s fields but the log, so a server writes its engine's log straight into the message
    /// without making `LogEntry` values first.
    package mutating func events(
        seq: Int?, t: Double, pointers: [LivePointer]?, lints: [WireLint]?, log writeLog: (inout JSONWriter) -> Void
    ) {
        byte(UInt8(ascii: "{"))
        if let lints {
            raw("\"lints\":")
            write(lints)
            byte(UInt8(ascii: ","))
        }
        raw("\"log\":[")
        writeLog(&self)
        raw("]")
        if let pointers {
            raw(",\"pointers\":[")
            for (index, pointer) in pointers.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                raw("{\"id\":")
                integer(pointer.id)
                raw(",\"x\":")
                number(pointer.x)
                raw(",\"y\":")
                number(pointer.y)
                byte(UInt8(ascii: "}"))
            }
            raw("]")
        }
        if let seq {
            raw(",\"seq\":")
            integer(seq)
        }
        raw(",\"t\":")
        number(t)
        raw(",\"type\":\"events\"}")
    }

    mutating func write(_ entry: LogEntry) {
        var first = true
        byte(UInt8(ascii: "{"))
        if let allTouches = entry.allTouches { key("allTouches", first: &first); write(allTouches) }
        if let control = entry.control { key("control", first: &first); string(control) }
        key("diagnostic", first: &first); bool(entry.diagnostic)
        if let event = entry.event { key("event", first: &first); string(event) }
        if let forwardedFrom = entry.forwardedFrom { key("forwardedFrom", first: &first); string(forwardedFrom) }
        if let from = entry.from { key("from", first: &first); string(from) }
        key("kind", first: &first); string(entry.kind)
        if let margins = entry.margins { key("margins", first: &first); write(margins) }
        if let message = entry.message { key("message", first: &first); string(message) }
        if let method = entry.method { key("method", first: &first); string(method) }
        if let note = entry.note { key("note", first: &first); string(note) }
        if let path = entry.path { key("path", first: &first); strings(path) }
        if let reason = entry.reason { key("reason", first: &first); string(reason) }
        if let recognizer = entry.recognizer { key("recognizer", first: &first); string(recognizer) }
        if let responder = entry.responder { key("responder", first: &first); string(responder) }
        if let state = entry.state { key("state", first: &first); string(state) }
        if let subtype = entry.subtype { key("subtype", first: &first); string(subtype) }
        key("text", first: &first); string(entry.text)
        if let to = entry.to { key("to", first: &first); string(to) }
        if let touch = entry.touch { key("touch", first: &first); integer(touch) }
        if let touches = entry.touches { key("touches", first: &first); write(touches) }
        if let values = entry.values { key("values", first: &first); write(values) }
        if let view = entry.view { key("view", first: &first); string(view) }
        byte(UInt8(ascii: "}"))
    }

    mutating func write(_ touches: [LogTouch]) {
        byte(UInt8(ascii: "["))
        for (index, touch) in touches.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            write(touch)
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func write(_ touch: LogTouch) {
        raw("{\"id\":")
        integer(touch.id)
        raw(",\"location\":")
        numbers(touch.location)
        raw(",\"phase\":")
        string(touch.phase)
        raw(",\"tapCount\":")
        integer(touch.tapCount)
        byte(UInt8(ascii: "}"))
    }

    /// `[margin, …]` as `Encodable` writes `LogEntry.margins`.
    package mutating func write(_ margins: [LogMargin]) {
        byte(UInt8(ascii: "["))
        for (index, margin) in margins.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            raw("{\"limit\":")
            string(margin.limit)
            raw(",\"limitValue\":")
            number(margin.limitValue)
            raw(",\"measured\":")
            number(margin.measured)
            raw(",\"rule\":")
            string(margin.rule)
            raw(",\"side\":")
            string(margin.side)
            raw(",\"threshold\":")
            string(margin.threshold)
            raw(",\"unit\":")
            string(margin.unit)
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func write(_ values: LogValues) {
        var first = true
        byte(UInt8(ascii: "{"))
        if let direction = values.direction { key("direction", first: &first); string(direction) }
        key("location", first: &first); numbers(values.location)
        key("numberOfTouches", first: &first); integer(values.numberOfTouches)
        if let rotation = values.rotation { key("rotation", first: &first); number(rotation) }
        if let scale = values.scale { key("scale", first: &first); number(scale) }
        if let translation = values.translation { key("translation", first: &first); numbers(translation) }
        if let velocity = values.velocity { key("velocity", first: &first); numbers(velocity) }
        byte(UInt8(ascii: "}"))
    }

    // MARK: render

    mutating func write(_ message: RenderMessage) {
        raw("{\"full\":")
        bool(message.full)
        if let lints = message.lints {
            raw(",\"lints\":")
            write(lints)
        }
        raw(",\"ops\":[")
        // Borrowed through the buffer, as the events' entries are: `enumerated()` copied every op.
        message.ops.withUnsafeBufferPointer { ops in
            for index in ops.indices {
                if index > 0 { byte(UInt8(ascii: ",")) }
                write(ops[index])
            }
        }
        raw("]")
        if let recognizers = message.recognizers {
            raw(",\"recognizers\":[")
            for (index, recognizer) in recognizers.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                raw("{\"kind\":")
                string(recognizer.kind)
                raw(",\"name\":")
                string(recognizer.name)
                raw(",\"state\":")
                string(recognizer.state)
                raw(",\"view\":")
                string(recognizer.view)
                byte(UInt8(ascii: "}"))
            }
            raw("]")
        }
        if let scene = message.scene {
            raw(",\"scene\":")
            string(scene)
        }
        if let t = message.t {
            raw(",\"t\":")
            number(t)
        }
        raw(",\"type\":\"render\"}")
    }

    mutating func write(_ op: RenderOp) {
        switch op {
        case .create(let id, let parent, let index, let kind, let name, let props):
            raw("{\"id\":"); integer(id)
            raw(",\"index\":"); integer(index)
            raw(",\"kind\":"); string(kind)
            raw(",\"name\":"); string(name)
            raw(",\"op\":\"create\",\"parent\":"); optionalInteger(parent)
            raw(",\"props\":"); write(props)
            byte(UInt8(ascii: "}"))
        case .remove(let id):
            raw("{\"id\":"); integer(id)
            raw(",\"op\":\"remove\"}")
        case .move(let id, let parent, let index):
            raw("{\"id\":"); integer(id)
            raw(",\"index\":"); integer(index)
            raw(",\"op\":\"move\",\"parent\":"); optionalInteger(parent)
            byte(UInt8(ascii: "}"))
        case .set(let id, let props):
            raw("{\"id\":"); integer(id)
            raw(",\"op\":\"set\",\"props\":"); write(props)
            byte(UInt8(ascii: "}"))
        case .display(let id, let list):
            raw("{\"displayList\":")
            if let list { write(list) } else { null() }
            raw(",\"id\":"); integer(id)
            raw(",\"op\":\"display\"}")
        }
    }

    private mutating func optionalInteger(_ value: Int?) {
        if let value { integer(value) } else { null() }
    }

    mutating func write(_ animation: WireAnimation) {
        byte(UInt8(ascii: "{"))
        if let absolute = animation.absolute { raw("\"absolute\":"); bool(absolute); byte(UInt8(ascii: ",")) }
        raw("\"autoreverses\":"); bool(animation.autoreverses)
        raw(",\"begin\":"); number(animation.begin)
        if let points = animation.controlPoints { raw(",\"controlPoints\":"); numbers(points) }
        raw(",\"curve\":"); string(animation.curve)
        if let damping = animation.damping { raw(",\"damping\":"); number(damping) }
        if let discrete = animation.discrete { raw(",\"discrete\":"); bool(discrete) }
        raw(",\"duration\":"); number(animation.duration)
        if let end = animation.endValue { raw(",\"endValue\":"); number(end) }
        raw(",\"from\":"); numbers(animation.from)
        raw(",\"id\":"); integer(animation.id)
        if let joined = animation.joinedAt { raw(",\"joinedAt\":"); number(joined) }
        if let times = animation.keyTimes { raw(",\"keyTimes\":"); numbers(times) }
        if let frames = animation.keyframes { raw(",\"keyframes\":"); lists(frames) }
        if let passes = animation.passes { raw(",\"passes\":"); number(passes) }
        raw(",\"property\":"); string(animation.property)
        raw(",\"repeats\":"); bool(animation.repeats)
        if let curves = animation.segmentCurves { raw(",\"segmentCurves\":"); lists(curves) }
        if let start = animation.startValue { raw(",\"startValue\":"); number(start) }
        if let sublayer = animation.sublayer { raw(",\"sublayer\":"); write(sublayer) }
        raw(",\"to\":"); numbers(animation.to)
        if let velocity = animation.velocity { raw(",\"velocity\":"); number(velocity) }
        byte(UInt8(ascii: "}"))
    }

    mutating func write(_ props: RenderProps) {
        var first = true
        byte(UInt8(ascii: "{"))
        if let alpha = props.alpha { key("alpha", first: &first); number(alpha) }
        if let anchor = props.anchorPoint { key("anchorPoint", first: &first); numbers(anchor) }
        if let animations = props.animations {
            key("animations", first: &first)
            byte(UInt8(ascii: "["))
            for (index, animation) in animations.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                write(animation)
            }
            byte(UInt8(ascii: "]"))
        }
        if let color = props.backgroundColor { key("backgroundColor", first: &first); nullable(color) { $0.string($1) } }
        if let color = props.borderColor { key("borderColor", first: &first); nullable(color) { $0.string($1) } }
        if let width = props.borderWidth { key("borderWidth", first: &first); number(width) }
        if let bounds = props.bounds { key("bounds", first: &first); numbers(bounds) }
        if let center = props.center { key("center", first: &first); numbers(center) }
        if let clips = props.clipsToBounds { key("clipsToBounds", first: &first); bool(clips) }
        if let mode = props.contentMode { key("contentMode", first: &first); nullable(mode) { $0.string($1) } }
        if let size = props.contentSize { key("contentSize", first: &first); nullable(size) { $0.numbers($1) } }
        if let control = props.control { key("control", first: &first); nullable(control) { $0.write($1) } }
        if let radius = props.cornerRadius { key("cornerRadius", first: &first); number(radius) }
        if let bold = props.fontBold { key("fontBold", first: &first); nullable(bold) { $0.bool($1) } }
        if let size = props.fontSize { key("fontSize", first: &first); nullable(size) { $0.number($1) } }
        if let hidden = props.hidden { key("hidden", first: &first); bool(hidden) }
        if let image = props.image { key("image", first: &first); nullable(image) { $0.string($1) } }
        if let shadow = props.shadow { key("shadow", first: &first); nullable(shadow) { $0.write($1) } }
        if let text = props.text { key("text", first: &first); nullable(text) { $0.string($1) } }
        if let alignment = props.textAlignment { key("textAlignment", first: &first); nullable(alignment) { $0.string($1) } }
        if let color = props.textColor { key("textColor", first: &first); nullable(color) { $0.string($1) } }
        if let transform = props.transform { key("transform", first: &first); numbers(transform) }
        if let enabled = props.userInteractionEnabled { key("userInteractionEnabled", first: &first); bool(enabled) }
        byte(UInt8(ascii: "}"))
    }

    private mutating func nullable<T>(_ value: Nullable<T>, _ write: (inout JSONWriter, T) -> Void) {
        switch value {
        case .null: null()
        case .value(let wrapped): write(&self, wrapped)
        }
    }

    mutating func write(_ shadow: ShadowProps) {
        raw("{\"color\":"); string(shadow.color)
        raw(",\"offset\":"); numbers(shadow.offset)
        raw(",\"opacity\":"); number(shadow.opacity)
        raw(",\"radius\":"); number(shadow.radius)
        byte(UInt8(ascii: "}"))
    }

    mutating func write(_ control: ControlProps) {
        var first = true
        byte(UInt8(ascii: "{"))
        key("enabled", first: &first); bool(control.enabled)
        key("highlighted", first: &first); bool(control.highlighted)
        if let segment = control.highlightedSegment { key("highlightedSegment", first: &first); integer(segment) }
        if let maximum = control.maximumValue { key("maximumValue", first: &first); number(maximum) }
        if let minimum = control.minimumValue { key("minimumValue", first: &first); number(minimum) }
        if let on = control.on { key("on", first: &first); bool(on) }
        if let segments = control.segments { key("segments", first: &first); strings(segments) }
        key("selected", first: &first); bool(control.selected)
        if let segment = control.selectedSegment { key("selectedSegment", first: &first); integer(segment) }
        if let stepper = control.stepper {
            key("stepper", first: &first)
            var inner = true
            byte(UInt8(ascii: "{"))
            key("canDecrement", first: &inner); bool(stepper.canDecrement)
            key("canIncrement", first: &inner); bool(stepper.canIncrement)
            if let pressed = stepper.pressed { key("pressed", first: &inner); string(pressed) }
            byte(UInt8(ascii: "}"))
        }
        if let tint = control.tint { key("tint", first: &first); string(tint) }
        if let title = control.title { key("title", first: &first); string(title) }
        if let value = control.value { key("value", first: &first); number(value) }
        byte(UInt8(ascii: "}"))
    }

    private mutating func lists(_ lists: [[Double]]) {
        byte(UInt8(ascii: "["))
        for (index, list) in lists.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            numbers(list)
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func write(_ sublayer: WireSublayer) {
        raw("{\"commands\":"); numbers(sublayer.commands.map(Double.init))
        raw(",\"opacity\":"); number(sublayer.opacity)
        raw(",\"parent\":"); numbers(sublayer.parent)
        raw(",\"position\":"); numbers(sublayer.position)
        if let stroke = sublayer.stroke { raw(",\"stroke\":"); numbers(stroke) }
        if let index = sublayer.strokeCommand { raw(",\"strokeCommand\":"); integer(index) }
        if let path = sublayer.strokePath { raw(",\"strokePath\":"); write(path) }
        raw(",\"transform\":"); numbers(sublayer.transform)
        byte(UInt8(ascii: "}"))
    }

    mutating func write(_ list: [DisplayCommand]) {
        byte(UInt8(ascii: "["))
        for (index, command) in list.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            write(command)
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func write(_ command: DisplayCommand) {
        switch command {
        case .stroke(let path, let color, let lineWidth, let lineCap, let lineJoin):
            raw("{\"cmd\":\"stroke\",\"color\":"); string(color)
            raw(",\"lineCap\":"); string(lineCap)
            if let lineJoin { raw(",\"lineJoin\":"); string(lineJoin) }
            raw(",\"lineWidth\":"); number(lineWidth)
            raw(",\"path\":"); write(path)
            byte(UInt8(ascii: "}"))
        case .fill(let path, let color, let rule):
            raw("{\"cmd\":\"fill\",\"color\":"); string(color)
            raw(",\"path\":"); write(path)
            if let rule { raw(",\"rule\":"); string(rule) }
            byte(UInt8(ascii: "}"))
        case .text(let text, let at, let fontSize, let color):
            raw("{\"at\":"); numbers(at)
            raw(",\"cmd\":\"text\",\"color\":"); string(color)
            raw(",\"fontSize\":"); number(fontSize)
            raw(",\"text\":"); string(text)
            byte(UInt8(ascii: "}"))
        }
    }

    mutating func write(_ path: [DisplayPathElement]) {
        byte(UInt8(ascii: "["))
        for (index, element) in path.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            switch element {
            case .move(let x, let y): raw("[\"move\","); coordinates(x, y)
            case .line(let x, let y): raw("[\"line\","); coordinates(x, y)
            case .rect(let x, let y, let width, let height): raw("[\"rect\","); coordinates(x, y, width, height)
            case .ellipse(let x, let y, let width, let height): raw("[\"ellipse\","); coordinates(x, y, width, height)
            case .close: raw("[\"close\"")
            }
            byte(UInt8(ascii: "]"))
        }
        byte(UInt8(ascii: "]"))
    }

    private mutating func coordinates(_ x: Double, _ y: Double) {
        number(x); byte(UInt8(ascii: ",")); number(y)
    }

    private mutating func coordinates(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        coordinates(x, y); byte(UInt8(ascii: ",")); coordinates(width, height)
    }
}

extension RenderMessage {
    /// The message's text, as `ServerMessage.render(self).text` gives it: a session writes each step's
    /// render with it, because wrapping the message in a `ServerMessage` first copied it and its ops.
    package var text: String {
        var writer = JSONWriter(capacity: 64 + 160 * ops.count)
        writer.write(self)
        return writer.text
    }
}
