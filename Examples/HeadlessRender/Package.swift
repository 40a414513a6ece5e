// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HeadlessRender",
    dependencies: [
        // A path dependency's identity is its folder's name (`main`, `strata`, whatever the clone
        // is called); naming it makes `package: "Strata"` below work from any folder.
        .package(name: "Strata", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "HeadlessRender", dependencies: [
            .product(name: "QuartzCore", package: "Strata"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
