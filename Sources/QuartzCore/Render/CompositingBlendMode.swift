import Foundation
import Raster

/// The Raster blend mode a `CALayer.compositingFilter` names: Core Image's blend-mode and
/// compositing filter names, as lottie-ios and other layer code set them ("multiplyBlendMode",
/// "screenBlendMode", …; a leading "CI" and the case of the first letter do not matter).
///
/// Linux has no Core Image: only names are understood, not `CIFilter` objects. A name that is
/// not a blend (a blur, an unknown string) or any other value composites normally, with a message.
package typealias CompositingBlendMode = BlendMode

extension BlendMode {
    /// Core Image filter names (without "CI", first letter lower-cased) → blend modes.
    static let coreImageNames: [String: BlendMode] = [
        "multiplyBlendMode": .multiply, "screenBlendMode": .screen, "overlayBlendMode": .overlay,
        "darkenBlendMode": .darken, "lightenBlendMode": .lighten, "colorDodgeBlendMode": .colorDodge,
        "colorBurnBlendMode": .colorBurn, "softLightBlendMode": .softLight, "hardLightBlendMode": .hardLight,
        "differenceBlendMode": .difference, "exclusionBlendMode": .exclusion, "hueBlendMode": .hue,
        "saturationBlendMode": .saturation, "colorBlendMode": .color, "luminosityBlendMode": .luminosity,
        "linearDodgeBlendMode": .plusLighter, "additionCompositing": .plusLighter, "linearBurnBlendMode": .plusDarker,
        "multiplyCompositing": .multiply, "maximumCompositing": .lighten, "minimumCompositing": .darken,
        "sourceOverCompositing": .normal, "sourceAtopCompositing": .sourceAtop, "sourceInCompositing": .sourceIn,
        "sourceOutCompositing": .sourceOut,
    ]

    /// The mode `filter` names; nil (composite normally) for nil, and, with a message, for
    /// anything that is not a known name (reported when it is set).
    package init?(filter: Any?) {
        guard let filter else { return nil }
        guard let name = (filter as? String) ?? (filter as? NSString).map(String.init) else {
            StrataDiagnostics.report(
                "CALayer.compositingFilter: \(type(of: filter)) is not a filter name (Linux has no Core Image); the layer composites normally")
            return nil
        }
        var key = name.hasPrefix("CI") ? String(name.dropFirst(2)) : name
        if let first = key.first { key = first.lowercased() + key.dropFirst() }
        guard let mode = Self.coreImageNames[key] else {
            StrataDiagnostics.report(
                "CALayer.compositingFilter \"\(name)\" is not a blend mode Strata knows; the layer composites normally")
            return nil
        }
        self = mode
    }
}
