/// Turns the numbers a property animation interpolates into a transform.
///
/// With a value function, a `transform` animation interpolates plain numbers (so a rotation
/// from 0 to 2π turns a full circle) and the function builds the matrix at each frame.
public final class CAValueFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    private static let known: Set<CAValueFunctionName> = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
        .translate, .translateX, .translateY, .translateZ,
    ]

    /// Creates the value function called `name`, or nil when there is no such function (as on Apple).
    public init?(name: CAValueFunctionName) {
        guard Self.known.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// Value functions support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the name.
    public func encode(with coder: NSCoder) { coder.encode(NSString(string: name.rawValue), forKey: "name") }

    /// The value function named in the archive; nil when it names none.
    public convenience init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "name"), let name = coder.decodeObject(of: [NSString.self], forKey: "name") as? NSString else { return nil }
        self.init(name: CAValueFunctionName(rawValue: String(name)))
    }

    /// The transform for an interpolated value, or nil when the value has the wrong shape.
    ///
    /// Rotations and single-axis functions take one number; `scale` and `translate` take three
    /// (two are read as x and y with z = 0 for translate and 1 for scale; one number scales uniformly).
    package func transform(for value: Any?) -> CATransform3D? {
        guard let decoded = AnimatableValue(value) else { return nil }
        let c: [Double]
        switch decoded {
        case .number(let n): c = [n]
        case .numbers(let a): c = a
        default: return nil
        }
        guard !c.isEmpty, c.allSatisfy(\.isFinite) else { return nil }
        let v = c.map { CGFloat($0) }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v[0], 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v[0], 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v[0], 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(v[0], 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v[0], 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v[0])
        case .translateX: return CATransform3DMakeTranslation(v[0], 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v[0], 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v[0])
        case .scale:
            switch v.count {
            case 1: return CATransform3DMakeScale(v[0], v[0], v[0])
            case 2: return CATransform3DMakeScale(v[0], v[1], 1)
            default: return CATransform3DMakeScale(v[0], v[1], v[2])
            }
        case .translate:
            guard v.count >= 2 else { return nil }
            return CATransform3DMakeTranslation(v[0], v[1], v.count >= 3 ? v[2] : 0)
        default: return nil
        }
    }
}
