import Foundation

/// A `Decoder` over a ``JSONTape`` with the rules of `JSONDecoder.networking` (ISO 8601 dates, Base64 data, URLs
/// from strings, default keys): it returns what that decoder returns, or marks the tape as diverged.
///
/// It never guesses: whatever it does not handle exactly as Foundation would (a number like `1.0` read as an
/// integer, a `Decimal`, a missing key, a type mismatch) throws and sets ``JSONTape/diverged``, and
/// ``TapeDecoding`` then decodes the body again with `JSONDecoder`, whose result or error the caller gets. So a
/// model that catches such an error (`try?`) still gets Foundation's answer.
final class TapeDecoder: Decoder, SingleValueDecodingContainer {
    let tape: JSONTape
    /// The entry `init(from:)` decodes, or -1 for the `null` of a missing `superDecoder` key.
    private(set) var current: Int
    private(set) var path: TapePath?

    var codingPath: [any CodingKey] { TapePath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(tape: JSONTape, current: Int = 0, path: TapePath? = nil) {
        self.tape = tape
        self.current = current
        self.path = path
    }

    /// Records that Foundation must decide, and returns the error to throw meanwhile.
    func diverge(_ reason: String, at path: TapePath?) -> DecodingError {
        tape.diverged = true
        return DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: TapePath.keys(path), debugDescription: reason))
    }

    /// The entry at `index`, or a `null` for -1.
    func entry(_ index: Int) -> JSONTape.Entry {
        guard index >= 0 else {
            return JSONTape.Entry(
                kind: .null, flag: false, hasComplexKeys: false, start: 0, length: 0, count: 0, end: 0)
        }
        return tape.entries[index]
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard entry(current).kind == .object else {
            throw diverge("not an object", at: path)
        }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: current, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard entry(current).kind == .array else {
            throw diverge("not an array", at: path)
        }
        return TapeUnkeyedContainer(decoder: self, array: current, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: Values

    /// Decodes the value at `index` as `T`, one level down at `path` (Foundation's special cases first).
    func unwrap<T: Decodable>(_ index: Int, as type: T.Type, path: TapePath?) throws -> T {
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            return try special(index, as: type, path: path)
        }
        let saved = (current, self.path)
        current = index
        self.path = path
        defer { (current, self.path) = saved }
        return try T(from: self)
    }

    /// A `Date` (ISO 8601 string, the networking decoder's strategy), `Data` (Base64), `URL` (a string);
    /// a `Decimal` is left to Foundation.
    private func special<T>(_ index: Int, as type: T.Type, path: TapePath?) throws -> T {
        let entry = entry(index)
        var value: Any?
        if entry.kind == .string {
            let text = JSONTapeStrings.string(entry, in: tape)
            if T.self == Date.self {
                value = ISO8601.parse(text)
            } else if T.self == Data.self {
                value = Base64.decode(text).map { Data($0) }
            } else if T.self == URL.self {
                value = URL(string: text)
            }
        }
        guard let result = value as? T else {
            throw diverge("\(T.self) left to JSONDecoder", at: path)
        }
        return result
    }

    func string(_ index: Int, path: TapePath?) throws -> String {
        let entry = entry(index)
        guard entry.kind == .string else {
            throw diverge("not a string", at: path)
        }
        return JSONTapeStrings.string(entry, in: tape)
    }

    func bool(_ index: Int, path: TapePath?) throws -> Bool {
        switch entry(index).kind {
        case .true: return true
        case .false: return false
        default: throw diverge("not a Boolean", at: path)
        }
    }

    func integer<T: FixedWidthInteger>(_ index: Int, as type: T.Type, path: TapePath?) throws -> T {
        let entry = entry(index)
        if T.isSigned {
            if let value = JSONTapeStrings.signed(entry, in: tape), let integer = T(exactly: value) {
                return integer
            }
        } else if let value = JSONTapeStrings.unsigned(entry, in: tape), let integer = T(exactly: value) {
            return integer
        }
        throw diverge("not an integer text that fits \(T.self)", at: path)
    }

    /// An `Int`, without generic code (the common case).
    func int(_ index: Int, path: TapePath?) throws -> Int {
        guard let value = JSONTapeStrings.signed(entry(index), in: tape), let integer = Int(exactly: value) else {
            throw diverge("not an integer text that fits Int", at: path)
        }
        return integer
    }

    func double(_ index: Int, path: TapePath?) throws -> Double {
        guard let value = JSONTapeStrings.double(entry(index), in: tape) else {
            throw diverge("not a number that fits Double", at: path)
        }
        return value
    }

    func float(_ index: Int, path: TapePath?) throws -> Float {
        guard let value = JSONTapeStrings.float(entry(index), in: tape) else {
            throw diverge("not a number that fits Float", at: path)
        }
        return value
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        entry(current).kind == .null
    }

    func decode(_ type: Bool.Type) throws -> Bool { try bool(current, path: path) }
    func decode(_ type: String.Type) throws -> String { try string(current, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try double(current, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try float(current, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try int(current, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(current, as: type, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(current, as: type, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(current, as: type, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(current, as: type, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(current, as: type, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(current, as: type, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(current, as: type, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(current, as: type, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(current, as: type, path: path) }
    // 128-bit integers: rare, and Foundation's rules for them are its own.
    func decode(_ type: Int128.Type) throws -> Int128 { throw diverge("Int128 left to JSONDecoder", at: path) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { throw diverge("UInt128 left to JSONDecoder", at: path) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try unwrap(current, as: type, path: path)
    }
}
