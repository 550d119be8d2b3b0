import ScribbleScene
import TouchBridge

// `swift run scribble-server` (add any `touchbridge serve` flag: --port 9000, --record DIR; `serve --help` lists them; `lint` lints the scenes).
var server = SceneServer()
server.register("scribble", title: "Scribble", description: "Swipe right to count, scribble to erase.") {
    ScribbleViewController()
}
await server.main()
