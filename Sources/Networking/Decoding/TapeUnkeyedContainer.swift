/// An array of a ``JSONTape`` read in order, with Foundation's rules (`decodeNil` moves on only past a `null`;
/// `decodeIfPresent` moves on past anything, also at the end).
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let path: TapePath?
    let count: Int?
    private(set) var currentIndex = 0
    /// The entry of the element at `currentIndex`.
    private var next: Int

    var codingPath: [any CodingKey] { TapePath.keys(path) }
    var isAtEnd: Bool { currentIndex >= elements }
    private let elements: Int

    init(decoder: TapeDecoder, array: Int, path: TapePath?) {
        self.decoder = decoder
        self.path = path
        elements = Int(decoder.tape.entries[array].count)
        count = elements
        next = array + 1
    }

    /// The current element's entry; at the end, an error (Foundation's `valueNotFound`).
    private func element() throws -> Int {
        guard !isAtEnd else {
            throw decoder.diverge("the array has no element \(currentIndex)", at: path)
        }
        return next
    }

    private mutating func advance() {
        if !isAtEnd {
            next = Int(decoder.tape.entries[next].end)
        }
        currentIndex += 1
    }

    private var child: TapePath {
        TapePath(parent: path, key: TapeKey(index: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.tape.entries[try element()].kind == .null else {
            return false
        }
        advance()
        return true
    }

    private mutating func read<T>(_ convert: (Int) throws -> T) throws -> T {
        let value = try convert(try element())
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try read { [decoder, path] in try decoder.bool($0, path: path) }
    }
    mutating func decode(_ type: String.Type) throws -> String {
        try read { [decoder, path] in try decoder.string($0, path: path) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try read { [decoder, path] in try decoder.double($0, path: path) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try read { [decoder, path] in try decoder.float($0, path: path) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try read { [decoder, path] in try decoder.int($0, path: path) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode(_ type: Int128.Type) throws -> Int128 {
        throw decoder.diverge("Int128 left to JSONDecoder", at: child)
    }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
        throw decoder.diverge("UInt128 left to JSONDecoder", at: child)
    }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        try read { [decoder, path] in try decoder.integer($0, as: T.self, path: path) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = child
        return try read { [decoder, path] in try decoder.unwrap($0, as: type, path: path) }
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try present { try $0.decode(type) }
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try present { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try present { try $0.decode(type) } }

    /// `nil`, moving on, at the end or for a `null` (as Foundation, unlike the protocol's default, which stays at
    /// the end); else the element read by `decode`.
    private mutating func present<T>(_ decode: (inout Self) throws -> T) throws -> T? {
        guard !isAtEnd, decoder.tape.entries[next].kind != .null else {
            advance()
            return nil
        }
        return try decode(&self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let index = try element()
        guard decoder.tape.entries[index].kind == .object else {
            throw decoder.diverge("not an object", at: child)
        }
        let container = TapeKeyedContainer<NestedKey>(decoder: decoder, object: index, path: child)
        advance()
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = try element()
        guard decoder.tape.entries[index].kind == .array else {
            throw decoder.diverge("not an array", at: child)
        }
        let container = TapeUnkeyedContainer(decoder: decoder, array: index, path: child)
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = TapeDecoder(tape: decoder.tape, current: try element(), path: child)
        advance()
        return decoder
    }
}
