/// Timing and path of a window's presents, for a HUD.
///
/// Strata's own type. Times are seconds on `CLOCK_MONOTONIC` (the clock a Linux
/// `CACurrentMediaTime` should read, so the two compare directly).
public struct X11FrameInfo: Sendable, Equatable {
    /// When the last `present` finished issuing its blit; 0 before the first one.
    public var lastPresentTime: Double = 0
    /// Seconds the last `present` took: waiting for a free buffer, copying, issuing the put.
    public var lastPresentDuration: Double = 0
    /// Presents so far.
    public var framesPresented: Int = 0
    /// Whether presents go through MIT-SHM (`false`: the slower `XPutImage` fallback).
    public var usesSharedMemory: Bool = false
    /// Whether each pixel is converted because the visual is not 32-bit BGRA LSB-first.
    public var convertsPixels: Bool = false
    /// Pixels put into the window so far (only the damaged rectangles of a frame are put).
    public var pixelsPresented: Int = 0
    /// Rectangles put into the window so far (one `XShmPutImage`/`XPutImage` each).
    public var rectanglesPresented: Int = 0
}
