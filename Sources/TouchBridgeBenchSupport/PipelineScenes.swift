import TouchBridgeProtocol
import TouchBridgeServer

/// The pipeline's other workloads, so a cut measured on the one-finger pan is checked where a step
/// renders more: two fingers pinching (`transform-image`), and a scene of 50 views, panned (one view
/// of many changes) and resized (every view changes). Benchmarks/'s `touchbridge-trace` replays them
/// through `PipelinePan.send`, so callgrind counts them as it counts the pan.
extension PipelinePan {
    /// The `index`th input of a two-finger pinch over `transform-image`'s photo: 72 frames (both down,
    /// 70 moves, both up) at 120 Hz, the fingers spreading 1 pt a frame each, then closing, over and over.
    public static func pinchMessage(_ index: Int) -> String {
        let cycle = index % 72
        let phase = cycle == 0 ? "down" : cycle == 71 ? "up" : "move"
        let spread = (index / 72) % 2 == 0 ? 40 + Double(cycle) : 111 - Double(cycle)
        let t = Double(index) * 8.333
        return #"{"pointers":[{"id":1,"phase":"\#(phase)","pointerType":"touch","t":\#(t),"x":\#(200 - spread),"y":400},"#
            + #"{"id":2,"phase":"\#(phase)","pointerType":"touch","t":\#(t),"x":\#(200 + spread),"y":400}],"seq":\#(index),"type":"input"}"#
    }

    /// A hub whose device session (connection 1) shows `scene` on the manual clock: `image-translation`
    /// for `message(_:)`, `transform-image` for `pinchMessage(_:)`, `manyViewsScene` for the 50 views.
    public static func session(scene: String) -> Hub {
        let hub = Hub(catalog: LibraryCatalog(), makeSessionID: { "bench" })
        _ = hub.handle(.opened(), on: 1)
        _ = hub.handle(.text(#"{"clock":"manual","protocol":1,"role":"device","scene":\#(scene),"type":"hello","viewport":{"height":800,"scale":2,"width":400}}"#, receivedAt: 0), on: 1)
        return hub
    }

    /// An inline scene of 50 views: 49 tiles placed in percentages of the window, so a resize moves
    /// and sizes every one, and in the middle (where `message(_:)` drags) a photo the pan translates.
    public static let manyViewsScene: String = {
        let tiles = (0..<49).map { index in
            ##"{"id":"tile\##(index)","frame":["\##(index % 7 * 14)%","\##(index / 7 * 14)%","12%","6%"],"color":"#88aacc"}"##
        }
        let photo = #"{"id":"photo","kind":"image","image":"photo","frame":{"centerX":"50%","centerY":"50%","width":120,"height":120},"userInteraction":true}"#
        return #"{"name":"many-views","views":[\#((tiles + [photo]).joined(separator: ","))],"recognizers":[{"id":"pan","kind":"pan","view":"photo","behaviour":"translate"}]}"#
    }()

    /// The `index`th `resize` of the 50-view scene: the window alternates between 400×800 and 420×780.
    public static func resizeMessage(_ index: Int) -> String {
        index % 2 == 0 ? #"{"height":780,"scale":2,"type":"resize","width":420}"# : #"{"height":800,"scale":2,"type":"resize","width":400}"#
    }
}
