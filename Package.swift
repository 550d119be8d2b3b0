// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TouchBridge",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TouchKit", targets: ["TouchKit"]),
        .library(name: "TouchKitBenchSupport", targets: ["TouchKitBenchSupport"]),
        .library(name: "TouchBridgeBenchSupport", targets: ["TouchBridgeBenchSupport"]),
        .library(name: "TouchBridgeClient", targets: ["TouchBridgeClient"]),
        // Serve your own view controllers: `SceneServer` (docs/your-own-code.md).
        .library(name: "TouchBridge", targets: ["TouchBridge"]),
        .executable(name: "touchbridge", targets: ["TouchBridgeCommandLine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Settings layered from defaults, the JSON file, TOUCHBRIDGE_* variables and flags (ServerSettings).
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "CommandLineArguments"]),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // /metrics: swift-prometheus's registry (the swift-metrics backend), with help text per metric.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // The UIKit-faithful engine: pure, deterministic, Foundation only. No unsafe flags, so a
        // package can depend on TouchBridge by version; the stored properties a frame touches most
        // opt out of run-time exclusivity checks one by one (`@exclusivity(unchecked)`,
        // docs/performance.md, "Exclusivity checks").
        .target(name: "TouchKit"),
        // The `touchbridge` program. Its module is not named "touchbridge": that would collide with
        // the TouchBridge library's module on case-insensitive file systems.
        .executableTarget(
            name: "TouchBridgeCommandLine",
            dependencies: [
                "TouchBridge",
                "TouchKit",
                "TouchBridgeScenes",
                "TouchBridgeHost",
                "TouchKitBenchSupport",
                "TouchBridgeBenchSupport",
                "TouchBridgeClient",
                "TouchBridgeArtefact",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/touchbridge"
        ),
        // Benchmark scenes and traces (touchbridge bench, Benchmarks/).
        .target(name: "TouchKitBenchSupport", dependencies: ["TouchKit"]),
        .target(name: "TouchBridgeBenchSupport", dependencies: ["TouchBridgeServer", "TouchBridgeProtocol"]),
        .target(name: "TouchKitTestSupport", dependencies: ["TouchKit"], path: "Tests/TouchKitTestSupport"),
        // The seeded generator every randomized test draws from, so a printed seed replays anywhere.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "TouchKitTests", dependencies: ["TouchKit", "TouchKitTestSupport", "TouchKitBenchSupport"]),
        .testTarget(name: "TouchKitPropertyTests", dependencies: ["TouchKit", "SeededRandom"]),
        // The scenes users open on their phones, written as UIKit view controllers.
        .target(name: "TouchBridgeScenes", dependencies: ["TouchKit"]),
        .testTarget(name: "TouchBridgeScenesTests", dependencies: ["TouchBridgeScenes", "TouchKit", "TouchKitTestSupport", "TouchKitBenchSupport"]),
        // Wire messages v1 (Codable), validation and limits: Foundation only, no engine types.
        .target(name: "TouchBridgeProtocol"),
        .target(name: "TouchBridgeArtefact", dependencies: ["TouchBridgeProtocol"]),
        // Sessions as pure state machines: decode → engine → encode, clocks, render diffs, observers.
        .target(name: "TouchBridgeServer", dependencies: ["TouchBridgeProtocol", "TouchBridgeScenes", "TouchKit"]),
        .testTarget(name: "TouchBridgeProtocolTests", dependencies: ["TouchBridgeProtocol", "SeededRandom"]),
        // Test support: `VirtualTransport` conveniences and the session fuzz script format (used by the fuzz harness too).
        .target(name: "TouchBridgeTesting", dependencies: ["TouchBridgeServer", "TouchBridgeProtocol"]),
        .testTarget(name: "TouchBridgeServerTests",
                    dependencies: ["TouchBridgeServer", "TouchBridgeProtocol", "TouchBridgeScenes", "TouchKit", "TouchBridgeTesting", "SeededRandom"]),
        // libwebsockets (Debian's libwebsockets-dev) + a small C shim; imported only by TouchBridgeTransport.
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .target(
            name: "TouchBridgeTransport",
            dependencies: ["CLibWebSockets", "TouchBridgeProtocol", .product(name: "Logging", package: "swift-log"),
                           .product(name: "Prometheus", package: "swift-prometheus")]
        ),
        .testTarget(name: "TouchBridgeTransportTests",
                    dependencies: ["TouchBridgeTransport", "TouchBridgeProtocol", .product(name: "Prometheus", package: "swift-prometheus")]),
        // The imperative shell: settings, and the bridge between the session hub and the transport.
        .target(
            name: "TouchBridgeHost",
            dependencies: ["TouchBridgeServer", "TouchBridgeTransport", "TouchBridgeScenes", "TouchBridgeProtocol", "TouchBridgeQR",
                           "SeededRandom", "TouchBridgeClient", .product(name: "Logging", package: "swift-log"),
                           .product(name: "Configuration", package: "swift-configuration"),
                           .product(name: "SystemPackage", package: "swift-system"),
                           .product(name: "Prometheus", package: "swift-prometheus")]
        ),
        .testTarget(name: "TouchBridgeHostTests", dependencies: ["TouchBridgeHost", "TouchBridgeServer"]),
        // The library a user's server is built on (and `touchbridge serve`): SceneServer, ServeCommand.
        .target(
            name: "TouchBridge",
            dependencies: ["TouchBridgeHost", "TouchBridgeServer", "TouchBridgeScenes", "TouchBridgeProtocol", "TouchKit",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "TouchBridgeTests", dependencies: ["TouchBridge", "TouchBridgeClient", "TouchBridgeProtocol", "TouchBridgeArtefact"]),
        // The documents' Swift examples, one file per block, generated from them (Tests/e2e/doc_examples.py --write;
        // test_doc_examples.py checks they are current): building compiles them, `swift test` runs their tests.
        .testTarget(name: "DocExampleTests", dependencies: ["TouchKit", "TouchBridge", "TouchBridgeClient"]),
        // A Swift client: gesture synthesis, a session with expectations, scripts (touchbridge drive).
        .target(
            name: "TouchBridgeClient",
            dependencies: ["TouchBridgeTransport", "TouchBridgeProtocol", "TouchBridgeArtefact", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "TouchBridgeClientTests",
            dependencies: ["TouchBridgeClient", "TouchBridgeHost", "TouchBridgeServer", "TouchBridgeProtocol", "TouchBridgeScenes",
                           "TouchKit", .product(name: "Logging", package: "swift-log")]
        ),
        // libqrencode (Debian's libqrencode-dev) for the "open on your phone" QR code.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "TouchBridgeQR", dependencies: ["CQRencode"]),
        .testTarget(name: "TouchBridgeQRTests", dependencies: ["TouchBridgeQR"]),
        // Test-only echo server used by Tests/e2e/test_transport.py.
        .executableTarget(name: "transport-echo", dependencies: ["TouchBridgeTransport", "TouchBridgeProtocol"]),
    ],
    swiftLanguageModes: [.v6]
)
