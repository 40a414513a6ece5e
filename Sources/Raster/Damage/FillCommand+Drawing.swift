// Whether two fill commands put the same pixels into the same framebuffer: the comparison
// damage tracking matches frames with. Numbers compare by bit pattern (so NaN equals NaN and
// −0 differs from +0: the pixels of such commands are the same only when every bit is);
// surfaces compare by identity (a texture's pixels never change once a pass list that reads
// it was built, except offscreen targets, which are new each frame or latched); coverage masks
// by their bytes (they are rebuilt every frame).

#if canImport(Glibc)
import Glibc
#endif

extension FillCommand {
    /// True when `self` and `other` draw the same pixels wherever they are executed.
    package func drawsSame(as other: FillCommand) -> Bool {
        drawsSame(as: other, surfaces: { $0 === $1 })
    }

    /// `drawsSame(as:)`, with textures the same when `surfaces` says they hold the same pixels.
    func drawsSame(as other: FillCommand, surfaces: (Surface, Surface) -> Bool) -> Bool {
        // Two copies of one kept command (a change to either would have cleared its token).
        if let r = retained, r === other.retained { return true }
        guard bitwiseEqual(localToDevice, other.localToDevice), opacity.bitPattern == other.opacity.bitPattern,
              blendMode == other.blendMode, antialias == other.antialias else { return false }
        switch (geometry, other.geometry) {
        case (.roundedRect(let a), .roundedRect(let b)):
            guard bitwiseEqual(a, b) else { return false }
        case (.path(let a, let ra), .path(let b, let rb)):
            guard ra == rb, a.verbs == b.verbs, a.points.count == b.points.count,
                  zip(a.points, b.points).allSatisfy({ bitwiseEqual($0, $1) }) else { return false }
        default:
            return false
        }
        return paint.drawsSame(as: other.paint, surfaces: surfaces) && clip.drawsSame(as: other.clip)
    }

    /// A hash consistent with `drawsSame` (equal commands hash equally), cheap to compute: the
    /// map, the shape's rect, the paint's kind and colour or texture, the opacity, the clip rect.
    package var drawingHash: Int { retained?.hash ?? contentHash }

    /// `drawingHash` computed from the command's values.
    var contentHash: Int {
        var h = Hasher()
        withUnsafeBytes(of: localToDevice) { h.combine(bytes: $0) }
        switch geometry {
        case .roundedRect(let r): withUnsafeBytes(of: r) { h.combine(bytes: $0) }
        case .path(let p, _): h.combine(p.points.count); if let first = p.points.first { h.combine(first.x.bitPattern) }
        }
        h.combine(opacity.bitPattern)
        switch paint {
        case .solid(let c): h.combine(0); h.combine(c)
        // Surfaces by size, not identity: an offscreen surface of this frame may match last frame's.
        case .texture(let s, _, _): h.combine(1); h.combine(s.width); h.combine(s.height)
        case .textureOverColor(let s, _, _, let c): h.combine(2); h.combine(s.width); h.combine(c)
        case .alphaMask(let s, _, let c): h.combine(3); h.combine(s.width); h.combine(c)
        case .gradient(let g, _): h.combine(4); h.combine(g.stops.count)
        case .tintedTexture(let s, _, _, let c): h.combine(5); h.combine(s.width); h.combine(s.height); h.combine(c)
        }
        h.combine(clip.rect)
        h.combine(clip.polygon?.count ?? -1)
        return h.finalize()
    }
}

extension Paint {
    func drawsSame(as other: Paint, surfaces: (Surface, Surface) -> Bool) -> Bool {
        switch (self, other) {
        case (.solid(let a), .solid(let b)):
            return a == b
        case (.texture(let s, let m, let f), .texture(let t, let n, let g)):
            return bitwiseEqual(m, n) && f == g && surfaces(s, t)
        case (.textureOverColor(let s, let m, let f, let c), .textureOverColor(let t, let n, let g, let d)):
            return bitwiseEqual(m, n) && f == g && c == d && surfaces(s, t)
        case (.alphaMask(let s, let m, let c), .alphaMask(let t, let n, let d)):
            return bitwiseEqual(m, n) && c == d && surfaces(s, t)
        case (.tintedTexture(let s, let m, let f, let c), .tintedTexture(let t, let n, let g, let d)):
            return bitwiseEqual(m, n) && f == g && c == d && surfaces(s, t)
        case (.gradient(let g, let m), .gradient(let h, let n)):
            return bitwiseEqual(m, n) && g.drawsSame(as: h)
        default:
            return false
        }
    }
}

extension Gradient {
    func drawsSame(as other: Gradient) -> Bool {
        guard extendsBefore == other.extendsBefore, extendsAfter == other.extendsAfter,
              stops.count == other.stops.count,
              zip(stops, other.stops).allSatisfy({ $0.location.bitPattern == $1.location.bitPattern && bitwiseEqual($0.color, $1.color) })
        else { return false }
        switch (kind, other.kind) {
        case (.linear(let a0, let a1), .linear(let b0, let b1)):
            return bitwiseEqual(a0, b0) && bitwiseEqual(a1, b1)
        case (.radial(let ac, let ar, let ad, let aq), .radial(let bc, let br, let bd, let bq)):
            return bitwiseEqual(ac, bc) && ar.bitPattern == br.bitPattern && bitwiseEqual(ad, bd) && aq.bitPattern == bq.bitPattern
        case (.conic(let ac, let aa), .conic(let bc, let ba)):
            return bitwiseEqual(ac, bc) && aa.bitPattern == ba.bitPattern
        default:
            return false
        }
    }
}

extension Clip {
    package func drawsSame(as other: Clip) -> Bool {
        guard rect == other.rect else { return false }
        switch (polygon, other.polygon) {
        case (nil, nil): break
        case (let a?, let b?):
            guard a.count == b.count, zip(a, b).allSatisfy({ bitwiseEqual($0, $1) }) else { return false }
        default: return false
        }
        guard roundedRects.count == other.roundedRects.count, holes.count == other.holes.count,
              zip(roundedRects, other.roundedRects).allSatisfy({ bitwiseEqual($0.shape, $1.shape) && bitwiseEqual($0.deviceToLocal, $1.deviceToLocal) }),
              zip(holes, other.holes).allSatisfy({ bitwiseEqual($0.shape, $1.shape) && bitwiseEqual($0.deviceToLocal, $1.deviceToLocal) })
        else { return false }
        // The occluder decides where spans start (their rounding), so it is part of the drawing.
        switch (occluder, other.occluder) {
        case (nil, nil): break
        case (let a?, let b?): guard bitwiseEqual(a.shape, b.shape), bitwiseEqual(a.deviceToLocal, b.deviceToLocal) else { return false }
        default: return false
        }
        switch (mask, other.mask) {
        case (nil, nil): return true
        case (let a?, let b?): return a === b || a.holdsSameCoverage(as: b)
        default: return false
        }
    }
}

extension CoverageMask {
    /// Same rect and same bytes.
    func holdsSameCoverage(as other: CoverageMask) -> Bool {
        guard rect == other.rect, width == other.width else { return false }
        let count = width * Swift.max(0, rect.y1 - rect.y0)
        return count == 0 || memcmp(bytes, other.bytes, count) == 0
    }
}

/// Whether two values of a plain type (doubles and integers only, no padding) hold the same bits.
@inline(__always)
func bitwiseEqual<T>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in pa.elementsEqual(pb) } }
}
