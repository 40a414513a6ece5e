/// Seconds, as on Apple platforms (Linux Foundation does not export the CoreFoundation name).
public typealias CFTimeInterval = Double
