import Foundation

@testable import Networking

/// A model that walks its containers by hand: `superDecoder`, an unkeyed container of mixed elements, nested
/// containers, `allKeys`, and the coding paths it saw.
struct Probe: Decodable, Equatable {
    var base: Int
    var items: [String]
    var extraKeys: [String]
    var firstZ: Int
    var paths: [String]

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct PathRecorder: Decodable {
        var path: String
        init(from decoder: any Decoder) throws {
            path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
            _ = try decoder.singleValueContainer().decode(Int.self)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let superDecoder = try container.superDecoder()
        base = try superDecoder.container(keyedBy: AnyKey.self).decode(Int.self, forKey: AnyKey(stringValue: "base"))
        var paths = [superDecoder.codingPath.map(\.stringValue).joined(separator: "/")]
        var elements = try container.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "items"))
        var items: [String] = ["count \(elements.count ?? -1)"]
        items.append("int \(try elements.decode(Int.self))")
        items.append("nil \(try elements.decodeNil()) at \(elements.currentIndex)")
        items.append("not nil \(try elements.decodeNil()) at \(elements.currentIndex)")
        items.append("string \(try elements.decode(String.self))")
        var inner = try elements.nestedUnkeyedContainer()
        items.append("inner \(try inner.decode(Int.self)) end \(inner.isAtEnd)")
        let object = try elements.nestedContainer(keyedBy: AnyKey.self)
        paths.append(object.codingPath.map(\.stringValue).joined(separator: "/"))
        paths.append(try object.decode(PathRecorder.self, forKey: AnyKey(stringValue: "k")).path)
        items.append(
            "at end \(elements.isAtEnd), present \(String(describing: try elements.decodeIfPresent(Int.self)))")
        items.append("index after \(elements.currentIndex)")
        self.items = items
        let extra = try container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "extra"))
        extraKeys = extra.allKeys.map(\.stringValue).sorted()
        firstZ = try extra.decode(Int.self, forKey: AnyKey(stringValue: "z"))
        self.paths = paths
    }
}

/// Random JSON texts shaped like `TapeDecodingTests.Book`, with every kind of deviation: missing, `null` and
/// mistyped members, numbers in every notation and range, escapes, repeated and unknown keys, broken texts.
enum RandomBookJSON {
    static func bookLike(using generator: inout SplitMix64) -> String {
        // Half the texts are valid books (values in every notation and range the fields take); the others deviate.
        let clean = Bool.random(using: &generator)
        let fields: [(String, Kind, Bool)] = [
            ("id", .integer(.min ... .max), false), ("title", .string, false), ("author", .string, true),
            ("year", .integer(-32768...32767), false), ("available", .bool, false), ("rating", .number, false),
            ("price", .number, true), ("tags", .strings, false), ("edition", .integer(0...255), true),
        ]
        var members: [String] = []
        for (name, kind, optional) in fields {
            let roll = Int.random(in: 0..<100, using: &generator)
            let value: String
            if clean {
                if optional, roll < 20 {
                    if roll < 10 {
                        continue
                    }
                    value = "null"
                } else {
                    value = validValue(kind, using: &generator)
                }
            } else {
                if roll < 8 {
                    continue
                }
                value =
                    roll < 14 ? "null" : roll < 26 ? anyValue(using: &generator) : self.value(kind, using: &generator)
            }
            members.append("\(key(name, using: &generator)): \(value)")
            if Int.random(in: 0..<20, using: &generator) == 0 {
                members.append("\"\(name)\": \(anyValue(using: &generator))")  // a repeated key: the first wins
            }
        }
        if Bool.random(using: &generator) {
            members.insert("\"unknown\": \(anyValue(using: &generator))", at: 0)
        }
        members.shuffle(using: &generator)
        var text = "{" + members.joined(separator: Bool.random(using: &generator) ? "," : " ,\n ") + "}"
        if !clean, Int.random(in: 0..<25, using: &generator) == 0 {
            text.removeLast(Int.random(in: 1...3, using: &generator))  // broken
        }
        return text
    }

