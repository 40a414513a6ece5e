@testable import Raster

// The references the rasteriser's shortcuts must reproduce. Production code has one way to
// prepare and draw each fill; these compose the same named steps without a shortcut (or, for
// the per-pixel projective rows, write out the plain definition the walk must equal). Only
// tests use them.

extension PreparedScene {
    /// Prepares `commands` for `surface`, without the fast paths when `similarityPath` is false:
    /// then every rounded rect takes the general rows (`FillPath.general` or `.affineRim`),
    /// as `prepareRoundedRect` composes its steps with that path in place of `chooseFillPath`'s.
    init(_ commands: [FillCommand], surface: Surface, similarityPath: Bool) {
        guard !similarityPath else {
            self.init(commands, surface: surface)
            return
        }
        self.init()
        for command in commands {
            guard let setup = Self.setup(command, IntRect(surface)) else { continue }
            switch command.geometry {
            case .roundedRect(let shape):
                if let parts = roundedRectParts(shape, command, setup) {
                    appendRoundedRect(shape, command, setup, parts, path: .general)
                }
            case .path(let path, let rule):
                preparePath(path, rule, command, setup)
            }
        }
    }

    /// Draws the scene on one thread with the projective fast path computing every pixel's
    /// coverage: what the walk must reproduce.
    func renderPerPixel(on surface: Surface) {
        render(on: surface) { r, f, p, y0, y1 in r.projectivePerPixel(f, p, y0, y1) }
    }

    /// Draws the scene on one thread, the projective path solving every row on its own (no
    /// band-constant columns, no cached rims, no edges-only middle on arc rows): what the band
    /// shortcuts must reproduce exactly.
    func renderRowByRow(on surface: Surface) {
        render(on: surface) { r, f, p, y0, y1 in
            r.projectiveRows(f, p, y0, y1, .init(any: r.bandHasArcRows(p, y0, y1), midLo: 0, midHi: 0))
        }
    }

    /// `BandRasterizer.render(rows:)` over the whole surface, projective fills drawn by
    /// `projective`.
    private func render(on surface: Surface,
                        projective: (BandRasterizer, UnsafePointer<PreparedFill>, UnsafePointer<ProjectiveFill>, Int, Int) -> Void) {
        withRasterizer(pixels: surface.pixels, stride: surface.stride) { template in
            template.withRowBuffers(width: surface.width) { r in
                for i in 0..<r.fills.count {
                    let f = r.fills.baseAddress! + i
                    let r0 = max(0, f.pointee.bounds.y0), r1 = min(surface.height, f.pointee.bounds.y1)
                    if r0 >= r1 { continue }
                    if case .projective(let k) = f.pointee.path {
                        projective(r, f, r.projectives + k, r0, r1)
                    } else {
                        r.renderFill(f, r0, r1)
                    }
                }
            }
        }
    }
}

extension BandRasterizer {
    /// Rows `y0..<y1` of a projective fill, every pixel of each row's outer range (after the
    /// hard edges) blended with its coverage from `ProjectiveFill.coverage8`.
    func projectivePerPixel(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int) {
        let solve = ProjectiveRowSolve(f, p)
        let color = SIMD8<UInt32>(repeating: p.pointee.color)
        for y in y0..<y1 {
            let py = Double(y) + 0.5
            let (x0, x1) = projectiveOuterRange(solve, py)
            let r = p.pointee.row(py)
            let rowPixels = pixels + y &* stride
            var x = x0
            while x < x1 {
                let n = min(8, x1 &- x)
                let s = p.pointee.scales(p.pointee.coverage8(r, x, arcs: true))
                storePrefix(overx8(mul255x8(color, spread: spread(s)), loadPrefix(rowPixels + x, n)), rowPixels + x, n)
                x &+= n
            }
        }
    }
}

/// `execute`, without the similarity and projective fast paths when `similarityPath` is false
/// (tests compare both paths).
func execute(_ commands: [FillCommand], on surface: Surface, threads: Int, similarityPath: Bool) {
    guard surface.width > 0, surface.height > 0, !commands.isEmpty else { return }
    let scene = PreparedScene(commands, surface: surface, similarityPath: similarityPath)
    rasterise(scene, on: surface, rows: 0..<surface.height, threads: threads, prepareNanoseconds: 0, profile: nil)
}
