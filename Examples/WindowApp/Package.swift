// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WindowApp",
    dependencies: [
        // A path dependency's identity is its folder's name (`main`, `strata`, whatever the clone
        // is called); naming it makes `package: "Strata"` below work from any folder.
        .package(name: "Strata", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "WindowApp", dependencies: [
            .product(name: "QuartzCore", package: "Strata"), .product(name: "StrataApp", package: "Strata"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
