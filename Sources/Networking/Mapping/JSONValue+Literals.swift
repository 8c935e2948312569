extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    /// A ``string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// An ``int(_:)``.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }

    /// A ``double(_:)``.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }

    /// A ``bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// An ``array(_:)``.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }

    /// An ``object(_:)``; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// ``null``.
    public init(nilLiteral: ()) {
        self = .null
    }
}
