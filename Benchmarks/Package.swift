// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// A path dependency's identity is its directory's name, whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// Kept out of the main build: counts heap allocations per input frame with ordo-one's
// malloc-interposer, which must be LD_PRELOADed (scripts/bench.sh does it).
let package = Package(
    name: "TouchBridgeBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
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
