// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RingsApp",
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        .executableTarget(name: "RingsApp", dependencies: [.product(name: "UIKit", package: "Strata")]),
    ],
    swiftLanguageModes: [.v6]
)
