extension String {
    /// The UTF-8 text a C function wrote into `buffer`, up to its first NUL (all of it when it
    /// has none); invalid UTF-8 is repaired. For the message and path buffers the C shims fill.
    init(cBuffer buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
