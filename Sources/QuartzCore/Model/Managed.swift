import Foundation

/// A layer property stored by key-value coding, under its own name: Strata's one-line stand-in
/// for Apple's `@NSManaged` on `CALayer` subclasses.
///
/// Apple's recipe for a custom animatable property declares it `@NSManaged var level: CGFloat`:
/// Core Animation then stores it as the layer's value for the key "level", so that
/// `needsDisplay(forKey: "level")`, `value(forKey:)`, `CABasicAnimation(keyPath: "level")`,
/// actions and presentation copies all see it. Swift on Linux has no Objective-C runtime to
/// supply those accessors: `@NSManaged` compiles and then fails to link ("undefined reference"
/// to the getter). Write `@Managed` instead:
///
///     final class MeterLayer: CALayer {
///         @Managed var level: CGFloat = 0          // was: @NSManaged var level: CGFloat
///         override class func needsDisplay(forKey key: String) -> Bool {
///             key == "level" || super.needsDisplay(forKey: key)
///         }
///         override func draw(in ctx: CGContext) { /* draws `level` */ }
///     }
///
/// Reading gives the layer's value for the key (on a presentation copy, the animated one), else
/// the class's `defaultValue(forKey:)`, else the initial value written in the declaration;
/// writing is `setValue(_:forKey:)` (so the change runs the key's action, as on Apple). The key
/// is the property's name; `@Managed(key: "name")` gives another. Numbers convert between
/// `CGFloat`, `Double`, `Float`, `Int` and `Bool` as `NSNumber` does.
@propertyWrapper
public struct Managed<Value> {
    private let initial: Value?
    private let key: String?

    /// A property with no initial value (`@Managed var level: CGFloat`, as Apple's
    /// `@NSManaged var level: CGFloat`): until one is set it reads as the class's
    /// `defaultValue(forKey:)`, else zero, false or nil. (Any other type needs an initial value.)
    public init() {
        initial = nil
        key = nil
    }

    /// A property stored under `key`, with no initial value.
    public init(key: String) {
        initial = nil
        self.key = key
    }

    /// A property whose value, until one is set, is `wrappedValue`.
    public init(wrappedValue: Value) {
        initial = wrappedValue
        key = nil
    }

    /// A property stored under `key` rather than its own name.
    public init(wrappedValue: Value, key: String) {
        initial = wrappedValue
        self.key = key
    }

    /// Only a `CALayer` subclass's property can be `@Managed` (it stores through the layer).
    @available(*, unavailable, message: "@Managed stores through key-value coding: use it on properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Managed is only for properties of CALayer subclasses") }
        set { fatalError("@Managed is only for properties of CALayer subclasses") }
    }

    /// The value stored in `layer` under the property's key.
    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, Managed<Value>>
    ) -> Value {
        get {
            let me = layer[keyPath: storageKeyPath]
            let name = me.key ?? ManagedKeys.name(of: storageKeyPath)
            if let stored = layer.kvcValue(forKey: name), let v = ManagedKeys.convert(stored, to: Value.self) { return v }
            return me.initial ?? ManagedKeys.zero(Value.self, key: name)
        }
        set {
            let me = layer[keyPath: storageKeyPath]
            layer.setValue(newValue, forKey: me.key ?? ManagedKeys.name(of: storageKeyPath))
        }
    }
}

/// The keys of `@Managed` properties, and value conversions.
package enum ManagedKeys {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [AnyKeyPath: String] = [:]

    /// The property name of a `@Managed` property's storage key path (`\MeterLayer._level` →
    /// "level"), from its description, worked out once per key path.
    static func name(of storage: AnyKeyPath) -> String {
        lock.lock(); defer { lock.unlock() }
        if let known = names[storage] { return known }
        let text = String(describing: storage)
        var name = text.split(separator: ".").last.map(String.init) ?? text
        if name.hasPrefix("_") { name.removeFirst() }
        if name.isEmpty || name.contains("<") || name.contains(" ") {
            // No field name in the key path (reflection metadata stripped): use the whole text,
            // which is still one key per property. Say how to name it.
            StrataDiagnostics.report("@Managed: no property name in \(text); stored under that text, give @Managed(key:) a name")
            name = text
        }
        names[storage] = name
        return name
    }

    /// The value of a `@Managed` property declared without one and never set: 0, false, nil.
    static func zero<T>(_ type: T.Type, key: String) -> T {
        if let v = convert(0.0, to: type) { return v }
        let none: Any? = nil
        if let v = none as? T { return v }   // T is an Optional
        fatalError("@Managed var \(key): \(T.self) has no zero value; give the property an initial value")
    }

    /// `value` as a `T`: itself, or a number converted as `NSNumber` converts.
    static func convert<T>(_ value: Any, to type: T.Type) -> T? {
        if let v = value as? T { return v }
        guard let d = KVCValue.double(value) else { return nil }
        switch type {
        case is CGFloat.Type: return CGFloat(d) as? T
        case is Double.Type: return d as? T
        case is Float.Type: return Float(d) as? T
        case is Int.Type: return (d.isFinite && abs(d) < 9e18 ? Int(d) : nil) as? T
        case is Bool.Type: return (d != 0) as? T
        default: return nil
        }
    }
}
