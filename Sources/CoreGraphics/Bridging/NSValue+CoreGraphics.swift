import Foundation

/// The `NSValue` additions Apple code uses with animations and key-value coding.
///
/// Points, sizes and rectangles use Foundation's own boxes (`NSValue(point:)`…, type encodings
/// `{CGPoint=dd}`…). Linux Foundation cannot box other structs, so affine transforms and vectors
/// are stored as arrays of doubles: their `objCType` is `[6d]` and `[2d]` where Apple's is
/// `{CGAffineTransform=dddddd}` and `{CGVector=dd}`. Reading a box of another type gives zero
/// (Apple's result is undefined) and a diagnostic, never a crash.
extension NSValue {
    /// A box holding `point`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A box holding `size`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A box holding `rect`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// A box holding `vector`.
    public convenience init(cgVector vector: CGVector) {
        self.init(doubles: [vector.dx, vector.dy].map(Double.init))
    }
    /// A box holding `transform`.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let t = transform
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init))
    }

    /// The boxed point.
    public var cgPointValue: CGPoint {
        guard holds(.point) else { return mismatch(.point, CGPoint.zero) }
        return pointValue
    }
    /// The boxed size.
    public var cgSizeValue: CGSize {
        guard holds(.size) else { return mismatch(.size, CGSize.zero) }
        return sizeValue
    }
    /// The boxed rectangle.
    public var cgRectValue: CGRect {
        guard holds(.rect) else { return mismatch(.rect, CGRect.zero) }
        return rectValue
    }
    /// The boxed vector.
    public var cgVectorValue: CGVector {
        guard let d = doubles(count: 2) else { return mismatch(.vector, CGVector.zero) }
        return CGVector(dx: d[0], dy: d[1])
    }
    /// The boxed affine transform.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let d = doubles(count: 6) else { return mismatch(.affineTransform, CGAffineTransform()) }
        return CGAffineTransform(a: d[0], b: d[1], c: d[2], d: d[3], tx: d[4], ty: d[5])
    }
}

/// The kinds of struct Strata boxes, by type encoding.
package enum BoxedStruct: String {
    case point = "{CGPoint=dd}"
    case size = "{CGSize=dd}"
    case rect = "{CGRect={CGPoint=dd}{CGSize=dd}}"
    case vector = "[2d]"
    case affineTransform = "[6d]"
    case transform3D = "[16d]"
}

extension NSValue {
    /// A box of `values.count` doubles (type encoding `[nd]`).
    package convenience init(doubles values: [Double]) {
        let encoding = "[\(values.count)d]"
        self.init(bytes: values.withUnsafeBytes { $0.baseAddress! }, objCType: encoding)
    }

    /// The boxed doubles when this box holds exactly `count` of them.
    package func doubles(count: Int) -> [Double]? {
        guard String(cString: objCType) == "[\(count)d]" else { return nil }
        var out = [Double](repeating: 0, count: count)
        out.withUnsafeMutableBytes { getValue($0.baseAddress!) }   // exactly count doubles, checked above
        return out
    }

    /// Whether this box holds a `kind` value (Foundation's encodings, or Apple's NS spellings).
    package func holds(_ kind: BoxedStruct) -> Bool {
        let encoding = String(cString: objCType)
        switch kind {
        case .point: return encoding.hasPrefix("{CGPoint") || encoding.hasPrefix("{NSPoint")
        case .size: return encoding.hasPrefix("{CGSize") || encoding.hasPrefix("{NSSize")
        case .rect: return encoding.hasPrefix("{CGRect") || encoding.hasPrefix("{NSRect")
        default: return encoding == kind.rawValue
        }
    }

    private func mismatch<T>(_ kind: BoxedStruct, _ zero: T) -> T {
        StrataDiagnostics.report("NSValue holding \(String(cString: objCType)) read as \(kind); gives zero")
        return zero
    }
}
