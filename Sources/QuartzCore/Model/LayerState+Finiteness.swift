import Foundation

extension LayerState {
    /// Whether the property named by the first component of `keyPath` holds only finite numbers
    /// (true for properties without numbers). Animated values are checked with it before they
    /// leave evaluation, as the setters check model values.
    package func isFinite(atKeyPath keyPath: String) -> Bool {
        let key = keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
        func rect(_ r: CGRect) -> Bool {
            r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        }
        switch key {
        case "bounds": return rect(bounds)
        case "position": return position.x.isFinite && position.y.isFinite
        case "zPosition": return zPosition.isFinite
        case "anchorPoint": return anchorPoint.x.isFinite && anchorPoint.y.isFinite
        case "anchorPointZ": return anchorPointZ.isFinite
        case "transform": return transform.isFinite
        case "sublayerTransform": return sublayerTransform.isFinite
        case "opacity": return opacity.isFinite
        case "cornerRadius": return cornerRadius.isFinite
        case "borderWidth": return borderWidth.isFinite
        case "contentsRect": return rect(contentsRect)
        case "contentsScale": return contentsScale.isFinite
        case "contentsCenter": return rect(contentsCenter)
        case "shadowOpacity": return shadowOpacity.isFinite
        case "shadowOffset": return shadowOffset.width.isFinite && shadowOffset.height.isFinite
        case "shadowRadius": return shadowRadius.isFinite
        case "shadowPath":
            return shadowPath.map { $0.elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } } } ?? true
        case "beginTime": return beginTime.isFinite
        case "timeOffset": return timeOffset.isFinite
        case "speed": return speed.isFinite
        default: return true
        }
    }
}
