@testable import Raster

// The references the rasteriser's shortcuts must reproduce: the same code as production with
// shortcuts turned off through `RenderShortcuts` (a type parameter, so production types carry no
// mode for them). Only tests define these conformances.

/// No similarity or projective fast path: every rounded rect on the general rows.
enum GeneralRowsOnly: RenderShortcuts {
    static var fastShapes: Bool { false }
    static var projectiveWalk: Bool { true }
    static var projectiveBands: Bool { true }
}

/// The projective path computing every pixel's coverage (no walk, no inner range, no bands).
enum PerPixelProjective: RenderShortcuts {
    static var fastShapes: Bool { true }
    static var projectiveWalk: Bool { false }
    static var projectiveBands: Bool { false }
}

/// The projective path solving every row on its own (no band-constant columns, no cached
/// rims, no edges-only middle on arc rows).
enum RowByRowProjective: RenderShortcuts {
    static var fastShapes: Bool { true }
    static var projectiveWalk: Bool { true }
    static var projectiveBands: Bool { false }
}

extension PreparedScene {
    /// Prepares `commands` for `surface`, without the fast paths when `similarityPath` is false.
    init(_ commands: [FillCommand], surface: Surface, similarityPath: Bool) {
        if similarityPath {
            self.init(commands, surfaceRect: IntRect(surface), AllShortcuts.self)
        } else {
            self.init(commands, surfaceRect: IntRect(surface), GeneralRowsOnly.self)
        }
    }

    /// Draws the scene on one thread with the projective fast path computing every pixel's
    /// coverage: what the walk must reproduce.
    func renderPerPixel(on surface: Surface) { render(on: surface, PerPixelProjective.self) }

    /// Draws the scene on one thread, the projective path solving every row on its own: what
    /// the band shortcuts must reproduce exactly.
    func renderRowByRow(on surface: Surface) { render(on: surface, RowByRowProjective.self) }

    private func render<S: RenderShortcuts>(on surface: Surface, _: S.Type) {
        withRasterizer(pixels: surface.pixels, stride: surface.stride) { template in
            template.withRowBuffers(width: surface.width) { r in
                r.render(rows: 0, surface.height, S.self)
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
