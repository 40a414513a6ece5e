import QuartzCore

/// Every scene of `StrataDemos`, by name.
///
/// Strata extension (no Apple counterpart).
public enum SceneCatalog {
    /// All scenes, in the order of the book chapter and the seeds.
    public static let all: [DemoScene] = [
        .affineRotate, .compound, .shear, .rotateY, .rotateYPerspective, .sharedPerspective,
        .backface, .nestedZ, .nestedY, .litCube, .boxFlat, .boxClosed, .card,
        .intersectingPlanes, .translucent100, .drawing, .customProperty, .app, .appCard,
    ]

    /// The scene called `name`, or nil when there is none.
    public static func named(_ name: String) -> DemoScene? {
        all.first { $0.name == name }
    }
}
