/// A rectangle with a circular radius per corner, in a plane's local coordinates (y down).
///
/// Radii are clamped as Core Animation does: a negative or non-finite radius is 0; when two
/// radii sharing a side add up to more than that side, all four scale down by the same factor
/// (CSS's rule); then no radius exceeds half the shorter side (CA's rule for `cornerRadius`).
/// A rect whose max is not above its min is empty.
public struct RoundedRect: Sendable, Equatable {
    /// The left edge.
    public var minX: Double
    /// The top edge (y grows downwards).
    public var minY: Double
    /// The right edge.
    public var maxX: Double
    /// The bottom edge.
    public var maxY: Double
    /// The radius of the corner at (minX, minY).
    public var topLeft: Double
    /// The radius of the corner at (maxX, minY).
    public var topRight: Double
    /// The radius of the corner at (maxX, maxY).
    public var bottomRight: Double
    /// The radius of the corner at (minX, maxY).
    public var bottomLeft: Double

    /// Creates a rounded rectangle with one radius per corner, clamped as described above.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double,
                topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        let w = maxX - minX, h = maxY - minY
        func sane(_ r: Double) -> Double { r.isFinite && r > 0 ? r : 0 }
        var tl = sane(topLeft), tr = sane(topRight), br = sane(bottomRight), bl = sane(bottomLeft)
        if !(w > 0 && h > 0) || !w.isFinite || !h.isFinite {
            tl = 0; tr = 0; br = 0; bl = 0
        } else {
            // Adjacent radii that overflow a side scale everything down together (CSS).
            var f = 1.0
            if tl + tr > w { f = Swift.min(f, w / (tl + tr)) }
            if bl + br > w { f = Swift.min(f, w / (bl + br)) }
            if tl + bl > h { f = Swift.min(f, h / (tl + bl)) }
            if tr + br > h { f = Swift.min(f, h / (tr + br)) }
            if f < 1 { tl *= f; tr *= f; br *= f; bl *= f }
            // Then never more than half the shorter side (CA's `cornerRadius` rule), which
            // also keeps each corner's arc inside its own quadrant of the rectangle.
            let half = Swift.min(w, h) / 2
            tl = Swift.min(tl, half); tr = Swift.min(tr, half); br = Swift.min(br, half); bl = Swift.min(bl, half)
        }
        self.topLeft = tl; self.topRight = tr; self.bottomRight = br; self.bottomLeft = bl
    }

    /// Creates a rounded rectangle with the same radius at every corner (`cornerRadius`).
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double, cornerRadius: Double = 0) {
        self.init(minX: minX, minY: minY, maxX: maxX, maxY: maxY,
                  topLeft: cornerRadius, topRight: cornerRadius,
                  bottomRight: cornerRadius, bottomLeft: cornerRadius)
    }

    /// True when the rectangle has no area (or is not finite) and draws nothing.
    @inlinable public var isEmpty: Bool {
        !(maxX > minX && maxY > minY) || !(maxX - minX).isFinite || !(maxY - minY).isFinite
    }

    /// True when every corner is square.
    @inlinable public var isRectangle: Bool {
        topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0
    }

    /// Signed distance from `(x, y)` to the outline in local units (negative inside), with the
    /// outward unit gradient of that distance.
    @inlinable @inline(__always)
    func signedDistance(x: Double, y: Double) -> (distance: Double, gx: Double, gy: Double) {
        let cx = (minX + maxX) * 0.5, cy = (minY + maxY) * 0.5
        let hw = (maxX - minX) * 0.5, hh = (maxY - minY) * 0.5
        let px = x - cx, py = y - cy
        // The radius of the quadrant the point lies in.
        let r = py < 0 ? (px < 0 ? topLeft : topRight) : (px < 0 ? bottomLeft : bottomRight)
        let sx: Double = px < 0 ? -1 : 1, sy: Double = py < 0 ? -1 : 1
        let dx = px * sx - (hw - r), dy = py * sy - (hh - r)
        if dx > 0 && dy > 0 {
            // Inside the corner's quadrant square: distance to the arc.
            let len = (dx * dx + dy * dy).squareRoot()
            return (len - r, sx * dx / len, sy * dy / len)
        }
        // Along a straight side: the nearer side wins.
        if dx > dy { return (dx - r, sx, 0) }
        return (dy - r, 0, sy)
    }
}
