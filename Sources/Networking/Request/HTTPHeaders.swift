/// HTTP header fields with case-insensitive names, kept in the order they were added or received.
///
/// Repeated fields (for example several `Set-Cookie` lines) are all kept when iterating; the
/// subscript joins them with `", "`.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["accept"]            // "application/json"
/// headers["X-Request-ID"] = "42"
/// ```
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// One header field as sent or received.
    public typealias Element = (name: String, value: String)

    private var fields: [Element]
    /// A received header section not yet parsed: the fields are ``ReceivedHeaderLines/fields`` until a change copies
    /// them into `fields`.
    private var received: ReceivedHeaderLines?

    /// The fields, parsing a received section on first use.
    private var all: [Element] {
        received?.fields ?? fields
    }

    /// Creates empty headers.
    public init() {
        fields = []
    }

    /// Creates headers from a dictionary, sorted by name so the order is deterministic.
    /// - Parameter dictionary: Names and values.
    public init(_ dictionary: [String: String]) {
        fields = dictionary.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// Creates headers from fields in order; repeated names are kept as repeated fields.
    /// - Parameter fields: Names and values.
    public init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// Headers of a received response, parsed when first read.
    init(received: ReceivedHeaderLines) {
        fields = []
        self.received = received
    }

    /// Takes the received fields into `fields` before a change.
    private mutating func materialize() {
        if let received {
            fields = received.fields
            self.received = nil
        }
    }

    /// Creates headers from a dictionary literal; a repeated name replaces the earlier value.
    /// - Parameter elements: Names and values.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = []
        for (name, value) in elements {
            self[name] = value
        }
    }

    /// The value of the field `name` (any case), with repeated fields joined by `", "`; setting
    /// replaces every field of that name, and `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            let values = self.values(for: name)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            materialize()
            if let index = fields.firstIndex(where: { Self.matches($0.name, name) }) {
                fields[index] = (name: fields[index].name, value: newValue)
                fields = fields.enumerated().filter { $0.offset == index || !Self.matches($0.element.name, name) }
                    .map(\.element)
            } else {
                fields.append((name: name, value: newValue))
            }
        }
    }

    /// Every value of the field `name` (any case), in order.
    /// - Parameter name: The field name.
    /// - Returns: The values; empty when the field is absent.
    public func values(for name: String) -> [String] {
        all.filter { Self.matches($0.name, name) }.map(\.value)
    }

    /// Adds a field, keeping any earlier field of the same name.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public mutating func add(name: String, value: String) {
        materialize()
        fields.append((name: name, value: value))
    }

    /// Removes every field of the name `name` (any case).
    /// - Parameter name: The field name.
    public mutating func remove(_ name: String) {
        materialize()
        fields.removeAll { Self.matches($0.name, name) }
    }

    /// Whether a field of the name `name` (any case) is present.
    /// - Parameter name: The field name.
    public func contains(_ name: String) -> Bool {
        all.contains { Self.matches($0.name, name) }
    }

    /// The number of fields, counting repeated ones.
    public var count: Int { all.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { all.isEmpty }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        all.makeIterator()
    }

    /// Headers are equal when they have the same fields, names compared case-insensitively, in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        let (lhs, rhs) = (lhs.all, rhs.all)
        return lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { matches($0.name, $1.name) && $0.value == $1.value }
    }

    /// Whether two field names are the same in any case: byte by byte, ASCII letters folded (names are tokens, RFC
    /// 9110); a name with other bytes falls back to full Unicode lowercasing. Allocates nothing for ASCII names,
    /// which the request and response paths compare several times per request.
    private static func matches(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else {
            return false
        }
        var nonASCII = false
        for (left, right) in zip(lhs.utf8, rhs.utf8) where left != right {
            guard left < 0x80, right < 0x80 else {
                nonASCII = true
                break
            }
            guard left | 0x20 == right | 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(left | 0x20) else {
                return false
            }
        }
        return !nonASCII || lhs.lowercased() == rhs.lowercased()
    }
}
