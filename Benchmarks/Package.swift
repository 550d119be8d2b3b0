// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// A path dependency's identity is its directory's name, whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// Kept out of the main build (scripts/bench.sh builds and runs it): heap allocations per input
// frame, counted with ordo-one's malloc-interposer, which must be LD_PRELOADed; and the workloads
// whose instructions callgrind counts.
let package = Package(
    name: "TouchBridgeBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // Replays one workload for callgrind's instruction counts, with a synchronous main (the
        // `touchbridge` binary's async main needs scripts/profile-server.sh's sigsuspend shim under
        // valgrind 3.19).
        .executableTarget(
            name: "touchbridge-trace",
            dependencies: [
                .product(name: "TouchKit", package: root),
                .product(name: "TouchKitBenchSupport", package: root),
                .product(name: "TouchBridgeBenchSupport", package: root),
            ]
        ),
        .executableTarget(
            name: "touchkit-allocations",
            dependencies: [
                .product(name: "TouchKit", package: root),
                .product(name: "TouchKitBenchSupport", package: root),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
