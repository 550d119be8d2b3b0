import ScribbleScene
import TouchBridge

// `swift run scribble-server` (add any `touchbridge serve` flag: --port 9000, --record DIR, --help).
var server = SceneServer()
server.register("scribble", title: "Scribble", description: "Swipe right to count, scribble to erase.") {
    ScribbleViewController()
}
await server.main()
