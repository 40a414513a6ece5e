import Foundation

/// The screen: its bounds in points and its scale.
///
/// Strata's windows are X11 windows of one point per pixel, so `scale` and `nativeScale` are 1
/// and `bounds` is the size new windows get: 1024 × 768, or `STRATA_SCREEN_SIZE=WxH`.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The main screen.
    public static let main = UIScreen()

    /// The screen's rectangle in points.
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat = 1
    /// Physical pixels per point.
    public let nativeScale: CGFloat = 1
    /// The screen's rectangle in pixels.
    public var nativeBounds: CGRect { bounds }

    private override init() {
        var size = CGSize(width: 1024, height: 768)
        if let spec = ProcessInfo.processInfo.environment["STRATA_SCREEN_SIZE"] {
            let parts = spec.split(separator: "x").compactMap { Double($0) }
            if parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= 16_384 }) {
                size = CGSize(width: parts[0], height: parts[1])
            }
        }
        bounds = CGRect(origin: .zero, size: size)
        super.init()
    }
}
