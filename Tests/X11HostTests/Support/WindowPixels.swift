import CX11

/// Reads a window's pixels back from the X server on a connection of its own (`XGetImage`).
enum WindowPixels {
    /// The pixel values (as the visual stores them, e.g. `0x00RRGGBB` at depth 24) of the
    /// `width`×`height` rectangle at the window's origin, row by row; nil if unreadable.
    static func read(display: String, window: UInt, width: Int, height: Int) -> [UInt]? {
        guard let d = XOpenDisplay(display) else { return nil }
        defer { XCloseDisplay(d) }
        guard let image = XGetImage(d, Window(window), 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap) else {
            return nil
        }
        defer { XDestroyImage(image) }
        var pixels: [UInt] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { pixels.append(XGetPixel(image, Int32(x), Int32(y))) }
        }
        return pixels
    }
}
