/// An object of a ``JSONTape`` read by key, with Foundation's rules: the first of repeated keys wins, keys compare
/// as Swift strings, a missing key is `nil` for `decodeIfPresent` and an error for `decode`.
///
/// Models read their keys in about the order of the text, so a lookup starts after the member found last and
/// usually matches at once; an object whose keys may repeat, or has keys beyond plain ASCII, is searched from its
/// first member every time.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    /// The object's entry.
    let object: Int
    let path: TapePath?

    var codingPath: [any CodingKey] { TapePath.keys(path) }

    var allKeys: [Key] {
        var seen = Set<String>()
        var keys: [Key] = []
        forEachMember { keyIndex, _ in
            let name = JSONTapeStrings.string(decoder.tape.entries[keyIndex], in: decoder.tape)
            if seen.insert(name).inserted, let key = Key(stringValue: name) {
                keys.append(key)
            }
            return false
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        find(key) != nil
    }

    /// The value entry of `key`, or `nil`.
    func valueIndex(forKey key: Key) -> Int? {
        find(key)
    }

    private func find(_ key: Key) -> Int? {
        let tape = decoder.tape
        let objectEntry = tape.entries[object]
        guard objectEntry.count > 0 else {
            return nil
        }
        let name = key.stringValue
        let searchedFromFirst = objectEntry.flag || objectEntry.hasComplexKeys
        if searchedFromFirst, objectEntry.count > JSONTape.indexedObjectSize {
            return tape.keyIndex(ofObject: object)[name]
        }
        let keyIsASCII = name.utf8.allSatisfy { $0 < 0x80 }
        let byStrings = objectEntry.hasComplexKeys || !keyIsASCII
        let first = object + 1
        let end = Int(objectEntry.end)
        let resume = Int(tape.cursors[object])
        // Where this lookup starts: the member after the last one found, unless a key may appear twice.
        let start = searchedFromFirst || resume == 0 ? first : resume
        var keyIndex = start
        var wrapped = start == first
        while true {
            if keyIndex >= end {
                guard !wrapped else {
                    return nil
                }
                wrapped = true
                keyIndex = first
            }
            if wrapped, start != first, keyIndex >= start {
                return nil
            }
            let valueIndex = keyIndex + 1
            if JSONTapeStrings.key(tape.entries[keyIndex], in: tape, equals: name, keyIsASCII: !byStrings) {
                let next = Int(tape.entries[valueIndex].end)
                tape.cursors[object] = next < end ? UInt32(next) : 0
                return valueIndex
            }
            keyIndex = Int(tape.entries[valueIndex].end)
        }
    }

    /// Calls `body` with each member's key and value entries until it returns `true`.
    private func forEachMember(_ body: (Int, Int) -> Bool) {
        let end = Int(decoder.tape.entries[object].end)
        var keyIndex = object + 1
        while keyIndex < end {
            if body(keyIndex, keyIndex + 1) {
                return
            }
            keyIndex = Int(decoder.tape.entries[keyIndex + 1].end)
        }
    }

    private func value(_ key: Key) throws -> Int {
        guard let index = find(key) else {
            throw decoder.diverge("no value for key \"\(key.stringValue)\"", at: path)
        }
        return index
    }

    /// The value of `key` unless it is missing or `null`.
    private func presentValue(_ key: Key) -> Int? {
        guard let index = find(key), decoder.tape.entries[index].kind != .null else {
            return nil
        }
        return index
    }

    private func child(_ key: Key) -> TapePath {
        TapePath(parent: path, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.tape.entries[try value(key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.bool(try value(key), path: path)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.string(try value(key), path: path)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.double(try value(key), path: path)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.float(try value(key), path: path)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.int(try value(key), path: path) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        throw decoder.diverge("Int128 left to JSONDecoder", at: child(key))
    }

    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        throw decoder.diverge("UInt128 left to JSONDecoder", at: child(key))
    }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        try decoder.integer(try value(key), as: T.self, path: path)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(try value(key), as: type, path: child(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try presentValue(key).map { try decoder.bool($0, path: path) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try presentValue(key).map { try decoder.string($0, path: path) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try presentValue(key).map { try decoder.double($0, path: path) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try presentValue(key).map { try decoder.int($0, path: path) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentValue(key).map { try decoder.unwrap($0, as: type, path: child(key)) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let index = try value(key)
        guard decoder.tape.entries[index].kind == .object else {
            throw decoder.diverge("not an object", at: child(key))
        }
        return KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(decoder: decoder, object: index, path: child(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try value(key)
        guard decoder.tape.entries[index].kind == .array else {
            throw decoder.diverge("not an array", at: child(key))
        }
        return TapeUnkeyedContainer(decoder: decoder, array: index, path: child(key))
    }

    func superDecoder() throws -> any Decoder {
        let index = findName(TapeKey.super.stringValue) ?? -1
        return TapeDecoder(tape: decoder.tape, current: index, path: TapePath(parent: path, key: TapeKey.super))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TapeDecoder(tape: decoder.tape, current: find(key) ?? -1, path: child(key))
    }

    /// The value of a key given by name (the first match, as Foundation).
    private func findName(_ name: String) -> Int? {
        var found: Int?
        forEachMember { keyIndex, valueIndex in
            guard JSONTapeStrings.string(decoder.tape.entries[keyIndex], in: decoder.tape) == name else {
                return false
            }
            found = valueIndex
            return true
        }
        return found
    }
}