    /// A value the field's type takes, in any notation the fast decoder reads itself.
    static func validValue(_ kind: Kind, using generator: inout SplitMix64) -> String {
        switch kind {
        case .integer(let range):
            Int.random(in: 0..<4, using: &generator) == 0
                ? String(Bool.random(using: &generator) ? range.lowerBound : range.upperBound)
                : String(Int64.random(in: range, using: &generator))
        case .number:
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: String(Double.random(in: -1e6...1e6, using: &generator))
            case 1: "\(Int.random(in: 1..<10, using: &generator))e\(Int.random(in: -30...30, using: &generator))"
            case 2: "-0.0"
            default: "\(Int.random(in: -999..<999, using: &generator)).\(Int.random(in: 0..<99, using: &generator))"
            }
        default: value(kind, using: &generator)
        }
    }

    enum Kind {
        case integer(ClosedRange<Int64>)
        case number, string, bool, strings
    }

    static func key(_ name: String, using generator: inout SplitMix64) -> String {
        guard Int.random(in: 0..<15, using: &generator) == 0, let first = name.unicodeScalars.first else {
            return "\"\(name)\""
        }
        return "\"\\u\(String(format: "%04x", first.value))\(name.dropFirst())\""  // an escaped key
    }

    static func value(_ kind: Kind, using generator: inout SplitMix64) -> String {
        switch kind {
        case .integer: integer(using: &generator)
        case .number: number(using: &generator)
        case .string: string(using: &generator)
        case .bool: Bool.random(using: &generator) ? "true" : "false"
        case .strings:
            "["
                + (0..<Int.random(in: 0..<4, using: &generator)).map { _ in string(using: &generator) }
                .joined(separator: ",") + "]"
        }
    }

    static func anyValue(using generator: inout SplitMix64) -> String {
        let kinds: [Kind] = [.integer(.min ... .max), .number, .string, .bool, .strings]
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return "{\"a\": \(integer(using: &generator))}"
        case 1: return "[[]]"
        default: return value(kinds[Int.random(in: 0..<kinds.count, using: &generator)], using: &generator)
        }
    }

    static func integer(using generator: inout SplitMix64) -> String {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: "-0"
        case 1: String(Int64.random(in: .min ... .max, using: &generator))
        case 2: "\(Int.random(in: 0..<300, using: &generator)).0"
        case 3: "\(Int.random(in: 1..<9, using: &generator))e\(Int.random(in: 0..<4, using: &generator))"
        case 4: "99999999999999999999"
        default: String(Int.random(in: -300..<40000, using: &generator))
        }
    }

    static func number(using generator: inout SplitMix64) -> String {
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: String(Double.random(in: -1e6...1e6, using: &generator))
        case 1: "\(Int.random(in: 1..<10, using: &generator))e\(Int.random(in: -330 ... 330, using: &generator))"
        case 2: "0.\(String(repeating: "0", count: Int.random(in: 0..<30, using: &generator)))1"
        case 3: "\(UInt64.random(in: 0 ... .max, using: &generator)).\(Int.random(in: 0..<1000, using: &generator))"
        case 4: "-0.0"
        case 5:  // zeros with exponents, which Foundation accepts or refuses by its own scan order
            ["0", "-0", "0.0", "0.00", "-0.000"][Int.random(in: 0..<5, using: &generator)] + "e"
                + String(Int.random(in: 0..<40, using: &generator))
        default: "\(Int.random(in: -999..<999, using: &generator)).\(Int.random(in: 0..<99, using: &generator))"
        }
    }

    static func string(using generator: inout SplitMix64) -> String {
        let pieces = ["a", "Dune", "é", "中", "😀", "\\n", "\\\"", "\\u00e9", "\\ud83d\\ude00", "\\/", " ", "\\\\"]
        return "\""
            + (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined() + "\""
    }
}
