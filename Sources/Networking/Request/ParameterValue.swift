import Foundation

/// A parameter normalised from `any Sendable` into the few shapes a query or a JSON body can carry.
indirect enum ParameterValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number in its JSON text form, such as `42` or `1.5`.
    case number(String)
    case string(String)
    case array([ParameterValue])
    /// Members sorted by key, so encodings are deterministic.
    case object([(key: String, value: ParameterValue)])

    static func == (lhs: ParameterValue, rhs: ParameterValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

extension ParameterValue: Decodable {
    /// Reads the JSON an `Encodable` parameter encodes to.
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(
                try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    (key: $0.stringValue, value: try container.decode(ParameterValue.self, forKey: $0))
                })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [ParameterValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(ParameterValue.self))
            }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(UInt64.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(Self.text(of: value))
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    static func text(of double: Double) -> String {
        if double == double.rounded(), abs(double) < 1e15 {
            return String(Int64(double))
        }
        return String(double)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
