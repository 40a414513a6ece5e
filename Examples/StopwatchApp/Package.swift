// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StopwatchApp",
    dependencies: [
        // A path dependency's identity is its folder's name (`main`, `strata`, whatever the clone
        // is called); naming it makes `package: "Strata"` below work from any folder.
        .package(name: "Strata", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "StopwatchApp", dependencies: [.product(name: "UIKit", package: "Strata")]),
    ],
    swiftLanguageModes: [.v6]
)
