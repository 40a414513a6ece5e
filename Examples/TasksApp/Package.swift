// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TasksApp",
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        .executableTarget(name: "TasksApp", dependencies: [.product(name: "UIKit", package: "Strata")]),
    ],
    swiftLanguageModes: [.v6]
)
