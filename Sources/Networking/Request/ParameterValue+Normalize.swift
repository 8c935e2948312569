import Foundation

extension ParameterValue {
    /// Normalises a repository parameter dictionary, keys sorted.
    /// - Throws: ``RepositoryError/invalidParameters(_:)`` naming the first unsupported value's key path.
    static func object(from parameters: [String: any Sendable]) throws(RepositoryError) -> ParameterValue {
        try normalize(parameters, path: "")
    }

    /// Normalises one value: String, Bool, integers, floating point, Date, nil, URL, Decimal, arrays and
    /// dictionaries of those, and any `Encodable`.
    static func normalize(_ value: Any, path: String) throws(RepositoryError) -> ParameterValue {
        if let optional = value as? any OptionalProtocol {
            guard let wrapped = optional.wrappedAny else {
                return .null
            }
            return try normalize(wrapped, path: path)
        }
        switch value {
        case is NSNull: return .null
        case let value as String: return .string(value)
        case let value as Substring: return .string(String(value))
        case let value as Character: return .string(String(value))
        case let value as Bool: return .bool(value)
        case let value as any BinaryInteger: return .number(String(value))
        case let value as Double: return try number(value, path: path)
        case let value as Float: return try number(Double(value), text: value.description, path: path)
        case let value as Decimal: return .number(value.description)
        case let value as Date: return .string(ISO8601.format(value))
        case let value as URL: return .string(value.absoluteString)
        case let value as [String: Any]:
            var members: [(key: String, value: ParameterValue)] = []
            for key in value.keys.sorted() {
                members.append((key: key, value: try normalize(value[key] as Any, path: join(path, key))))
            }
            return .object(members)
        case let value as [Any]:
            var elements: [ParameterValue] = []
            for (index, element) in value.enumerated() {
                elements.append(try normalize(element, path: "\(path)[\(index)]"))
            }
            return .array(elements)
        case let value as any Encodable:
            return try encodable(value, path: path)
        default:
            throw .invalidParameters(
                "parameter \"\(path)\" has unsupported type \(type(of: value)); use String, Bool, numbers, Date, nil, "
                    + "arrays, dictionaries or an Encodable value")
        }
    }

    private static func number(_ value: Double, text: String? = nil, path: String) throws(RepositoryError)
        -> ParameterValue
    {
        guard value.isFinite else {
            throw .invalidParameters("parameter \"\(path)\" is \(value), which JSON and queries cannot carry")
        }
        return .number(text ?? Self.text(of: value))
    }

    private static func encodable(_ value: any Encodable, path: String) throws(RepositoryError) -> ParameterValue {
        do {
            let data = try JSONEncoder.networking.encode(value)
            return try JSONDecoder().decode(ParameterValue.self, from: data)
        } catch {
            throw .invalidParameters("parameter \"\(path)\" of type \(type(of: value)) could not be encoded: \(error)")
        }
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}

/// Lets a value of any `Optional` type be unwrapped when seen as `Any`.
private protocol OptionalProtocol {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}
