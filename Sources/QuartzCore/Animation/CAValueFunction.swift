/// Turns the numbers a property animation interpolates into a transform.
public final class CAValueFunction: NSObject, @unchecked Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    /// Creates the value function called `name`.
    ///
    /// Differs from Apple: not failable-by-nil for unknown names; an unknown name produces no
    /// value (the animation then leaves its property unchanged).
    public init(name: CAValueFunctionName) {
        self.name = name
        super.init()
    }

    /// The transform for an interpolated value (a number or an array of numbers), or nil.
    package func transform(for value: Any?) -> Any? {
        nil  // Filled in once CATransform3D lands on main.
    }
}
