import TouchBridgeProtocol
import TouchBridgeServer

/// The writer's biggest messages, written alone: a full render of many views, and a welcome. The
/// pipeline workloads write a step's small render and events; a cut of the writer's appends that made
/// a big message slower (growing its buffer: docs/performance.md, "The writer's short appends, third
/// pass") would not show there. Benchmarks/'s `touchbridge-trace render-views` and `welcome` write them
/// for callgrind.
public struct WrittenMessage {
    private let message: ServerMessage

    /// A full render of `views` views: the ops of `PipelinePan.manyViewsScene`'s full render as the
    /// hub writes them (frames, colors, names and all), repeated under new ids up to `views` ops.
    public static func fullRender(views: Int) -> WrittenMessage {
        let hub = PipelinePan.session(scene: PipelinePan.manyViewsScene)
        guard let text = hub.fullRender(for: 1), case .render(var render) = try? ServerMessage.decode(text) else {
            preconditionFailure("the 50-view scene did not render")
        }
        let scene = render.ops
        let stride = (scene.map(\.id).max() ?? 0) + 1
        render.ops = (0..<views).map { index in scene[index % scene.count].renumbered(by: index / scene.count * stride) }
        return WrittenMessage(message: .render(render))
    }

    /// The welcome a device gets on the manual clock (the scene catalog, thresholds and limits: ~5 KB),
    /// as the hub wrote it.
    public static func welcome() -> WrittenMessage {
        let hub = Hub(catalog: LibraryCatalog(), makeSessionID: { "bench" })
        _ = hub.handle(.opened(), on: 1)
        let hello = #"{"clock":"manual","protocol":1,"role":"device","scene":"image-translation","type":"hello","viewport":{"height":800,"scale":2,"width":400}}"#
        for (_, effect) in hub.handle(.text(hello, receivedAt: 0), on: 1) {
            if let text = effect.message, case .welcome(let welcome)? = try? ServerMessage.decode(text) {
                return WrittenMessage(message: .welcome(welcome))
            }
        }
        preconditionFailure("the hello got no welcome")
    }

    /// Writes the message `times` times as a session writes it; returns the bytes written.
    /// `touchbridge-trace` counts the instructions of this function alone.
    @inline(never)
    public func write(times: Int) -> Int {
        var bytes = 0
        for _ in 0..<times { bytes += message.text.utf8.count }
        return bytes
    }
}

extension RenderOp {
    /// The same op with its ids (the view's and its parent's) moved up by `offset`.
    fileprivate func renumbered(by offset: Int) -> RenderOp {
        switch self {
        case .create(let id, let parent, let index, let kind, let name, let props):
            .create(id: id + offset, parent: parent.map { $0 + offset }, index: index, kind: kind, name: name, props: props)
        case .remove(let id): .remove(id: id + offset)
        case .move(let id, let parent, let index): .move(id: id + offset, parent: parent.map { $0 + offset }, index: index)
        case .set(let id, let props): .set(id: id + offset, props: props)
        case .display(let id, let list): .display(id: id + offset, displayList: list)
        }
    }
}
