/// A coding path as a chain from the innermost key to the root (`nil`), so that going one level down costs one
/// node and no copy of the keys above.
final class TapePath {
    let parent: TapePath?
    let key: any CodingKey

    init(parent: TapePath?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The keys from the root down to `node`.
    static func keys(_ node: TapePath?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = node
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// A key of an unkeyed container's element or a key path's component, spelled as Foundation's decoder spells
/// its own (`Index 3`, with the index as `intValue`).
struct TapeKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    /// The key of `superDecoder()`.
    static let `super` = TapeKey(stringValue: "super")
}
