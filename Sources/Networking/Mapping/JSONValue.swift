public import Foundation

/// Any JSON value, kept whole: an envelope's metadata, paging and links, or a body read without a model.
///
/// ```swift
/// let root = try JSONValue(parsing: response.body)
/// let total = root["meta"]?["total"]?.intValue            // 120
/// let first = try root["data"]?[0]?.decode(as: Book.self)
/// let filter: JSONValue = ["author": ["name": "Borges"], "year": 1944]
/// ```
///
/// A JSON number without fraction or exponent that fits in `Int` is ``int(_:)`` (identifiers above 2^53 stay
/// exact); any other number, `-0` included, is ``double(_:)``. ``init(parsing:)`` keeps that distinction exactly;
/// decoded through `Codable` (a `JSONValue` property of your model), Foundation's decoder does not reveal the
/// text, so `1.0` there reads as `.int(1)`.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int` (`-0`, which `Int` cannot hold, is a double).
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not kept.
    case object([String: JSONValue])

    /// The member named `key` of an object; `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else {
            return nil
        }
        return members[key]
    }

    /// The element at `index` of an array; `nil` out of bounds or for a value that is not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else {
            return nil
        }
        return elements[index]
    }

    /// Decodes this value as `T`, with the repositories' rules (ISO 8601 dates).
    /// - Parameter type: The type to decode.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when the value does not have `T`'s shape.
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        let data = try JSONEncoder.networking.encode(self)
        return try JSONDecoder.networking.decode(type, from: data)
    }

    /// The string of a ``string(_:)``, else `nil`.
    public var stringValue: String? {
        guard case .string(let value) = self else {
            return nil
        }
        return value
    }

    /// The number of an ``int(_:)``, or of a ``double(_:)`` that is a whole number within `Int`; else `nil`.
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The number of a ``double(_:)`` or an ``int(_:)``, else `nil`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The value of a ``bool(_:)``, else `nil`.
    public var boolValue: Bool? {
        guard case .bool(let value) = self else {
            return nil
        }
        return value
    }

    /// The elements of an ``array(_:)``, else `nil`.
    public var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else {
            return nil
        }
        return elements
    }

    /// The members of an ``object(_:)``, else `nil`.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else {
            return nil
        }
        return members
    }

    /// Whether this is ``null``.
    public var isNull: Bool {
        self == .null
    }
}

extension JSONValue {
    /// Parses a JSON text exactly: integers that fit in `Int` stay ``int(_:)``, other numbers are ``double(_:)``,
    /// a repeated key keeps its last value.
    /// - Parameter data: The JSON text, UTF-8.
    /// - Throws: ``DecodeError/custom(_:)`` naming the byte where the text stops being JSON.
    public init(parsing data: Data) throws(DecodeError) {
        self = try JSONParser.parse(data)
    }
}
