import Foundation
import Raster
import X11Host

/// A plain window that shows frames as they are handed to it, with no input handling: what the
/// benchmark's window mode presents to (MIT-SHM, or XPutImage when SHM is unavailable).
@MainActor
public final class WindowPresenter {
    private let display: X11Display
    private let window: X11Window

    /// Opens a `width` × `height` window; throws a clear error when there is no X server.
    public init(title: String, width: Int, height: Int) throws {
        display = try X11Display()
        window = try X11Window(display: display, title: title, width: width, height: height)
    }

    /// Whether frames go through MIT-SHM.
    public var usesSharedMemory: Bool { display.supportsSharedMemory }

    /// Presents one frame and processes pending X events (waiting for the blit to complete).
    public func present(_ surface: Surface) {
        window.present(surface)
        display.processEvents()
    }

    /// Presents one frame that `draw` renders straight into the window's free shared-memory
    /// buffer (no copy on this side; see `X11Window.present(drawingWith:)`), then processes
    /// pending X events.
    public func present(drawingWith draw: (Surface) -> Void) {
        window.present(drawingWith: draw)
        display.processEvents()
    }

    /// As `present(drawingWith:)`, for a `draw` that returns where its frame differs from the
    /// last one shown (nil: everywhere): only those rectangles are put into the window.
    public func presentDamage(drawingWith draw: (Surface) -> [IntRect]?) {
        window.presentDamage(drawingWith: draw)
        display.processEvents()
    }

    /// Pixels and rectangles put into the window so far.
    public var presentedTotals: (pixels: Int, rectangles: Int) {
        (window.frameInfo.pixelsPresented, window.frameInfo.rectanglesPresented)
    }

    /// Closes the window.
    public func close() { window.close() }
}

/// Sends `WM_DELETE_WINDOW` to a window on `$DISPLAY`, as a window manager's close button does.
public func sendWindowCloseRequest(window: UInt) throws {
    try sendCloseRequest(display: nil, window: window)
}
