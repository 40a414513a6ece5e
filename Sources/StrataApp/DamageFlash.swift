import Foundation
import Raster

/// The "flash updated regions" debug overlay (Quartz Debug's, Chromium's paint flashing): each
/// frame's damaged rectangles are tinted yellow in what the window shows, fading out over
/// `fadeFrames` presents, so one sees what is redrawn. The renderer's framebuffer is never
/// touched (its pixels are the next frame's starting point): the tint goes on a copy.
///
/// Toggled with `d` in every `LayerWindow`, or on from the start with `STRATA_FLASH_DAMAGE=1`.
/// Used on the render queue only.
final class DamageFlash {
    /// Whether damaged regions are being flashed.
    private(set) var isOn: Bool
    /// Presents over which a flash fades out.
    static let fadeFrames = 10
    /// The tint, premultiplied opaque yellow, drawn at up to 15 % opacity (a region redrawn
    /// every frame stacks ten fading tints to about half: the content stays visible).
    static let tint: UInt32 = 0xFFFF_D200

    private var flashes: [(rect: IntRect, age: Int)] = []
    /// What is presented while on: the framebuffer with the tints over it.
    private let output = Surface(width: 0, height: 0)
    private var outputIsCurrent = false

    init(on: Bool = ProcessInfo.processInfo.environment["STRATA_FLASH_DAMAGE"] == "1") { isOn = on }

    /// Turns flashing on or off; the next `compose` shows the change.
    func toggle() { isOn.toggle(); turnedOff = !isOn }
    private var turnedOff = false

    /// Whether the window must present again even with nothing new: a flash is fading, or
    /// flashing was turned off and the tints still shown must go.
    var wantsPresent: Bool { (isOn && !flashes.isEmpty) || turnedOff }

    /// The surface to present for a frame drawn into `framebuffer` whose damage is `damage`
    /// (nil: everywhere), and the rectangles of it that changed since the last present.
    func compose(_ framebuffer: Surface, damage: [IntRect]?) -> (Surface, [IntRect]?) {
        let whole = IntRect(framebuffer)
        guard isOn else {
            guard turnedOff else { return (framebuffer, damage) }
            // The tints still shown are repainted from the framebuffer.
            turnedOff = false
            var region = DamageRegion(clip: whole)
            region.add(damage ?? [whole])
            region.add(flashes.map(\.rect))
            flashes = []
            outputIsCurrent = false
            return (framebuffer, region.rects)
        }
        var changed = DamageRegion(clip: whole)
        let fresh = damage ?? [whole]
        changed.add(fresh)
        changed.add(flashes.map(\.rect))
        if output.width != framebuffer.width || output.height != framebuffer.height || !outputIsCurrent {
            output.resize(width: framebuffer.width, height: framebuffer.height)
            changed = DamageRegion(clip: whole)
            changed.add(whole)
            outputIsCurrent = true
        }
        for r in changed.rects { output.copy(r, from: framebuffer) }
        flashes = flashes.map { ($0.rect, $0.age + 1) }.filter { $0.age < Self.fadeFrames }
        flashes += fresh.map { ($0, 0) }
        let commands = flashes.map { f in
            FillCommand(shape: RoundedRect(minX: Double(f.rect.x0), minY: Double(f.rect.y0), maxX: Double(f.rect.x1),
                                           maxY: Double(f.rect.y1), cornerRadius: 0),
                        localToDevice: .identity, paint: .solid(Self.tint),
                        opacity: Float(0.15 * Double(Self.fadeFrames - f.age) / Double(Self.fadeFrames)))
        }
        execute(commands, on: output, threads: 1)
        return (output, changed.rects)
    }
}
