import Foundation
import Testing
@testable import Raster

// A frame's changed pixels to within a tile (`DamageTiles`, `DrawnCommands.changes(from:)`):
// what a window is sent, finer than the few boxes a redraw rasterises.

private extension IntRect {
    func contains(_ x: Int, _ y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
}

@Test func tilesRoundRectanglesOutAndMergeEqualRunsDownTheRows() {
    var tiles = DamageTiles(width: 100, height: 70)
    #expect(tiles.tile == 8)
    #expect(tiles.rects(maximum: 8) == [])
    tiles.add(IntRect(x0: 5, y0: 5, x1: 10, y1: 10))
    tiles.add(IntRect(x0: 70, y0: 40, x1: 75, y1: 45))
    tiles.add(IntRect(x0: -50, y0: 300, x1: 900, y1: 400))   // off the frame: nothing
    #expect(tiles.rects(maximum: 8) == [IntRect(x0: 0, y0: 0, x1: 16, y1: 16), IntRect(x0: 64, y0: 40, x1: 80, y1: 48)])
    #expect(tiles.area == 16 * 16 + 16 * 8)
    #expect(tiles.rects(maximum: 1) == nil)
    // Columns 5…8 over all nine tile rows (the last one 6 pixels high) are one rectangle; a
    // run beside it in the last row is another.
    var column = DamageTiles(width: 100, height: 70)
    column.add(IntRect(x0: 40, y0: 0, x1: 70, y1: 70))
    #expect(column.rects(maximum: 8) == [IntRect(x0: 40, y0: 0, x1: 72, y1: 70)])
    column.add(IntRect(x0: 99, y0: 69, x1: 100, y1: 70))
    #expect(column.rects(maximum: 8) == [IntRect(x0: 40, y0: 0, x1: 72, y1: 70), IntRect(x0: 96, y0: 64, x1: 100, y1: 70)])
    // A run across the words of a row (columns 60…70 of 256), and a row of every column.
    var wide = DamageTiles(width: 2048, height: 16)
    wide.add(IntRect(x0: 480, y0: 0, x1: 568, y1: 8))
    wide.add(IntRect(x0: 0, y0: 8, x1: 2048, y1: 9))
    #expect(wide.rects(maximum: 8) == [IntRect(x0: 480, y0: 0, x1: 568, y1: 8), IntRect(x0: 0, y0: 8, x1: 2048, y1: 16)])
    // Wider frames get wider tiles: a row of tiles fits four words.
    #expect(DamageTiles(width: 16384, height: 8).tile == 64)
    #expect(DamageTiles(width: -3, height: .min).rects(maximum: 4) == [])
}

@Test func tilesCoverEveryPixelAddedOnceAndOnlyTilesReached() {
    var g = SeededRandom(seed: 7)
    for _ in 0..<40 {
        let (w, h) = (Int.random(in: 1...200, using: &g), Int.random(in: 1...150, using: &g))
        var tiles = DamageTiles(width: w, height: h)
        var added: [IntRect] = []
        for _ in 0..<Int.random(in: 0...6, using: &g) {
            let x = Int.random(in: -20...w, using: &g), y = Int.random(in: -20...h, using: &g)
            let r = IntRect(x0: x, y0: y, x1: x + Int.random(in: 0...90, using: &g), y1: y + Int.random(in: 0...90, using: &g))
            added.append(r)
            tiles.add(r)
        }
        let out = tiles.rects(maximum: .max)!
        let t = tiles.tile
        for y in 0..<h {
            for x in 0..<w {
                let hits = out.filter { $0.contains(x, y) }.count
                let tileReached = added.contains { r in
                    !r.intersection(IntRect(x0: 0, y0: 0, x1: w, y1: h))
                        .intersection(IntRect(x0: x / t * t, y0: y / t * t, x1: x / t * t + t, y1: y / t * t + t)).isEmpty
                }
                #expect(hits == (tileReached ? 1 : 0), "(\(x), \(y)) in \(w)×\(h): \(hits) rects, \(added)")
                if hits != (tileReached ? 1 : 0) { return }
            }
        }
    }
}

/// Squares circling a ring, all moving: the boxes a redraw takes cover the whole ring and its
/// middle; the tiles leave the middle out. Every pixel that differs between the two frames is
/// inside the tiles, and the tiles lie inside the boxes.
@Test func changedPixelsOfARingOfMovingSquaresLeaveTheMiddleOut() {
    let (w, h) = (320, 240)
    func frame(_ t: Double) -> [FillCommand] {
        var commands = [FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: Double(w), maxY: Double(h), cornerRadius: 0),
                                    localToDevice: .identity, paint: .solid(0xFF20_2020), opacity: 1)]
        for i in 0..<24 {
            let a = Double(i) / 24 * 2 * .pi + t
            let (cx, cy) = (160 + 120 * cos(a), 120 + 90 * sin(a))
            commands.append(FillCommand(shape: RoundedRect(minX: -12, minY: -12, maxX: 12, maxY: 12, cornerRadius: 3),
                                        localToDevice: .rotation(t + Double(i)).concatenating(.translation(cx, cy)),
                                        paint: .solid(0xFF00_0000 | UInt32(i * 10) << 8 | 0x80), opacity: 1))
        }
        return commands
    }
    func drawn(_ c: [FillCommand]) -> DrawnCommands {
        PreparedPasses([RenderPass(target: .framebuffer, commands: c)], framebufferWidth: w, framebufferHeight: h).drawnCommands!
    }
    let (a, b) = (frame(0), frame(0.05))
    let (redraw, changed) = drawn(b).changes(from: drawn(a))
    let area = { (rects: [IntRect]) in rects.reduce(0) { $0 + $1.area } }
    #expect(area(changed) < area(redraw) * 3 / 4, "tiles \(area(changed)) against boxes \(area(redraw))")
    #expect(!changed.contains { $0.contains(160, 120) })
    let (before, after) = (Surface(width: w, height: h), Surface(width: w, height: h))
    execute(a, on: before, threads: 1)
    execute(b, on: after, threads: 1)
    var differing = 0
    for y in 0..<h {
        for x in 0..<w {
            let inChanged = changed.filter { $0.contains(x, y) }.count
            #expect(inChanged <= 1)
            if inChanged == 1 { #expect(redraw.contains { $0.contains(x, y) }, "(\(x), \(y)) outside the boxes") }
            guard before[x, y] != after[x, y] else { continue }
            differing += 1
            #expect(inChanged == 1, "(\(x), \(y)) differs outside the tiles")
        }
    }
    #expect(differing > 1000)
}
