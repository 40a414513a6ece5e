import ArgumentParser
import Foundation
import QuartzCore
import StrataApp
import StrataDemos

/// `strata gallery`: every special-layer exhibit in one window, animating; a click names the
/// item under the pointer (hit-testing the presentation tree). `--headless` writes PNGs.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery", abstract: "Every layer kind in one window: click an item to name it.")
    @OptionGroup var options: DemoOptions
    @Option(parsing: .unconditional, help: "With --headless: the one frame's time in seconds (then --out is a PNG file).")
    var time: Double?

    func validate() throws {
        if let time, !time.isFinite || time < 0 || time > 1e6 { throw ValidationError("--time must be 0…1000000 seconds") }
    }

    /// The window's root: the black window colour behind the gallery.
    static func makeGallery(_ size: PixelSize) -> Gallery {
        Gallery(size: CGSize(width: size.width, height: size.height))
    }

    func run() throws {
        if options.headless {
            let size = options.size
            if time != nil || (options.out ?? "").hasSuffix(".png") {
                let out = options.out ?? "out/gallery.png"
                let image = HeadlessRender.frame(size: size, time: time ?? 0, threads: options.threads) {
                    Self.makeGallery(size).root
                }
                try image.writePNG(to: URL(fileURLWithPath: out))
                say("wrote \(out) (\(size), t = \(time ?? 0) s)")
            } else {
                let gallery = Self.makeGallery(size)
                try HeadlessRender.frames(root: gallery.root, size: size, count: options.frames,
                                          out: options.out ?? "out/gallery", threads: options.threads) { _, _ in }
            }
            return
        }
        let opts = options
        MainActor.assumeIsolated { Self.runWindow(opts) }
    }

    @MainActor static func runWindow(_ options: DemoOptions) -> Never {
        let gallery = makeGallery(options.size)
        let window = openWindow(title: "Strata — gallery", size: options.size, root: gallery.root)
        window.onTap = { tap in
            let name = gallery.itemName(at: tap.location) ?? "none"
            say("gallery: hit \(name)")
            gallery.showStatus("hit \(name)")
        }
        say("gallery: \(gallery.items.count) items (\(gallery.items.map(\.name).joined(separator: ", "))); click one to name it; f HUD, q quit")
        window.run()
    }
}
