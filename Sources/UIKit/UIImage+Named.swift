import Foundation

/// `UIImage(named:)`: images found by name in the app's resources, cached as on iOS.
///
/// Search order, first hit wins:
/// 1. the main bundle's resources (`Bundle.main.resourcePath`: on Linux the executable's folder);
/// 2. every SwiftPM resource bundle beside the executable (`<Package>_<Target>.resources`, where
///    `resources: [.copy("Resources")]` or `.process(…)` put files), and its `Resources` folder;
/// 3. a `Resources` folder in the current directory;
/// 4. the folders in `UIImage.resourceSearchPaths` (a Strata extension, empty by default).
///
/// In each folder, a name with an extension is tried as it is; a name without one is tried as
/// `name.png`, `name@2x.png`, `name@3x.png`, `name.jpg`, `name.jpeg` (the scale read from the
/// `@2x`/`@3x` suffix). A name nothing matches gives nil, as on iOS. Decoded images are kept
/// (at most 64 names): asking again decodes nothing (the new `UIImage` shares the same `CGImage`).
extension UIImage {
    /// Extra folders `init(named:)` searches, after the built-in ones (Strata extension).
    public static var resourceSearchPaths: [String] {
        get { NamedImages.lock.withLock { NamedImages.extraPaths } }
        set { NamedImages.lock.withLock { NamedImages.extraPaths = newValue; NamedImages.cache.removeAll() } }
    }

    /// The image named `name` in the app's resources (see the search order above), or nil.
    public convenience init?(named name: String) {
        guard let found = NamedImages.image(named: name) else { return nil }
        self.init(cgImage: found.cgImage!, scale: found.scale, orientation: found.imageOrientation)
    }

    /// The image named `name` in `bundle` (nil: the built-in search), or nil.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: Any?) {
        if let bundle, let dir = bundle.resourcePath {
            guard let found = NamedImages.load(name, in: [dir, dir + "/Resources"]) else { return nil }
            self.init(cgImage: found.cgImage!, scale: found.scale, orientation: .up)
        } else {
            self.init(named: name)
        }
    }
}

enum NamedImages {
    static let lock = NSLock()
    nonisolated(unsafe) static var extraPaths: [String] = []
    nonisolated(unsafe) static var cache: [String: UIImage] = [:]
    static let maximumCached = 64

    static func image(named name: String) -> UIImage? {
        guard isPlausible(name) else { return nil }
        if let hit = lock.withLock({ cache[name] }) { return hit }
        guard let image = load(name, in: searchFolders()) else { return nil }
        lock.withLock {
            if cache.count >= maximumCached { cache.removeAll() }
            cache[name] = image
        }
        return image
    }

    /// Names that can be files: not empty, no NUL, not absurdly long.
    static func isPlausible(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains(0) && name.utf8.count <= 1024
    }

    /// The folders searched, in order (see `UIImage(named:)`).
    static func searchFolders() -> [String] {
        var folders: [String] = []
        if let main = Bundle.main.resourcePath { folders.append(main) }
        let exeFolder = Bundle.main.executableURL?.deletingLastPathComponent().path
        if let exeFolder, let entries = try? FileManager.default.contentsOfDirectory(atPath: exeFolder) {
            for entry in entries.sorted() where entry.hasSuffix(".resources") || entry.hasSuffix(".bundle") {
                folders.append(exeFolder + "/" + entry)
                folders.append(exeFolder + "/" + entry + "/Resources")
            }
        }
        folders.append(FileManager.default.currentDirectoryPath + "/Resources")
        folders += lock.withLock { extraPaths }
        return folders
    }

    /// The first readable image for `name` in `folders`.
    static func load(_ name: String, in folders: [String]) -> UIImage? {
        guard isPlausible(name) else { return nil }
        let ext = (name as NSString).pathExtension.lowercased()
        let files = ["png", "jpg", "jpeg"].contains(ext)
            ? [name]
            : [name + ".png", name + "@2x.png", name + "@3x.png", name + ".jpg", name + ".jpeg"]
        for folder in folders {
            for file in files {
                let path = folder + "/" + file
                guard FileManager.default.fileExists(atPath: path) else { continue }
                if let image = UIImage(contentsOfFile: path) { return image }
            }
        }
        return nil
    }
}
