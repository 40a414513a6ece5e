import Testing
@testable import Raster

// The 64-bit four-lane helpers must give exactly the 32-bit results, channel for channel.

@Test func widenAndNarrowRoundTripAndPlaceChannelsInLanes() {
    #expect(widen(0xAA33_2211) == 0x00AA_0022_0033_0011)
    #expect(narrow(0x00AA_0022_0033_0011) == 0xAA33_2211)
    var rng = SeededRandom(seed: 5)
    for _ in 0..<1000 {
        let p = UInt32.random(in: 0...UInt32.max, using: &rng)
        #expect(narrow(widen(p)) == p)
    }
}

@Test func wideArithmeticMatchesThe32BitKernels() {
    var rng = SeededRandom(seed: 9)
    // Extremes first (full and empty channels, weights 0 and 256), then random premultiplied pixels.
    var samples: [(UInt32, UInt32)] = [(0xFFFF_FFFF, 0), (0, 0xFFFF_FFFF), (0xFFFF_FFFF, 0xFFFF_FFFF), (0x80FF_0000, 0xFF00_FF00)]
    for _ in 0..<2000 { samples.append((randomPremultiplied(&rng), randomPremultiplied(&rng))) }
    for (a, b) in samples {
        for f: UInt32 in [0, 1, 128, 255, 256, UInt32.random(in: 0...256, using: &rng)] {
            #expect(narrow(lerp256Wide(widen(a), widen(b), UInt64(f))) == lerp256(a, b, f))
        }
        for s: UInt32 in [0, 1, 127, 255, UInt32.random(in: 0...255, using: &rng)] {
            #expect(narrow(mul255Wide(widen(a), UInt64(s))) == mul255(a, s))
        }
        #expect(narrow(overWide(widen(a), widen(b))) == over(a, b))
    }
}
