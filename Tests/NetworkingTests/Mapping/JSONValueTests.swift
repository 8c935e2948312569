import Foundation
import Networking
import Testing

@Suite("JSONValue", .timeLimit(.minutes(1)))
struct JSONValueTests {
    @Test(
        "every kind of value parses",
        arguments: [
            ("null", JSONValue.null),
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("0", .int(0)),
            ("-7", .int(-7)),
            ("1965", .int(1965)),
            ("1.5", .double(1.5)),
            ("-2.5e-3", .double(-0.0025)),
            (#""Dune""#, .string("Dune")),
            ("[]", .array([])),
            ("{}", .object([:])),
            (#"[1, "a", null, false]"#, .array([.int(1), .string("a"), .null, .bool(false)])),
            (
                #"{"a": {"b": [true, {}]}, "c": 2.25}"#,
                .object(["a": .object(["b": .array([.bool(true), .object([:])])]), "c": .double(2.25)])
            ),
        ]
    )
    func parsesEveryKind(text: String, expected: JSONValue) throws {
        // Given / When
        let value = try JSONValue(parsing: Data(text.utf8))

        // Then
        #expect(value == expected)
    }

    @Test(
        "integers that fit in Int stay exact, beyond 2^53 and at Int's bounds",
        arguments: [
            ("9007199254740993", 9_007_199_254_740_993),
            ("-9007199254740993", -9_007_199_254_740_993),
            ("9223372036854775807", Int.max),
            ("-9223372036854775808", Int.min),
            ("1234567890123456789", 1_234_567_890_123_456_789),
        ]
    )
    func integersStayExact(text: String, expected: Int) throws {
        // Given / When
        let value = try JSONValue(parsing: Data(text.utf8))

        // Then it is an .int with every digit kept
        #expect(value == .int(expected))
        #expect(value.intValue == expected)
        #expect(value.description == text)
    }

    @Test(
        "a fraction, an exponent, a negative zero or an integer beyond Int is a .double",
        arguments: [
            ("1.0", 1.0),
            ("1e3", 1000.0),
            ("1E+2", 100.0),
            ("25e-1", 2.5),
            ("-0", -0.0),
            ("-0.0", -0.0),
            ("9223372036854775808", 9_223_372_036_854_775_808.0),
            ("-9223372036854775809", -9_223_372_036_854_775_809.0),
            ("100000000000000000000000", 1e23),
        ]
    )
    func nonIntegersAreDoubles(text: String, expected: Double) throws {
        // Given / When
        let value = try JSONValue(parsing: Data(text.utf8))

        // Then
        guard case .double(let number) = value else {
            Issue.record("expected .double for \(text), got \(value)")
            return
        }
        #expect(number == expected)
        #expect(number.sign == expected.sign)
    }

    @Test(
        "strings: every escape, surrogate pairs and raw UTF-8",
        arguments: [
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
            (#""\u0041\u00e9\u00E9\u20AC\u0000""#, "Aéé€\u{0}"),
            (#""\uD83D\uDE00 \ud834\udd1e""#, "😀 𝄞"),
            (#""café 😀 \u4E2D""#, "café 😀 中"),
            (#""before\nafter""#, "before\nafter"),
            (#""""#, ""),
            ("\"\u{7F}\"", "\u{7F}"),
        ]
    )
    func strings(text: String, expected: String) throws {
        // Given / When
        let value = try JSONValue(parsing: Data(text.utf8))

        // Then
        #expect(value == .string(expected))
    }

    /// A text the parser must refuse, the byte it must name, and a word of the reason.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let offset: Int
        let reason: String

        init(_ name: String, _ text: String, at offset: Int, _ reason: String) {
            self.init(name, Array(text.utf8), at: offset, reason)
        }

        init(_ name: String, _ bytes: [UInt8], at offset: Int, _ reason: String) {
            self.name = name
            self.bytes = bytes
            self.offset = offset
            self.reason = reason
        }

        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal("empty", "", at: 0, "end of data"),
        Refusal("only whitespace", "  ", at: 2, "end of data"),
        Refusal("trailing garbage", "1 2", at: 2, "after the JSON value"),
        Refusal("a second document", "{} {}", at: 3, "after the JSON value"),
        Refusal("leading zero", "01", at: 1, "leading zero"),
        Refusal("negative leading zero", "-01", at: 2, "leading zero"),
        Refusal("bare minus", "-", at: 1, "without digits"),
        Refusal("minus then letter", "-a", at: 1, "without digits"),
        Refusal("plus sign", "+1", at: 0, "unexpected character"),
        Refusal("fraction without digits", "1.", at: 2, "fraction without digits"),
        Refusal("fraction then exponent", "1.e5", at: 2, "fraction without digits"),
        Refusal("no integer part", ".5", at: 0, "unexpected character"),
        Refusal("exponent without digits", "1e", at: 2, "exponent without digits"),
        Refusal("exponent sign without digits", "[1e+]", at: 4, "exponent without digits"),
        Refusal("number out of range", "1e400", at: 5, "out of range"),
        Refusal("NaN", "NaN", at: 0, "unexpected character"),
        Refusal("misspelt literal", "[trux]", at: 1, "expected true"),
        Refusal("cut literal", "nul", at: 0, "end of data"),
        Refusal("trailing comma in an array", "[1,]", at: 3, "unexpected character"),
        Refusal("trailing comma in an object", #"{"a":1,}"#, at: 7, "expected a string key"),
        Refusal("unquoted key", "{a:1}", at: 1, "expected a string key"),
        Refusal("missing colon", #"{"a" 1}"#, at: 5, "expected \":\""),
        Refusal("missing comma", "[1 2]", at: 3, "expected \",\" or \"]\""),
        Refusal("unclosed array", "[1", at: 2, "end of data"),
        Refusal("unclosed object", #"{"a":1"#, at: 6, "end of data"),
        Refusal("single quotes", "'a'", at: 0, "unexpected character"),
        Refusal("unterminated string", #""abc"#, at: 4, "unterminated string"),
        Refusal("invalid escape", #""\x""#, at: 3, "invalid escape"),
        Refusal("bad hex digit", #""\u12G4""#, at: 5, "invalid \\u escape"),
        Refusal("cut \\u escape", #""\u12"#, at: 3, "unterminated \\u escape"),
        Refusal("lone high surrogate", #""\uD83D""#, at: 7, "unpaired UTF-16 surrogate"),
        Refusal("high surrogate then text", #""\uD83Dx""#, at: 7, "unpaired UTF-16 surrogate"),
        Refusal("high surrogate then another escape", #""\uD83D\n""#, at: 7, "unpaired UTF-16 surrogate"),
        Refusal("high surrogate then a non-surrogate", #""\uD83D\u0041""#, at: 13, "unpaired UTF-16 surrogate"),
        Refusal("lone low surrogate", #""\uDE00""#, at: 7, "unpaired UTF-16 surrogate"),
        Refusal("raw control character", "\"a\u{1}b\"", at: 2, "control character"),
        Refusal("raw newline", "\"a\nb\"", at: 2, "control character"),
        Refusal("raw tab after an escape", "\"\\n\tb\"", at: 3, "control character"),
        Refusal("form feed is not whitespace", "\u{C}1", at: 0, "unexpected character"),
        Refusal("byte order mark", [0xEF, 0xBB, 0xBF, 0x31], at: 0, "unexpected character 0xEF"),
        Refusal("invalid UTF-8 byte outside a string", [0xFF], at: 0, "0xFF"),
    ]

    @Test("malformed JSON is refused with a DecodeError naming the byte", arguments: refusals)
    func refusesMalformedJSON(refusal: Refusal) {
        // Given
        let data = Data(refusal.bytes)

        // When / Then
        #expect {
            try JSONValue(parsing: data)
        } throws: { error in
            guard case .custom(let message) = error as? DecodeError else {
                return false
            }
            return message.hasPrefix("invalid JSON at byte \(refusal.offset):") && message.contains(refusal.reason)
        }
    }

    @Test(
        "strings that are not valid UTF-8 are refused, escaped or not",
        arguments: [
            [0x22, 0xC3, 0x28, 0x22],  // a lead byte followed by ASCII
            [0x22, 0x80, 0x22],  // a lone continuation byte
            [0x22, 0xC0, 0xAF, 0x22],  // an overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // a UTF-16 surrogate encoded in UTF-8
            [0x22, 0xE2, 0x82, 0x22],  // a cut sequence
            [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],  // beyond U+10FFFF
            [0x22, 0x5C, 0x6E, 0xFF, 0x22],  // after an escape
        ] as [[UInt8]]
    )
    func refusesInvalidUTF8(bytes: [UInt8]) {
        #expect {
            try JSONValue(parsing: Data(bytes))
        } throws: { error in
            (error as? DecodeError)?.description.contains("not valid UTF-8") == true
        }
    }

    @Test("nesting: 512 levels parse, 513 are refused, for arrays and objects")
    func nestingLimit() throws {
        // Given
        let arrays512 = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let arrays513 = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let objects512 = String(repeating: #"{"a":"#, count: 511) + "{}" + String(repeating: "}", count: 511)
        let objects513 = String(repeating: #"{"a":"#, count: 512) + "{}" + String(repeating: "}", count: 512)

        // When
        let deepest = try JSONValue(parsing: Data(arrays512.utf8))
        let deepestObject = try JSONValue(parsing: Data(objects512.utf8))

        // Then the depth is all there, and one more level is refused at the byte that opens it
        #expect(depth(of: deepest) == 512)
        #expect(depth(of: deepestObject) == 512)
        #expect(throws: DecodeError.custom("invalid JSON at byte 512: nesting deeper than 512 levels")) {
            try JSONValue(parsing: Data(arrays513.utf8))
        }
        #expect(throws: DecodeError.custom("invalid JSON at byte 2560: nesting deeper than 512 levels")) {
            try JSONValue(parsing: Data(objects513.utf8))
        }
    }

    @Test("a 100,000-deep document is refused without exhausting the stack")
    func hostileNesting() {
        // Given an opening bracket per level, unclosed, and one closed
        let unclosed = Data(repeating: UInt8(ascii: "["), count: 100_000)
        let closed = unclosed + Data(repeating: UInt8(ascii: "]"), count: 100_000)

        // When / Then
        for data in [unclosed, closed] {
            #expect(throws: DecodeError.custom("invalid JSON at byte 512: nesting deeper than 512 levels")) {
                try JSONValue(parsing: data)
            }
        }
    }

    @Test("a repeated key keeps its last value")
    func duplicateKeys() throws {
        // Given / When
        let value = try JSONValue(parsing: Data(#"{"a": 1, "b": true, "a": {"c": 2}, "b": null}"#.utf8))

        // Then
        #expect(value == .object(["a": .object(["c": .int(2)]), "b": .null]))
    }

    @Test("space, tab, CR and LF are whitespace around and between tokens")
    func whitespace() throws {
        // Given
        let text = " \t\r\n{ \"a\" \n:\t[ 1 ,\r\n2 ] , \"b\" : \"x y\" }\n\t "

        // When
        let value = try JSONValue(parsing: Data(text.utf8))

        // Then whitespace inside a string is kept
        #expect(value == .object(["a": .array([.int(1), .int(2)]), "b": .string("x y")]))
    }

    @Test("subscripts read members and elements, nil for anything else")
    func subscripts() throws {
        // Given
        let root = try JSONValue(parsing: Data(#"{"data": [{"id": 7}, "x"], "meta": {"total": 120}}"#.utf8))

        // When / Then
        #expect(root["meta"]?["total"] == .int(120))
        #expect(root["data"]?[0]?["id"] == .int(7))
        #expect(root["data"]?[1] == .string("x"))
        #expect(root["data"]?[2] == nil)
        #expect(root["data"]?[-1] == nil)
        #expect(root["missing"] == nil)
        #expect(root[0] == nil)
        #expect(root["data"]?["id"] == nil)
        #expect(JSONValue.string("data")["data"] == nil)
    }

    /// What each accessor returns for one value.
    struct Accessors: Sendable, CustomTestStringConvertible {
        let value: JSONValue
        var string: String?
        var int: Int?
        var double: Double?
        var bool: Bool?
        var array: [JSONValue]?
        var object: [String: JSONValue]?
        var isNull = false

        var testDescription: String { "\(value)" }
    }

    @Test(
        "accessors return the value of their own kind only",
        arguments: [
            Accessors(value: .string("7"), string: "7"),
            Accessors(value: .int(7), int: 7, double: 7),
            Accessors(value: .int(Int.max), int: Int.max, double: Double(Int.max)),
            Accessors(value: .double(7), int: 7, double: 7),
            Accessors(value: .double(7.5), double: 7.5),
            Accessors(value: .double(1e300), double: 1e300),
            Accessors(value: .bool(false), bool: false),
            Accessors(value: .array([.null]), array: [.null]),
            Accessors(value: .object(["a": .null]), object: ["a": .null]),
            Accessors(value: .null, isNull: true),
        ]
    )
    func accessors(expected: Accessors) {
        let value = expected.value
        #expect(value.stringValue == expected.string)
        #expect(value.intValue == expected.int)
        #expect(value.doubleValue == expected.double)
        #expect(value.boolValue == expected.bool)
        #expect(value.arrayValue == expected.array)
        #expect(value.objectValue == expected.object)
        #expect(value.isNull == expected.isNull)
    }

    @Test("literals build every kind")
    func literals() {
        // Given / When
        let value: JSONValue = ["name": "Borges", "year": 1944, "rating": 4.5, "alive": false, "tags": ["a", nil]]

        // Then
        #expect(
            value
                == .object([
                    "name": .string("Borges"), "year": .int(1944), "rating": .double(4.5), "alive": .bool(false),
                    "tags": .array([.string("a"), .null]),
                ]))
    }

    @Test(
        "Codable round trip through JSONEncoder and JSONDecoder",
        arguments: [
            JSONValue.null, true, 9_007_199_254_740_993, .int(Int.min), 2.5, -1e-7, "a \"quoted\" / é",
            [1, "two", [3.5, nil], ["four": false]],
            ["meta": ["total": 120, "next": nil], "data": [["id": 1], ["id": 2]]],
        ] as [JSONValue]
    )
    func codableRoundTrip(value: JSONValue) throws {
        // Given / When
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        let reparsed = try JSONValue(parsing: data)

        // Then
        #expect(decoded == value)
        #expect(reparsed == value)
    }

    @Test("read through Codable, a whole number written with a fraction becomes an Int, as documented")
    func codableWholeDouble() throws {
        // Given
        struct Holder: Codable {
            var value: JSONValue
        }

        // When
        let holder = try JSONDecoder().decode(Holder.self, from: Data(#"{"value": [1.0, 1.5]}"#.utf8))

        // Then
        #expect(holder.value == [1, 1.5])
    }

    @Test("decode(as:) decodes a model, with ISO 8601 dates")
    func decodeAsModel() throws {
        // Given
        struct Event: Decodable, Equatable {
            var name: String
            var at: Date
            var id: Int
        }
        let value: JSONValue = ["name": "launch", "at": "2024-05-01T12:30:00Z", "id": 9_007_199_254_740_993]

        // When
        let event = try value.decode(as: Event.self)

        // Then
        #expect(
            event == Event(name: "launch", at: Date(timeIntervalSince1970: 1_714_566_600), id: 9_007_199_254_740_993))
        #expect(throws: DecodingError.self) {
            try JSONValue.object(["name": "launch"]).decode(as: Event.self)
        }
        #expect(try JSONValue.array([1, 2]).decode(as: [Int].self) == [1, 2])
    }

    @Test(
        "description is compact JSON with sorted keys",
        arguments: [
            (
                #"{ "b": [1, 2.5, "x/y"], "a": null, "c": {"z": true, "y": false} }"#,
                #"{"a":null,"b":[1,2.5,"x/y"],"c":{"y":false,"z":true}}"#
            ),
            (#" "text" "#, #""text""#),
            ("[ ]", "[]"),
            ("-12", "-12"),
        ]
    )
    func describesAsCompactSortedJSON(text: String, expected: String) throws {
        #expect(try JSONValue(parsing: Data(text.utf8)).description == expected)
    }

    @Test("Hashable: equal values hash alike, whatever the key order; different values stay apart")
    func hashable() throws {
        // Given
        let first = try JSONValue(parsing: Data(#"{"a": 1, "b": [true, "x"]}"#.utf8))
        let reordered = try JSONValue(parsing: Data(#"{"b": [true, "x"], "a": 1}"#.utf8))
        let different = try JSONValue(parsing: Data(#"{"a": 2, "b": [true, "x"]}"#.utf8))

        // When
        let set: Set<JSONValue> = [first, reordered, different, .int(1), .string("1"), .bool(true)]

        // Then
        #expect(first.hashValue == reordered.hashValue)
        #expect(set.count == 5)
        #expect(set.contains(reordered))
    }

    @Test("on random documents and their corruptions, the parser agrees with JSONSerialization", arguments: [1, 2, 3])
    func agreesWithJSONSerialization(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<150 {
            // Given a random document
            let document = RandomJSON.value(depth: 0, using: &random)
            let text = try JSONEncoder().encode(document)

            // When both parse it
            let parsed = try JSONValue(parsing: text)
            let foundation = try JSONSerialization.jsonObject(with: text, options: .fragmentsAllowed)

            // Then both read the same tree
            #expect(parsed == document)
            #expect(RandomJSON.matches(parsed, foundation), "\(parsed)")

            // And given a corruption of it, both accept or both refuse
            var corrupted = [UInt8](text)
            let position = Int.random(in: 0..<corrupted.count, using: &random)
            corrupted[position] = Array(#"{}[]",:0-.e"\ ax"#.utf8).randomElement(using: &random) ?? 0
            let ours = try? JSONValue(parsing: Data(corrupted))
            let theirs = try? JSONSerialization.jsonObject(with: Data(corrupted), options: .fragmentsAllowed)
            #expect(
                (ours == nil) == (theirs == nil),
                "\(String(decoding: corrupted, as: UTF8.self)): ours \(String(describing: ours))")
        }
    }

    private func depth(of value: JSONValue) -> Int {
        var depth = 0
        var current: JSONValue? = value
        while let level = current {
            switch level {
            case .array(let elements):
                depth += 1
                current = elements.first
            case .object(let members):
                depth += 1
                current = members.values.first
            default:
                current = nil
            }
        }
        return depth
    }
}

/// Random JSON documents for the comparison with JSONSerialization.
private enum RandomJSON {
    static func value(depth: Int, using random: inout SplitMix64) -> JSONValue {
        let kind = Int.random(in: 0..<(depth < 4 ? 9 : 6), using: &random)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0..<63, using: &random))
        case 3: return .double(Double.random(in: -1e6...1e6, using: &random).rounded(.down) + 0.5)
        case 4, 5: return .string(string(using: &random))
        case 6, 7:
            return .array(
                (0..<Int.random(in: 0..<5, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                members[string(using: &random)] = value(depth: depth + 1, using: &random)
            }
            return .object(members)
        }
    }

    private static let alphabet: [Character] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "€", "😀", "\u{7F}",
    ]

    static func string(using random: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0..<8, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
    }

    /// Whether JSONSerialization's tree is the same as `value`.
    static func matches(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case .bool(let bool): return (object as? Bool) == bool
        case .int(let int): return (object as? NSNumber)?.int64Value == Int64(int)
        case .double(let double): return (object as? NSNumber)?.doubleValue == double
        case .string(let string): return (object as? String) == string
        case .array(let elements):
            guard let array = object as? [Any], array.count == elements.count else {
                return false
            }
            return zip(elements, array).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let dictionary = object as? [String: Any], dictionary.count == members.count else {
                return false
            }
            return members.allSatisfy { key, member in dictionary[key].map { matches(member, $0) } ?? false }
        }
    }
}
