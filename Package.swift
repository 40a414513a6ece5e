// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        // `_Testing_CoreGraphics` rides along so that a user's tests with plain `import QuartzCore`
        // and `import Testing` find Swift Testing's cross-import overlay (see that target).
        .library(name: "CoreGraphics", targets: ["CoreGraphics", "_Testing_CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore", "_Testing_CoreGraphics"]),
        .library(name: "StrataApp", targets: ["StrataApp"]),
        // UIKit's views, animation API and transitions over the layers (issue #22).
        .library(name: "UIKit", targets: ["UIKit", "_Testing_UIKit", "_Testing_CoreGraphics"]),
        .executable(name: "strata", targets: ["strata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // `swift package generate-documentation` (scripts/docs); a plugin only, nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // C libraries through pkg-config; the apt providers tell SwiftPM what to suggest.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11 xext", providers: [.apt(["libx11-dev", "libxext-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),

        // Pixels only: no layers, no animation, no X11, no Foundation.
        .target(name: "Raster", dependencies: ["CRasterKernels"]),
        // Raster's hottest kernels compiled per instruction set, chosen at run time (its header says why).
        .target(name: "CRasterKernels"),
        // Heap allocations counted for `strata bench --count-allocations` (the executable only).
        .target(name: "CAllocationCounter"),
        .target(name: "CoreGraphics", dependencies: ["Raster", "CLibPNG", "CJPEG", "CFreeType", "CFontconfig"]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "Raster"]),
        // Swift Testing's cross-import overlay for a module named CoreGraphics (empty; see its file).
        .target(name: "_Testing_CoreGraphics"),
        // The same for a module named UIKit.
        .target(name: "_Testing_UIKit"),
        .target(name: "X11Host", dependencies: ["CX11", "Raster"]),
        .target(name: "StrataApp", dependencies: [
            "QuartzCore", "X11Host", "Raster", .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "UIKit", dependencies: ["QuartzCore", "StrataApp"]),
        .target(name: "StrataDemos", dependencies: ["QuartzCore", "Raster"], resources: [.copy("Resources")]),
        // Demos written against UIKit as an iOS app is (`strata views`); StrataDemos stays QuartzCore-only.
        .target(name: "UIKitDemos", dependencies: ["UIKit", "StrataDemos"]),
        .executableTarget(name: "strata", dependencies: [
            "QuartzCore", "StrataApp", "StrataDemos", "UIKitDemos", "CAllocationCounter",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "StrataDemos", "Raster"],
                    resources: [.copy("Goldens")]),
        // Imports the library exactly as a user's package does: `import QuartzCore`, no @testable.
        .testTarget(name: "ClientStyleTests", dependencies: ["QuartzCore", "_Testing_CoreGraphics"]),
        .target(name: "XvfbSupport", path: "Tests/XvfbSupport"),
        .testTarget(name: "X11HostTests", dependencies: ["X11Host", "Raster", "XvfbSupport"]),
        .testTarget(name: "StrataAppTests", dependencies: ["StrataApp", "QuartzCore", "Raster"]),
        // iOS developers' style: plain `import UIKit`, no @testable.
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "UIKitDemos", "StrataDemos", "_Testing_UIKit", "_Testing_CoreGraphics"]),
        // An app written from Apple's documentation, run in a window by IntegrationTests.
        .executableTarget(name: "strata-app-probe", dependencies: ["QuartzCore", "StrataApp"], path: "Tests/AppProbe"),
        .testTarget(name: "IntegrationTests", dependencies: ["QuartzCore", "StrataDemos", "XvfbSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
