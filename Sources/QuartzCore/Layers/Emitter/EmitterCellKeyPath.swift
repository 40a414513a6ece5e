import Foundation

/// Emitter cells by name in key paths, as on Apple: `emitterCells.spark.birthRate` is the
/// `birthRate` of the layer's first cell named "spark"; `emitterCells.fire.emitterCells.smoke.birthRate`
/// goes through a cell's own `emitterCells`; `emitterCells.spark` alone is the cell.
package struct EmitterCellKeyPath: Sendable, Equatable {
    /// The cell names, outermost first (at least one).
    package var names: [String]
    /// The cell property, or nil when the path names a cell.
    package var key: String?

    /// Parses `keyPath`; nil when it does not start with "emitterCells.<name>" or does not
    /// alternate "emitterCells" and names.
    package init?(_ keyPath: String) {
        guard keyPath.hasPrefix("emitterCells.") else { return nil }
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var names: [String] = []
        var i = 0
        while i + 1 < parts.count, parts[i] == "emitterCells" {
            guard !parts[i + 1].isEmpty else { return nil }
            names.append(parts[i + 1])
            i += 2
        }
        guard !names.isEmpty, names.count <= EmitterLayerState.maximumCellDepth + 1 else { return nil }
        let rest = parts[i...]
        guard rest.count <= 1, rest.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.names = names
        self.key = rest.first
    }
}

extension EmitterLayerState {
    /// The value at a cell key path in the cells' values (what the renderer reads); `.none`
    /// when no cell has the name or the cell has no such key.
    package func cellValue(at path: EmitterCellKeyPath) -> Any?? {
        guard let indices = Self.indices(of: path.names, in: cells) else { return .none }
        let cell = Self.cell(at: indices, in: cells)
        guard let key = path.key else { return .some(cell) }
        return cell.propertyValue(forKey: key)
    }

    /// Writes the value at a cell key path into the cells' values; false when no cell has the
    /// name, the key is not a cell property or the value does not fit (non-finite numbers do not).
    package mutating func setCellValue(_ value: Any?, at path: EmitterCellKeyPath) -> Bool {
        guard let key = path.key, let indices = Self.indices(of: path.names, in: cells) else { return false }
        var cell = Self.cell(at: indices, in: cells)
        guard cell.setPropertyValue(value, forKey: key) else { return false }
        Self.replace(at: indices[...], in: &cells, with: cell)
        return true
    }

    /// The index of the first cell with each name, level by level; nil when one is missing.
    private static func indices(of names: [String], in top: [EmitterCellState]) -> [Int]? {
        var level = top
        var out: [Int] = []
        for name in names {
            guard let i = level.firstIndex(where: { $0.name == name }) else { return nil }
            out.append(i)
            level = level[i].subcells
        }
        return out
    }

    private static func cell(at indices: [Int], in top: [EmitterCellState]) -> EmitterCellState {
        var c = top[indices[0]]
        for i in indices.dropFirst() { c = c.subcells[i] }
        return c
    }

    private static func replace(at indices: ArraySlice<Int>, in level: inout [EmitterCellState], with cell: EmitterCellState) {
        guard let i = indices.first else { return }
        if indices.count == 1 { level[i] = cell } else { replace(at: indices.dropFirst(), in: &level[i].subcells, with: cell) }
    }
}

extension CAEmitterCell {
    /// The first cell named `name` among `cells`.
    package static func named(_ name: String, in cells: [CAEmitterCell]?) -> CAEmitterCell? {
        cells?.first { $0.name == name }
    }

    /// The cell a path of names leads to from `cells`, or nil.
    package static func cell(at names: [String], in cells: [CAEmitterCell]?) -> CAEmitterCell? {
        var level = cells
        var found: CAEmitterCell?
        for name in names {
            guard let c = named(name, in: level) else { return nil }
            found = c
            level = c.emitterCells
        }
        return found
    }
}
