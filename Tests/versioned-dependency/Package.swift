// swift-tools-version: 6.1
import PackageDescription

// A package that depends on TouchBridge the way most users' packages will: by git URL, from a
// version. SwiftPM refuses unsafe compiler flags in such a dependency, so this is what proves that
// TouchBridge stays usable `from:` a version. scripts/test.sh makes a tagged git repository of the
// checkout and sets TOUCHBRIDGE_GIT_URL and TOUCHBRIDGE_VERSION (docs/your-own-code.md).
let url = Context.environment["TOUCHBRIDGE_GIT_URL"] ?? "https://github.com/touchbridge/touchbridge.git"
let version = Version(Context.environment["TOUCHBRIDGE_VERSION"] ?? "0.23.0") ?? "0.23.0"

let package = Package(
    name: "VersionedConsumer",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: url, from: version)],
    targets: [
        .executableTarget(name: "VersionedConsumer", dependencies: [.product(name: "TouchKit", package: "touchbridge")]),
    ],
    swiftLanguageModes: [.v6]
)
