// swift-tools-version: 6.1
import PackageDescription

// An example of your own code on TouchBridge (docs/your-own-code.md): a custom recognizer and the
// view controller using it, a server that serves it, and its tests.
let package = Package(
    name: "TouchBridgeExamples",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Your package would name a clone of TouchBridge the same way (or by its git URL).
        .package(name: "TouchBridge", path: ".."),
    ],
    targets: [
        // UIKit-shaped code: imports TouchKit only, as iOS code imports UIKit.
        .target(name: "ScribbleScene", dependencies: [.product(name: "TouchKit", package: "TouchBridge")]),
        // `swift run scribble-server` serves it with every `touchbridge serve` flag.
        .executableTarget(
            name: "scribble-server",
            dependencies: ["ScribbleScene", .product(name: "TouchBridge", package: "TouchBridge")]
        ),
        .testTarget(
            name: "ScribbleSceneTests",
            dependencies: ["ScribbleScene",
                           .product(name: "TouchBridge", package: "TouchBridge"),
                           .product(name: "TouchBridgeClient", package: "TouchBridge")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
