import Foundation

/// NSSecureCoding of emitter cells: every property under its key-value-coding key (values as
/// `ArchivedValue` writes layer values: numbers, names, colours, images as PNG), and the
/// sub-cells. `shouldArchiveValue(forKey:)` can leave keys out.
extension CAEmitterCell: NSSecureCoding {
    public static var supportsSecureCoding: Bool { true }

    private static let subcellsKey = "emitterCells"

    public func encode(with coder: NSCoder) {
        for key in EmitterCellState.propertyKeys where shouldArchiveValue(forKey: key) {
            guard let value = values.propertyValue(forKey: key) ?? nil, let archived = ArchivedValue.encode(value) else { continue }
            coder.encode(archived, forKey: key)
        }
        if shouldArchiveValue(forKey: Self.subcellsKey), let cells = emitterCells {
            // A cell that reaches itself through its sub-cells would decode for ever: its
            // sub-cells are left out (with a message).
            guard !reachesItself() else {
                return StrataDiagnostics.report("CAEmitterCell \(name.map { "\"\($0)\"" } ?? "(unnamed)") reaches itself through its emitterCells; they are not archived")
            }
            coder.encode(NSArray(array: cells), forKey: Self.subcellsKey)
        }
    }

    /// Whether this cell is among its own sub-cells, at any depth (10,000 cells visited at most).
    private func reachesItself() -> Bool {
        var work = emitterCells ?? []
        var seen = Set<ObjectIdentifier>()
        while let c = work.popLast(), seen.count < 10_000 {
            if c === self { return true }
            guard seen.insert(ObjectIdentifier(c)).inserted else { continue }
            work.append(contentsOf: c.emitterCells ?? [])
        }
        return false
    }

    /// Reads a cell written by `encode(with:)`: missing keys keep Apple's defaults, values that
    /// do not fit are dropped, sub-cells nest at most as deep as a layer draws them.
    package func decodeCell(from coder: NSCoder) -> Bool {
        guard coder.allowsKeyedCoding else { return false }
        for key in EmitterCellState.propertyKeys where coder.containsValue(forKey: key) {
            let object = coder.decodeObject(of: ArchivedValue.classes, forKey: key)
            _ = values.setPropertyValue(ArchivedValue.decode(object), forKey: key)
        }
        if coder.containsValue(forKey: Self.subcellsKey),
           let cells = coder.decodeObject(of: [NSArray.self, CAEmitterCell.self], forKey: Self.subcellsKey) as? [CAEmitterCell] {
            emitterCells = cells
        }
        return true
    }
}
