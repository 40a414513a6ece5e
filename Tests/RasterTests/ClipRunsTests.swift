import Foundation
import Testing
@testable import Raster

/// A clip applied per run of columns (`ClipRow`, `BandRasterizer.clipScales`, `clipOuter`)
/// draws exactly the pixels of the clip applied per pixel. The per-pixel reference is the same
/// scene with every clipped fill given more shapes than a row solves (`ClipRow.capacity`),
/// each one a plane-covering rect whose coverage is exactly 1 (× 1 changes no value): then
/// every column is varying and takes `clipCoverage` / `coverageAt`, as before runs existed.
struct ClipRunsTests {
    /// `scene` with each clipped fill's shapes followed by `ClipRow.capacity` plane-covering rects.
    static func perPixelClips(_ scene: PreparedScene) -> PreparedScene {
        var s = scene
        let everywhere = ClipShape(shape: RoundedRect(minX: -1e5, minY: -1e5, maxX: 1e5, maxY: 1e5), map: .identity)
        for i in s.fills.indices where !s.fills[i].clipShapes.isEmpty || s.fills[i].mask != nil {
            let start = s.clipShapes.count
            s.clipShapes += s.fills[i].clipShapes.map { scene.clipShapes[$0] }
            s.clipShapes += Array(repeating: everywhere, count: ClipRow.capacity)
            s.fills[i].clipShapes = start..<s.clipShapes.count
        }
        return s
    }

    /// A random device → local map of a clip plane: rotation, anisotropic scale, sometimes a tilt.
    static func clipMap(_ rng: inout SeededRandom, tilt: Bool) -> Projective {
        let a = Double.random(in: -3.2...3.2, using: &rng), k = Double.random(in: 0.4...2.5, using: &rng)
        var forward = Projective(affine: cos(a) * k, sin(a) * k, -sin(a) * k * Double.random(in: 0.5...1.5, using: &rng),
                                 cos(a) * k, Double.random(in: -20...120, using: &rng), Double.random(in: -20...120, using: &rng))
        if tilt {
            forward = forward.concatenating(Projective(m11: 1, m12: 0, m13: Double.random(in: -0.004...0.004, using: &rng),
                                                       m21: 0, m22: 1, m23: Double.random(in: -0.004...0.004, using: &rng),
                                                       m31: 0, m32: 0, m33: 1))
        }
        return forward.inverted() ?? .identity
    }

