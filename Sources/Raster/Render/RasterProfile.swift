import Dispatch

/// Where rasterising time goes, by kernel: filled in by `execute(_:on:threads:profile:)` and
/// summed over its calls (for `strata bench --profile`).
///
/// Each fill is timed as a whole on each band it touches (two clock reads), and its time goes
/// to the kernel that draws it, so profiling costs a little but changes no pixel.
public final class RasterProfile: @unchecked Sendable {
    /// The kernels a fill can take, named after their span kernels.
    public enum Kernel: Int, CaseIterable, Sendable {
        case prepare, similaritySolid, similarityTexture, affineRimSolid, solidCoverage,
             bilinearAffine, bilinearPerspective, nearest, alphaMask, clipped, projectiveSolid, projectiveClipped,
             path, composite

        /// A pixman-style name and the path that leads to it.
        public var name: String {
            switch self {
            case .prepare: return "prepare (per-fill setup, before the bands)"
            case .similaritySolid: return "over_solid, similarity SDF rims"
            case .similarityTexture: return "over_bilinear_affine, similarity SDF rims"
            case .affineRimSolid: return "over_solid_affine_rim"
            case .solidCoverage: return "over_solid_coverage (projective)"
            case .bilinearAffine: return "over_bilinear_affine (general rims)"
            case .bilinearPerspective: return "over_bilinear_perspective"
            case .nearest: return "over_nearest"
            case .alphaMask: return "over_solid_alpha_mask"
            case .clipped: return "clipped fills (hard edges, holes)"
            case .projectiveSolid: return "over_solid, projective SDF rims"
            case .projectiveClipped: return "over_solid, projective SDF rims, hard-edged pieces"
            case .path: return "paths: signed-area accumulation"
            case .composite: return "blend modes and gradients (fetch, then blend_span)"
            }
        }
    }

    private let queue = DispatchQueue(label: "org.strata.raster.profile")
    private var totals = [UInt64](repeating: 0, count: Kernel.allCases.count)
    private var fillCounts = [Int](repeating: 0, count: Kernel.allCases.count)

    public init() {}

    /// Seconds spent in `kernel` so far, over all threads (so it can exceed wall time).
    public func seconds(_ kernel: Kernel) -> Double {
        queue.sync { Double(totals[kernel.rawValue]) * 1e-9 }
    }

    /// Fills drawn by `kernel` so far.
    public func fills(_ kernel: Kernel) -> Int {
        queue.sync { fillCounts[kernel.rawValue] }
    }

    /// Adds one worker's (or the preparation's) nanoseconds per kernel.
    func add(_ nanoseconds: UnsafeBufferPointer<UInt64>) {
        queue.sync { for i in totals.indices { totals[i] &+= nanoseconds[i] } }
    }

    /// Adds time to one kernel (the serial preparation).
    func add(_ kernel: Kernel, nanoseconds: UInt64) {
        queue.sync { totals[kernel.rawValue] &+= nanoseconds }
    }

    func count(_ scene: PreparedScene) {
        var counts = [Int](repeating: 0, count: Kernel.allCases.count)
        for f in scene.fills { counts[Self.kernel(of: f).rawValue] += 1 }
        queue.sync { for i in fillCounts.indices { fillCounts[i] += counts[i] } }
    }

    /// The kernel that draws a prepared fill: its coverage producer, then the span kernel the
    /// table chose for its varying spans.
    @inline(__always)
    static func kernel(of f: PreparedFill) -> Kernel {
        switch f.path {
        case .similarity:
            return f.solidOverColor != nil ? .similaritySolid : .similarityTexture
        case .projective: return f.hardEdges.isEmpty ? .projectiveSolid : .projectiveClipped
        case .path: return .path
        case .general, .affineRim: break
        }
        if f.blend != .normal { return .composite }
        if !f.hardEdges.isEmpty || !f.clipShapes.isEmpty { return .clipped }
        switch f.spans.varying {
        case .overSolid, .copySolid: return f.rimIndex != nil ? .affineRimSolid : .solidCoverage
        case .overBilinearAffine: return .bilinearAffine
        case .overBilinearPerspective: return .bilinearPerspective
        case .overNearest: return .nearest
        case .overAlphaMaskAffine, .overAlphaMaskPerspective: return .alphaMask
        case .fetchComposite: return .composite
        }
    }
}
