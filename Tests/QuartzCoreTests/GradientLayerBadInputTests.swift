import Foundation
import Testing
@testable import QuartzCore

// Hostile CAGradientLayer input: no colours, one colour, mismatched locations, values that are
// not colours, non-finite locations, degenerate geometry — clear behaviour, never a crash.

private let white: UInt32 = 0xFFFF_FFFF

private func render(_ g: CAGradientLayer) -> CGImage {
    Golden.render(KindScene.root(40, 40, holding: g), width: 40, height: 40)
}

@Test(.manualClock) func noColoursDrawOnlyTheBackground() {
    for colors: [Any]? in [nil, []] {
        let image = render(KindScene.gradient(colors) { $0.backgroundColor = KindScene.green })
        Golden.expectPixel(image, 20, 20, 0xFF00_FF00)
    }
    Golden.expectPixel(render(KindScene.gradient([])), 20, 20, white)
}

@Test(.manualClock) func oneColourFillsTheShape() {
    let image = render(KindScene.gradient([KindScene.blue]) { $0.type = .conic })
    for (x, y) in [(0, 0), (20, 20), (39, 39)] { Golden.expectPixel(image, x, y, 0xFF00_00FF) }
}

@Test(.manualClock) func mismatchedLocationsAreIgnored() {
    let even = render(KindScene.gradient([KindScene.red, KindScene.blue]))
    for locations: [NSNumber] in [[0.5], [0, 0.2, 0.4], []] {
        _ = StrataDiagnostics.capture {
            let image = render(KindScene.gradient([KindScene.red, KindScene.blue]) { $0.locations = locations })
            for y in [0, 13, 27, 39] { #expect(Golden.pixel(image, 20, y) == Golden.pixel(even, 20, y), "locations \(locations), row \(y)") }
        }
    }
}

@Test(.manualClock) func valuesThatAreNotColoursAreSkipped() {
    let plain = render(KindScene.gradient([KindScene.red, KindScene.blue]))
    _ = StrataDiagnostics.capture {
        let mixed = render(KindScene.gradient(["red", KindScene.red, 42, KindScene.blue]))
        for y in [0, 20, 39] { #expect(Golden.pixel(mixed, 20, y) == Golden.pixel(plain, 20, y)) }
    }
}

@Test func nonFiniteLocationsAndPointsAreRefused() {
    let g = KindScene.gradient([KindScene.red, KindScene.blue]) { $0.locations = [0, 1] }
    let messages = StrataDiagnostics.capture {
        g.locations = [0, NSNumber(value: Double.nan)]
        g.startPoint = CGPoint(x: CGFloat.infinity, y: 0)
        g.setValue([NSNumber(value: 0), NSNumber(value: Double.infinity)], forKey: "locations")
    }
    #expect(g.locations == [0, 1] && g.startPoint == CGPoint(x: 0.5, y: 0))
    #expect(messages.count == 3)
}

@Test(.manualClock) func degenerateGeometryIsClear() {
    // An axial gradient with start = end draws nothing (Core Graphics' rule for a zero-length
    // axis); a radial one of zero radius is all beyond its ellipse: the last colour; a conic one
    // with start = end turns from +x. Unsorted locations and locations outside 0…1 draw.
    let axial = render(KindScene.gradient([KindScene.red, KindScene.blue]) {
        $0.startPoint = CGPoint(x: 0.5, y: 0.5); $0.endPoint = CGPoint(x: 0.5, y: 0.5); $0.backgroundColor = KindScene.green
    })
    Golden.expectPixel(axial, 20, 20, 0xFF00_FF00)
    let radial = render(KindScene.gradient([KindScene.red, KindScene.blue]) {
        $0.type = .radial; $0.startPoint = CGPoint(x: 0.5, y: 0.5); $0.endPoint = CGPoint(x: 0.5, y: 1)
    })
    Golden.expectPixel(radial, 20, 20, 0xFF00_00FF)
    let conic = render(KindScene.gradient([KindScene.red, KindScene.blue]) {
        $0.type = .conic; $0.startPoint = CGPoint(x: 0.5, y: 0.5); $0.endPoint = CGPoint(x: 0.5, y: 0.5)
    })
    Golden.expectPixel(conic, 35, 21, 0xFFFF_0000, tolerance: 16, "just past +x: the first colour")
    for locations: [NSNumber] in [[1, 0], [-5, 7], [0.5, 0.5]] {
        let image = render(KindScene.gradient([KindScene.red, KindScene.blue]) { $0.locations = locations })
        for y in 0..<40 { #expect(Golden.pixel(image, 20, y) >> 24 == 0xFF) }
    }
}