    /// A random clip: 1–3 rounded rects, sometimes a hole, sometimes a mask.
    static func clip(_ rng: inout SeededRandom, trial: Int) -> Clip {
        var c = Clip()
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let w = Double.random(in: 8...140, using: &rng), h = Double.random(in: 8...140, using: &rng)
            c.roundedRects.append((RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: Double.random(in: 0...30, using: &rng)),
                                   clipMap(&rng, tilt: trial % 3 == 1)))
        }
        if trial % 4 == 2 {
            c.holes.append((RoundedRect(minX: 0, minY: 0, maxX: 30, maxY: 20, cornerRadius: 6), clipMap(&rng, tilt: false)))
        }
        if trial % 5 == 3 {
            let m = CoverageMask(rect: IntRect(x0: 5, y0: 0, x1: 110, y1: 100))
            for y in 0..<100 { for x in 5..<110 { m[x, y] = [0, 255, UInt8.random(in: 0...255, using: &rng)][(x / 9 + y / 7) % 3] } }
            c.mask = m
        }
        return c
    }

    /// A random fill: a path (polygon with curves, either rule) or a rounded rect, in one of
    /// the paints the span table specialises (solid, textures on seekable and stepping maps,
    /// tinted, alpha mask, gradient) under normal, copy or a separable blend mode.
    static func command(_ rng: inout SeededRandom, trial: Int, texture: Surface) -> FillCommand {
        let paints: [Paint] = [
            .solid(randomPremultiplied(&rng)),
            .texture(texture, map: .identity, filter: .bilinear),
            .texture(texture, map: Projective(affine: 0.37, 0.11, -0.13, 0.41, 3.3, 1.7), filter: .bilinear),
            .tintedTexture(texture, map: Projective(affine: 0.5, 0, 0, 0.5, 0, 0), filter: .nearest, tint: 0xC080_60A0),
            .alphaMask(texture, map: Projective(affine: 0.29, 0.07, 0.05, 0.31, 0, 0), color: 0xFF20_60C0),
            .gradient(Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(90, 40)),
                               stops: [GradientStop(location: 0, color: SIMD4(1, 0, 0, 1)),
                                       GradientStop(location: 1, color: SIMD4(0, 0, 1, 0.5))]), map: .identity),
        ]
        let blends: [BlendMode] = [.normal, .normal, .copy, .multiply, .screen]
        let paint = paints[trial % paints.count], blend = blends[(trial / paints.count) % blends.count]
        let opacity = Float([1, 0.7, 1, 0.35][trial % 4])
        let clip = Self.clip(&rng, trial: trial)
        if trial % 7 == 6 {
            let shape = RoundedRect(minX: 0, minY: 0, maxX: Double.random(in: 40...160, using: &rng),
                                    maxY: Double.random(in: 40...160, using: &rng), cornerRadius: 9)
            return FillCommand(shape: shape, localToDevice: Projective(affine: 0.9, 0.2, -0.2, 0.9, -10, -5), paint: paint,
                               opacity: opacity, clip: clip, blendMode: blend)
        }
        var p = PathGeometry()
        func pt() -> SIMD2<Double> { SIMD2(Double.random(in: -30...150, using: &rng), Double.random(in: -30...150, using: &rng)) }
        p.move(to: pt())
        for k in 0..<Int.random(in: 3...9, using: &rng) {
            if k % 3 == 2 { p.quad(control: pt(), to: pt()) } else { p.line(to: pt()) }
        }
        p.close()
        return FillCommand(path: p, rule: trial % 2 == 0 ? .nonZero : .evenOdd, localToDevice: .identity, paint: paint,
                           opacity: opacity, clip: clip, blendMode: blend, antialias: trial % 11 != 5)
    }

    @Test func clipRunsDrawThePixelsOfTheClipPerPixel() {
        var rng = SeededRandom(seed: 2511)
        let texture = gradientTexture(37, 29)
        var pixels = 0, scenes = 0
        for trial in 0..<240 {
            let commands = (0..<3).map { k in Self.command(&rng, trial: trial * 3 + k, texture: texture) }
            let background = randomPremultiplied(&rng)
            let fast = Surface(width: 120, height: 110), slow = Surface(width: 120, height: 110)
            for s in [fast, slow] { for y in 0..<110 { for x in 0..<120 { s[x, y] = background } } }
            let scene = PreparedScene(commands, surface: fast)
            rasterise(scene, on: fast, rows: 0..<110, threads: 1, prepareNanoseconds: 0, profile: nil)
            rasterise(Self.perPixelClips(scene), on: slow, rows: 0..<110, threads: 1, prepareNanoseconds: 0, profile: nil)
            for y in 0..<110 {
                for x in 0..<120 where fast[x, y] != slow[x, y] {
                    Issue.record("trial \(trial) pixel \(x),\(y): runs 0x\(String(fast[x, y], radix: 16)) per pixel 0x\(String(slow[x, y], radix: 16))")
                    return
                }
            }
            for y in 0..<110 { for x in 0..<120 where fast[x, y] != background { pixels += 1 } }
            scenes += 1
        }
        // The scenes drew: the comparison is not of blank surfaces.
        #expect(scenes == 240 && pixels > 150_000, "\(pixels) pixels drawn")
    }

    /// Outside the columns `outerColumns` returns, the clip's coverage is exactly 0; it is not
    /// much wider than the shape (the runs it bounds are short), and an unsolvable map says so.
    @Test func outerColumnsBoundEveryCoveredColumn() {
        var rng = SplitMix64(seed: 91)
        var excluded = 0
        for trial in 0..<300 {
            let w = 20 + Double(rng.next() % 300), h = 20 + Double(rng.next() % 300)
            let clip = ClipShape(shape: RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: Double(rng.next() % 40)),
                                 map: ClipInteriorTests.map(trial, &rng))
            for y in stride(from: -20, to: 420, by: 3) {
                let py = Double(y) + 0.5
                guard let (a, b) = BandRasterizer.outerColumns(clip, py, -50, 450) else { continue }
                #expect(a >= -50 && b <= 450 && a <= b)
                for x in -50..<450 where x < a || x >= b {
                    let c = roundedRectCoverage(clip.shape, clip.map, Double(x) + 0.5, py)
                    if c != 0 { Issue.record("trial \(trial) row \(y) column \(x): coverage \(c)"); return }
                    excluded += 1
                }
            }
        }
        #expect(excluded > 2_500_000, "\(excluded) columns excluded")
        // 1 : 1, a 200 × 100 clip at (10, 10): row 60 may be covered on columns 10..<210 (the
        // reach is √2/2 px: 9.29...210.71 in centres, columns 9...210), one more each side.
        let clip = ClipShape(shape: RoundedRect(minX: 0, minY: 0, maxX: 200, maxY: 100, cornerRadius: 12),
                             map: Projective(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: -10, m32: -10, m33: 1))
        let row = BandRasterizer.outerColumns(clip, 60.5, 0, 300)
        #expect(row.map { $0.0 } == 8 && row.map { $0.1 } == 212)
        // A row above the clip: no column; a NaN map: not solved.
        #expect(BandRasterizer.outerColumns(clip, 2.5, 0, 300).map { $0.0 == $0.1 } == true)
        var bad = clip
        bad.map.m31 = .nan
        #expect(BandRasterizer.outerColumns(bad, 60.5, 0, 300) == nil)
    }

    /// Fuzz seed 4423138's clip: a rounded rect whose edge lies 10⁹ units out, 1 : 1. The room
    /// for rounding was 10⁻⁷ of that magnitude, 150 pixels, so no column was ever exactly 1 (or
    /// exactly 0) and every pixel of every particle under it took the per-pixel clip. With 10⁻¹²
    /// (0.0015 px) row 16 is fully covered on columns 0...33 (the edge at x = 35.59, less the
    /// bound's 0.7086 and one column) and may be covered on 0...36.
    @Test func aClipFarOutStillHasAnInteriorAndAnOutside() {
        let clip = ClipShape(shape: RoundedRect(minX: 0.7916030594266132, minY: -1_000_000_001, maxX: 72.89807914847424,
                                                maxY: -1, cornerRadius: 34.870608951173665),
                             map: Projective(affine: 1, 0, 0, 1, 37.3065172910884, -500_000_004.38257533))
        let full = BandRasterizer.fullCoverageColumns(clip, 16.5, 0, 96)
        #expect(full.map { $0.0 } == 0 && full.map { $0.1 } == 34)
        let outer = BandRasterizer.outerColumns(clip, 16.5, 0, 96)
        #expect(outer.map { $0.0 } == 0 && outer.map { $0.1 } == 37)
        for x in 0..<96 {
            let c = roundedRectCoverage(clip.shape, clip.map, Double(x) + 0.5, 16.5)
            if x < 34 { #expect(c == 1, "column \(x)") }
            if x >= 37 { #expect(c == 0, "column \(x)") }
        }
        // The bars (kept for fills whose texels step) keep their old room: nothing.
        #expect(BandRasterizer.fullCoverageColumns(clip, 16.5, 0, 96, arcs: false) == nil)
    }
}
