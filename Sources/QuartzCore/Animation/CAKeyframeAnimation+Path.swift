/// Keyframes from a `CGPath` (pending: CGPath has not landed in CoreGraphics yet).
extension CAKeyframeAnimation {
    func pathKeyframePoints() -> [Any]? { nil }
    func pathValue(atFraction u: Double, current: Any?) -> Any? { nil }
    func pathTangentAngle(atFraction u: Double) -> Double? { nil }
    func copyPath(to other: CAKeyframeAnimation) {}
}
