import CX11
import Foundation
import Raster

/// One client-side image the window presents from: an MIT-SHM segment, or malloc'ed memory
/// for the `XPutImage` fallback.
final class ImageBuffer {
    let image: UnsafeMutablePointer<XImage>
    /// Heap-allocated because Xlib keeps this pointer; nil for a plain (non-SHM) image.
    let segment: UnsafeMutablePointer<XShmSegmentInfo>?
    let width: Int
    let height: Int
    /// An `XShmPutImage` from this buffer was issued and its `ShmCompletion` has not arrived:
    /// the server may still be reading it, so it must not be written.
    var isBusy = false
    /// When the buffer was last handed out to draw a frame into (a count of the pool's hand-outs):
    /// of two free buffers, the one handed out last holds the newer frame.
    var lastTaken = 0
    /// The image's pixels as a surface, when they are laid out as one (32-bit BGRA, LSB first);
    /// valid until `destroy`.
    private(set) lazy var surface: Surface? = {
        guard let data = image.pointee.data, image.pointee.bits_per_pixel == 32,
              image.pointee.byte_order == LSBFirst, image.pointee.bytes_per_line % 4 == 0 else { return nil }
        return Surface(wrapping: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                       width: width, height: height, stride: Int(image.pointee.bytes_per_line) / 4)
    }()

    private init(image: UnsafeMutablePointer<XImage>, segment: UnsafeMutablePointer<XShmSegmentInfo>?) {
        self.image = image
        self.segment = segment
        width = Int(image.pointee.width)
        height = Int(image.pointee.height)
    }

    /// A shared-memory image, attached to the server and already marked for removal
    /// (`IPC_RMID`), so the segment disappears with the last detach even on a crash.
    static func makeShared(display: OpaquePointer, format: PixelFormat,
                           width: Int, height: Int) throws(X11Error) -> ImageBuffer {
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, format.visual, UInt32(format.depth), ZPixmap, nil,
                                          info, UInt32(width), UInt32(height)) else {
            info.deallocate()
            throw .requestFailed("XShmCreateImage failed")
        }
        let bytes = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        let id = shmget(0 /* IPC_PRIVATE */, bytes, IPC_CREAT | 0o600)
        guard id >= 0 else {
            let reason = String(cString: strerror(errno))
            XDestroyImage(image)
            info.deallocate()
            throw .requestFailed("shmget of \(bytes) bytes: \(reason)")
        }
        let address = shmat(id, nil, 0)
        guard let address, Int(bitPattern: address) != -1 else {
            let reason = String(cString: strerror(errno))
            shmctl(id, IPC_RMID, nil)
            XDestroyImage(image)
            info.deallocate()
            throw .requestFailed("shmat: \(reason)")
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        image.pointee.data = info.pointee.shmaddr
        // A remote display accepts XShmAttach and only reports BadAccess after a round trip.
        let error = XErrorTrap.firstError(on: display) { _ = XShmAttach(display, info) }
        // Removed right after the round trip, success or not: nothing can leak from here on.
        shmctl(id, IPC_RMID, nil)
        if let error {
            shmdt(address)
            image.pointee.data = nil
            XDestroyImage(image)
            info.deallocate()
            throw .requestFailed("XShmAttach: \(error)")
        }
        return ImageBuffer(image: image, segment: info)
    }

    /// A plain image for `XPutImage`, its pixels in malloc'ed memory (freed by `XDestroyImage`).
    static func makePlain(display: OpaquePointer, format: PixelFormat,
                          width: Int, height: Int) throws(X11Error) -> ImageBuffer {
        guard let image = XCreateImage(display, format.visual, UInt32(format.depth), ZPixmap, 0, nil,
                                       UInt32(width), UInt32(height), 32, 0) else {
            throw .requestFailed("XCreateImage failed")
        }
        let bytes = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        guard let data = malloc(Swift.max(bytes, 1)) else {
            XDestroyImage(image)
            throw .requestFailed("out of memory for a \(width)x\(height) image")
        }
        image.pointee.data = data.assumingMemoryBound(to: CChar.self)
        return ImageBuffer(image: image, segment: nil)
    }

    /// The present this buffer holds (a serial of the window's `DamageLog`), 0 for none yet.
    var heldPresent = 0

