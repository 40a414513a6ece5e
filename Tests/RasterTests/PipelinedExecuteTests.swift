import Foundation
import Testing
@testable import Raster

// A long command list with two or more workers is drawn in chunks of `pipelineChunk` commands,
// the calling thread preparing chunk k + 1 while the others draw chunk k (Execute.swift). The
// pixels must be those of one pass over the whole list, and of one thread.

/// `count` translucent stars and rounded rects scattered over (and past) a `w` × `h` surface,
/// every seventh entirely off it (a command that prepares to nothing).
private func scatteredShapes(_ count: Int, _ w: Double, _ h: Double, seed: UInt64) -> [FillCommand] {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for i in 0..<count {
        let cx = Double.random(in: -20...(w + 20), using: &rng) + (i % 7 == 6 ? 10_000 : 0)
        let cy = Double.random(in: -20...(h + 20), using: &rng)
        let r = Double.random(in: 3...40, using: &rng), turn = Double.random(in: 0...6.3, using: &rng)
        let paint = Paint.solid(randomPremultiplied(&rng))
        if i % 5 == 4 {
            let shape = RoundedRect(minX: -r, minY: -r / 2, maxX: r, maxY: r / 2, cornerRadius: r / 4)
            commands.append(FillCommand(shape: shape, localToDevice: .translation(cx, cy), paint: paint))
            continue
        }
        let star = (0..<10).map { j -> SIMD2<Double> in
            let phi = turn + Double(j) * Double.pi / 5, radius = j % 2 == 0 ? r : r * 0.4
            return SIMD2(cx + radius * cos(phi), cy + radius * sin(phi))
        }
        commands.append(FillCommand(path: polygonPath(star), rule: i % 3 == 0 ? .evenOdd : .nonZero,
                                    localToDevice: .identity, paint: paint))
    }
    return commands
}

@Test(arguments: [2 * pipelineChunk, 3 * pipelineChunk + 17])
func pipelinedChunksDrawTheSamePixelsAsOnePass(_ count: Int) {
    let commands = scatteredShapes(count, 180, 130, seed: UInt64(count))
    func draw(threads: Int, pipelined: Bool) -> [UInt32] {
        let s = Surface(width: 180, height: 130)
        s.clear(0xFF20_2030)
        if pipelined {
            execute(commands, on: s, threads: threads)
        } else {
            // Prepared as one list, then drawn: one pass, never chunked.
            execute(PreparedCommands(commands, width: 180, height: 130), on: s, threads: threads)
        }
        return pixels(s)
    }
    let onePass = draw(threads: 1, pipelined: false)
    #expect(draw(threads: 2, pipelined: true) == onePass)
    #expect(draw(threads: 3, pipelined: true) == onePass)
    #expect(draw(threads: 2, pipelined: false) == onePass)
}

/// A whole chunk that prepares to nothing (every command off the surface) is skipped, and the
/// chunks after it are still drawn, in order.
@Test func aChunkWithNothingToDrawIsSkipped() {
    let off = (0..<pipelineChunk).map { _ in
        FillCommand(path: PathGeometry(rect: -50, -50, -10, -10), rule: .nonZero, localToDevice: .identity, paint: .solid(0xFFFF_0000))
    }
    let on = (0..<pipelineChunk + 5).map { i in
        FillCommand(path: PathGeometry(rect: Double(i % 40), 2, Double(i % 40) + 3.5, 30.25), rule: .nonZero,
                    localToDevice: .identity, paint: .solid(0x8000_4080))
    }
    let a = Surface(width: 64, height: 40), b = Surface(width: 64, height: 40)
    execute(off + on, on: a, threads: 2)
    execute(PreparedCommands(off + on, width: 64, height: 40), on: b, threads: 1)
    #expect(pixels(a) == pixels(b))
    // Drawn at all: column 20 is under many of the translucent rects, row 10 inside them.
    #expect(a[20, 10] != 0)
}
