/// Where a fill command may paint: a device rect, optionally a convex device polygon and the
/// rounded rectangles of ancestors that mask to bounds in other planes.
///
/// - `rect` is always applied (hard pixel boundary).
/// - `polygon` (a piece of a BSP-split plane) is convex, in device pixels, either winding.
///   Its edges that lie on the shape's own outline are ignored (the shape's anti-aliasing
///   wins); its other edges are hard: a pixel belongs to the piece when its centre is inside,
///   with an exact tie rule, so two pieces sharing an edge cover every pixel exactly once.
/// - `roundedRects` are anti-aliased; their coverages multiply the shape's.
/// - `holes` are anti-aliased rounded rects removed from the shape (a border is the bounds with
///   the inner rounded rect as a hole).
/// - `mask`, an 8-bit device coverage mask, multiplies the coverage (clip paths, masks).
/// - `occluder`, a hint: a rounded rect that an opaque fill drawn later covers. Pixels it
///   surely covers (coverage exactly 1) may be left unpainted: they are painted over.
public struct Clip: Sendable {
    /// Device pixels the command may touch.
    public var rect: IntRect
    /// A convex polygon in device space, or nil for none.
    public var polygon: [SIMD2<Double>]?
    /// Rounded rects in other planes, each with the map from device to its local space.
    public var roundedRects: [(shape: RoundedRect, deviceToLocal: Projective)]
    /// Rounded rects removed from the shape, each with the map from device to its local space.
    public var holes: [(shape: RoundedRect, deviceToLocal: Projective)]
    /// A device coverage mask multiplying the shape's coverage, or nil for none.
    public var mask: CoverageMask?
    /// A rounded rect, with the map from device to its local space, that a fill drawn later
    /// paints opaque with coverage 1 wherever its own coverage is 1 (a card over its shadow):
    /// the renderer may skip the columns of a row whose centres lie surely inside it. Not a
    /// clip of what shows: the pixels left out are the ones painted over. Nil for none.
    public var occluder: (shape: RoundedRect, deviceToLocal: Projective)? {
        get { occluderBox.map { ($0.shape, $0.deviceToLocal) } }
        set { occluderBox = newValue.map { OccluderBox(shape: $0.shape, deviceToLocal: $0.deviceToLocal) } }
    }
    /// The occluder behind one reference: clips are copied with every command and pending
    /// layer, and stored inline it would add 137 bytes to each copy (Clip is 64 bytes without).
    private var occluderBox: OccluderBox?
    private final class OccluderBox: Sendable {
        let shape: RoundedRect
        let deviceToLocal: Projective
        init(shape: RoundedRect, deviceToLocal: Projective) { self.shape = shape; self.deviceToLocal = deviceToLocal }
    }

    /// Creates a clip; by default only the rect applies.
    public init(rect: IntRect = .unbounded, polygon: [SIMD2<Double>]? = nil,
                roundedRects: [(shape: RoundedRect, deviceToLocal: Projective)] = [],
                holes: [(shape: RoundedRect, deviceToLocal: Projective)] = [], mask: CoverageMask? = nil) {
        self.rect = rect
        self.polygon = polygon
        self.roundedRects = roundedRects
        self.holes = holes
        self.mask = mask
    }
}