    /// Copies `rects` of `surface` (clipped to both) into the image, at the same places.
    func write(_ surface: Surface, rects: [IntRect], format: PixelFormat, packer: ChannelPacker?) {
        let bytesPerLine = Int(image.pointee.bytes_per_line)
        let base = UnsafeMutableRawPointer(image.pointee.data!)
        let bounds = IntRect(x0: 0, y0: 0, x1: Swift.min(width, surface.width), y1: Swift.min(height, surface.height))
        for rect in rects {
            let r = rect.intersection(bounds)
            guard !r.isEmpty else { continue }
            for y in r.y0..<r.y1 {
                let row = surface.row(y)
                if let packer {
                    for x in r.x0..<r.x1 { _ = XPutPixel(image, Int32(x), Int32(y), packer.pack(row[x])) }
                } else {
                    (base + y * bytesPerLine + r.x0 * 4).copyMemory(from: row + r.x0, byteCount: (r.x1 - r.x0) * 4)
                }
            }
        }
    }

    /// Puts `rects` of the image (clipped to it) at the same places in `drawable`, with
    /// `XShmPutImage` (marking the buffer busy until its completion) or `XPutImage`; returns the
    /// pixels put.
    @discardableResult
    func put(_ rects: [IntRect], display: OpaquePointer, drawable: UInt, gc: GC) -> Int {
        let bounds = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        let visible = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard !visible.isEmpty else { return 0 }
        if segment != nil {
            // One put asks for the completion that frees the buffer.
            if visible.count > 1 { return putClipped(visible, display: display, drawable: drawable, gc: gc) }
            let r = visible[0]
            XShmPutImage(display, drawable, gc, image, Int32(r.x0), Int32(r.y0), Int32(r.x0), Int32(r.y0),
                         UInt32(r.x1 - r.x0), UInt32(r.y1 - r.y0), 1)
            isBusy = true
            return r.area
        }
        for r in visible {
            XPutImage(display, drawable, gc, image, Int32(r.x0), Int32(r.y0), Int32(r.x0), Int32(r.y0),
                      UInt32(r.x1 - r.x0), UInt32(r.y1 - r.y0))
        }
        return visible.reduce(0) { $0 + $1.area }
    }

    /// Puts several disjoint rectangles of the shared segment in two requests: the GC clipped to
    /// them, then one put of their bounding box (the server copies only the clipped pixels; one
    /// request per rectangle cost the server a request each, which held damage to few, coarse
    /// rectangles). The GC's clip is reset afterwards.
    private func putClipped(_ rects: [IntRect], display: OpaquePointer, drawable: UInt, gc: GC) -> Int {
        var box = rects[0], pixels = 0
        var clip = [XRectangle]()
        clip.reserveCapacity(rects.count)
        for r in rects {
            box = box.union(r)
            pixels += r.area
            clip.append(XRectangle(x: Int16(r.x0), y: Int16(r.y0), width: UInt16(r.x1 - r.x0), height: UInt16(r.y1 - r.y0)))
        }
        XSetClipRectangles(display, gc, 0, 0, &clip, Int32(clip.count), Unsorted)
        XShmPutImage(display, drawable, gc, image, Int32(box.x0), Int32(box.y0), Int32(box.x0), Int32(box.y0),
                     UInt32(box.x1 - box.x0), UInt32(box.y1 - box.y0), 1)
        XSetClipMask(display, gc, UInt(None))
        isBusy = true
        return pixels
    }

    /// Copies the top-left `width`×`height` pixels of `surface` into the image.
    func write(_ surface: Surface, width: Int, height: Int, format: PixelFormat, packer: ChannelPacker?) {
        let bytesPerLine = Int(image.pointee.bytes_per_line)
        let base = UnsafeMutableRawPointer(image.pointee.data!)
        if let packer {
            // Slow path for visuals that are not 32-bit BGRA: one pixel at a time through Xlib.
            for y in 0..<height {
                let row = surface.row(y)
                for x in 0..<width {
                    _ = XPutPixel(image, Int32(x), Int32(y), packer.pack(row[x]))
                }
            }
        } else {
            for y in 0..<height {
                (base + y * bytesPerLine).copyMemory(from: surface.row(y), byteCount: width * 4)
            }
        }
    }

    /// Detaches and frees the image. A put still in flight is safe: the server handles
    /// `XShmDetach` after it, and the segment lives until the server detaches.
    func destroy(display: OpaquePointer) {
        if let segment {
            XShmDetach(display, segment)
            shmdt(segment.pointee.shmaddr)
            image.pointee.data = nil
            XDestroyImage(image)
            segment.deallocate()
        } else {
            XDestroyImage(image)
        }
    }
}
