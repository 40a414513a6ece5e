/// An animatable value decoded from the `Any` that Apple's API traffics in, for arithmetic.
///
/// Numbers of every Swift type and `NSNumber` become `.number`; `CGPoint`/`CGSize`/`CGRect`, bare
/// or in an `NSValue`, become `.point`/`.size`/`.rect`; arrays of numbers become `.numbers`.
/// `CATransform3D`, `CGColor` (as straight sRGB red, green, blue, alpha) and `CGPath` (its points,
/// element by element) are values too, and so are arrays of `CGColor` (`CAGradientLayer.colors`,
/// colour by colour). `Representation` remembers the original type so results go
/// back as the caller gave them.
package enum AnimatableValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case numbers([Double])
    case transform(CATransform3D)
    case color(CGColor)
    case path(CGPath)
    case colors([CGColor])

    /// The Swift or Foundation type a value came in as.
    package enum Representation: Equatable {
        case double, cgFloat, float, int, nsNumber
        case plain            // CGPoint, CGSize, CGRect as themselves
        case nsValue          // CGPoint, CGSize, CGRect wrapped in NSValue
        case array(element: NumberKind)
        case nsArrayOfNumbers

        /// The type of a single number.
        package enum NumberKind: Equatable { case double, cgFloat, float, int, nsNumber }
    }

    /// Decodes `any`; nil when it is not an animatable value this engine knows.
    package init?(_ any: Any?) {
        guard let decoded = Self.decode(any) else { return nil }
        self = decoded.value
    }

    /// Decodes `any` and the type it came in as.
    package static func decode(_ any: Any?) -> (value: AnimatableValue, representation: Representation)? {
        guard let any else { return nil }
        // Exact-type fast paths for the values animations carry most (a failed cast chain
        // through NSNumber bridging costs thousands of instructions per value on Linux).
        let t = type(of: any)
        if t == CGFloat.self { return (.number(Double(any as! CGFloat)), .cgFloat) }
        if t == Double.self { return (.number(any as! Double), .double) }
        if t == CGPoint.self { return (.point(any as! CGPoint), .plain) }
        if t == CATransform3D.self { return (.transform(any as! CATransform3D), .plain) }
        if t == Float.self { return (.number(Double(any as! Float)), .float) }
        if t == CGSize.self { return (.size(any as! CGSize), .plain) }
        if t == CGRect.self { return (.rect(any as! CGRect), .plain) }
        // A Swift array straight to the array casts: cast to a class (`CGColor`, `CGPath`) or a
        // number, an array is first bridged to an NSArray, element by element (fuzz seed 4440964:
        // `colors` and `locations` animations spent a third of their time there, every sample).
        if any is AnyArray { return decodeArray(any) }
        if t == CGColor.self { return (.color(any as! CGColor), .plain) }
        // NSValue-wrapped geometry (Apple's usual keyframe values): straight to its branch, past
        // the number casts, which all fail on it and are expensive.
        let isValueBox = t is NSValue.Type && !(t is NSNumber.Type)
        if !isValueBox, let (n, kind) = decodeNumber(any) {
            return (.number(n), representation(of: kind))
        }
        if !isValueBox {
            switch any {
        case let p as CGPoint: return (.point(p), .plain)
        case let s as CGSize: return (.size(s), .plain)
        case let r as CGRect: return (.rect(r), .plain)
        case let t as CATransform3D: return (.transform(t), .plain)
        case let c as CGColor: return (.color(c), .plain)
        case let p as CGPath: return (.path(p), .plain)
        default: break
        }
        }
        if type(of: any) is NSValue.Type, let v = any as? NSValue {
            let encoding = String(cString: v.objCType)
            if encoding.hasPrefix("{CGPoint") || encoding.hasPrefix("{NSPoint") { return (.point(v.pointValue), .nsValue) }
            if encoding.hasPrefix("{CGSize") || encoding.hasPrefix("{NSSize") { return (.size(v.sizeValue), .nsValue) }
            if encoding.hasPrefix("{CGRect") || encoding.hasPrefix("{NSRect") { return (.rect(v.rectValue), .nsValue) }
            if let d = v.doubles(count: 16) { return (.transform(CATransform3D(entries: d.map { CGFloat($0) })), .nsValue) }
            return nil
        }
        return decodeArray(any)
    }

    /// `decode` for arrays (an NSArray too): numbers of one Swift type, `CGColor`s, or numbers
    /// of any types (`NSNumber`s above all).
    private static func decodeArray(_ any: Any) -> (value: AnimatableValue, representation: Representation)? {
        switch any {
        case let a as [Double]: return (.numbers(a), .array(element: .double))
        case let a as [CGFloat]: return (.numbers(a.map(Double.init)), .array(element: .cgFloat))
        case let a as [Float]: return (.numbers(a.map(Double.init)), .array(element: .float))
        case let a as [Int]: return (.numbers(a.map(Double.init)), .array(element: .int))
        default: break
        }
        if let array = any as? [Any] {
            if let first = array.first, first is CGColor {
                let colors = array.compactMap { $0 as? CGColor }
                return colors.count == array.count ? (.colors(colors), .plain) : nil
            }
            var numbers: [Double] = []
            numbers.reserveCapacity(array.count)
            var firstKind: Representation.NumberKind?
            for element in array {
                guard let (n, kind) = decodeNumber(element) else { return nil }
                numbers.append(n)
                if firstKind == nil { firstKind = kind }
            }
            return (.numbers(numbers), firstKind == .nsNumber || firstKind == nil ? .nsArrayOfNumbers : .array(element: firstKind!))
        }
        return nil
    }

    private static func decodeNumber(_ any: Any) -> (Double, Representation.NumberKind)? {
        // NSNumber first, by its dynamic type: on Linux `3.0 as? NSNumber` also succeeds.
        if type(of: any) is NSNumber.Type, let n = any as? NSNumber { return (n.doubleValue, .nsNumber) }
        switch any {
        case let v as Double: return (v, .double)
        case let v as CGFloat: return (Double(v), .cgFloat)
        case let v as Float: return (Double(v), .float)
        case let v as Int: return (Double(v), .int)
        case let v as Int32: return (Double(v), .int)
        case let v as Int64: return (Double(v), .int)
        case let v as UInt: return (Double(v), .int)
        case let v as UInt32: return (Double(v), .int)
        default: return nil
        }
    }

    private static func representation(of kind: Representation.NumberKind) -> Representation {
        switch kind {
        case .double: return .double
        case .cgFloat: return .cgFloat
        case .float: return .float
        case .int: return .int
        case .nsNumber: return .nsNumber
        }
    }

    private static func encodeNumber(_ n: Double, _ kind: Representation.NumberKind) -> Any {
        switch kind {
        case .double: return n
        case .cgFloat: return CGFloat(n)
        case .float: return Float(n)
        case .int: return n.isFinite ? Int(n.rounded()) : 0
        case .nsNumber: return NSNumber(value: n)
        }
    }

    /// The value as an `Any` of the type described by `representation` (when it fits the value).
    package func encoded(as representation: Representation) -> Any {
        switch (self, representation) {
        case (.number(let n), .double): return n
        case (.number(let n), .cgFloat): return CGFloat(n)
        case (.number(let n), .float): return Float(n)
        case (.number(let n), .int): return Self.encodeNumber(n, .int)
        case (.number(let n), _): return NSNumber(value: n)
        case (.point(let p), .nsValue): return NSValue(point: p)
        case (.size(let s), .nsValue): return NSValue(size: s)
        case (.rect(let r), .nsValue): return NSValue(rect: r)
        case (.point(let p), _): return p
        case (.size(let s), _): return s
        case (.rect(let r), _): return r
        case (.transform(let t), .nsValue): return NSValue(caTransform3D: t)
        case (.transform(let t), _): return t
        case (.color(let c), _): return c
        case (.path(let p), _): return p
        case (.colors(let c), _): return c as [Any]
        case (.numbers(let a), .array(let kind)):
            switch kind {
            case .double: return a
            case .cgFloat: return a.map { CGFloat($0) }
            case .float: return a.map { Float($0) }
            case .int: return a.map { $0.isFinite ? Int($0.rounded()) : 0 }
            case .nsNumber: return a.map { NSNumber(value: $0) }
            }
        case (.numbers(let a), _): return a.map { NSNumber(value: $0) }
        }
    }

    /// The components, for component-wise arithmetic.
    package var components: [Double] {
        switch self {
        case .number(let n): return [n]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .numbers(let a): return a
        case .transform(let t): return t.entries.map(Double.init)
        case .color(let c):
            let (r, g, b, a) = c.rgba
            return [r, g, b, a]
        case .path(let p):
            return p.elements.flatMap { $0.points.flatMap { [Double($0.x), Double($0.y)] } }
        case .colors(let colors):
            return colors.flatMap { c -> [Double] in
                let (r, g, b, a) = c.rgba
                return [r, g, b, a]
            }
        }
    }

    /// A value of the same kind as `self` built from `components` (same count).
    package func withComponents(_ c: [Double]) -> AnimatableValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .numbers: return .numbers(c)
        case .transform: return .transform(CATransform3D(entries: c.map { CGFloat($0) }))
        case .color: return .color(CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .path(let p):
            var i = 0
            func next() -> CGPoint {
                defer { i += 2 }
                return CGPoint(x: c[i], y: c[i + 1])
            }
            let elements: [CGPath.Element] = p.elements.map { e in
                switch e {
                case .move: return .move(to: next())
                case .line: return .line(to: next())
                case .quadCurve:
                    let control = next()
                    return .quadCurve(to: next(), control: control)
                case .curve:
                    let c1 = next(), c2 = next()
                    return .curve(to: next(), control1: c1, control2: c2)
                case .closeSubpath: return .closeSubpath
                }
            }
            return .path(CGPath(elements: elements))
        case .colors(let colors):
            return .colors(colors.indices.map { CGColor(srgbRed: c[4 * $0], green: c[4 * $0 + 1], blue: c[4 * $0 + 2], alpha: c[4 * $0 + 3]) })
        }
    }

    /// Whether `self` and `other` are the same kind with the same number of components.
    package func isCompatible(with other: AnimatableValue) -> Bool {
        switch (self, other) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect): return true
        case (.numbers(let a), .numbers(let b)): return a.count == b.count
        case (.transform, .transform), (.color, .color): return true
        case (.colors(let a), .colors(let b)): return a.count == b.count
        case (.path(let a), .path(let b)):
            return a.elements.count == b.elements.count
                && zip(a.elements, b.elements).allSatisfy { $0.type == $1.type }
        default: return false
        }
    }

    /// The zero of this kind (the identity for addition; the identity matrix for transforms).
    package var zero: AnimatableValue {
        if case .transform = self { return .transform(CATransform3DIdentity) }
        return withComponents([Double](repeating: 0, count: components.count))
    }
}

/// Swift arrays of any element type, recognised without a cast (`AnimatableValue.decode`).
private protocol AnyArray {}
extension Array: AnyArray {}

/// A value as given (`raw`) and its decoding, made once: an animation decodes its own values
/// when they are set, not at every sample of every frame (decoding an `Any` is a chain of
/// dynamic casts).
package struct DecodedValue {
    package let raw: Any?
    package let decoded: (value: AnimatableValue, representation: AnimatableValue.Representation)?

    package init(_ raw: Any?) {
        self.raw = raw
        decoded = AnimatableValue.decode(raw)
    }
}
