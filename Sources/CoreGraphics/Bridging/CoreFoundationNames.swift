import Foundation

// The Core Foundation type names Apple code uses in casts (`key as CFString`, `array as CFArray`,
// `let object: CFTypeRef`). Linux Foundation keeps CoreFoundation private, so these name the
// toll-free-bridged Foundation classes instead: the casts compile and mean the same. CF
// functions (`CFGetTypeID`, `CFRetain`…) are not provided.

/// Core Foundation's string type: `NSString` (toll-free bridged on Apple platforms).
public typealias CFString = NSString
/// Core Foundation's array type: `NSArray`.
public typealias CFArray = NSArray
/// Core Foundation's dictionary type: `NSDictionary`.
public typealias CFDictionary = NSDictionary
/// Core Foundation's number type: `NSNumber`.
public typealias CFNumber = NSNumber
/// Core Foundation's data type: `NSData`.
public typealias CFData = NSData
/// Any Core Foundation object: `AnyObject`, as Swift imports `CFTypeRef` on Apple platforms.
public typealias CFTypeRef = AnyObject
/// Core Foundation's time interval in seconds (also what `CACurrentMediaTime()` returns).
public typealias CFTimeInterval = Double
