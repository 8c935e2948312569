import Foundation
import Testing

@testable import Networking

/// The fast decoder against Foundation's: every case decodes the same text with both and expects the same value or
/// the same error; the cases the fast decoder must handle itself also check that it did.
@Suite("Tape decoding", .timeLimit(.minutes(1)))
struct TapeDecodingTests {
    struct Book: Codable, Equatable {
        var id: Int
        var title: String
        var author: String?
        var year: Int16
        var available: Bool
        var rating: Double
        var price: Float?
        var tags: [String]
        var edition: UInt8?
    }

    struct Shelf: Codable, Equatable {
        var name: String
        var books: [Book]
        var matrix: [[Int]]
        var labels: [String: Int]
        var published: Date?
        var cover: Data?
        var link: URL?
        var nothing: [Int?]
    }

    static let book =
        #"{"id": 7, "title": "Dune", "author": "Herbert", "year": 1965, "available": true, "rating": 4.25, "price": 9.99, "tags": ["sf", "classic"], "edition": 3}"#

    @Test(
        "the fast decoder reads common models itself, with Foundation's values",
        arguments: [
            book,
            #"{"id": -0, "title": "", "year": -32768, "available": false, "rating": -0.0, "tags": [], "author": null}"#,
            #"{"tags":["a\"b","c\\d","e\/f","\b\f\n\r\t","\u00e9\u4e2d","\ud83d\ude00","é中😀"],"id":9223372036854775807,"title":"x","year":32767,"available":true,"rating":1e-7}"#,
            #"  {"rating": 123456.789, "id": 1, "title": "t", "year": 1, "available": true, "tags": ["z"]}  "#,
            #"{"id":1,"title":"t","year":1,"available":true,"tags":[],"rating":1.7976931348623157e308,"price":3.4028235e38}"#,
            #"{"id":1,"title":"t","year":1,"available":true,"tags":[],"rating":5e-324,"price":1.17549435e-38}"#,
            #"{"id":1,"title":"t","year":1,"available":true,"tags":[],"rating":3.141592653589793238462643383279}"#,
            #"{"id":1,"title":"t","year":1,"available":true,"tags":[],"rating":0.30000000000000004,"price":0.1}"#,
            #"{"id":1,"title":"t","year":1,"available":true,"tags":[],"rating":2.2250738585072014E-308}"#,
        ]
    )
    func fastPathMatchesFoundation(text: String) throws {
        // Given
        let body = Data(text.utf8)
        // When
        let fast = try TapeDecoding.fastDecode(Book.self, from: body)
        // Then
        let expected = try JSONDecoder.networking.decode(Book.self, from: body)
        #expect(fast == expected)
        #expect(fast?.rating.sign == expected.rating.sign)
    }

    @Test("nested models, arrays, dictionaries, dates, data and URLs take the fast path")
    func nestedValues() throws {
        // Given
        let text = """
            {"name": "SF", "books": [\(Self.book), \(Self.book)], "matrix": [[1, 2], [], [3]],
             "labels": {"a": 1, "b": 2, "a": 3}, "published": "2024-03-01T10:20:30Z", "cover": "aGVsbG8=",
             "link": "https://example.com/a?b=c", "nothing": [null, 1, null]}
            """
        let body = Data(text.utf8)
        // When
        let fast = try TapeDecoding.fastDecode(Shelf.self, from: body)
        // Then
        let expected = try JSONDecoder.networking.decode(Shelf.self, from: body)
        #expect(fast == expected)
        #expect(fast?.labels["a"] == 1)  // the first of repeated keys, as Foundation
    }

    @Test(
        "what the fast decoder leaves to Foundation still gets Foundation's value or error",
        arguments: [
            #"{"id": 1.0, "title": "t", "year": 1, "available": true, "rating": 1, "tags": []}"#,  // 1.0 as Int
            #"{"id": 1e3, "title": "t", "year": 1, "available": true, "rating": 1, "tags": []}"#,
            #"{"id": 1, "title": "t", "year": 40000, "available": true, "rating": 1, "tags": []}"#,  // Int16 overflow
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 1e400, "tags": []}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 1e-400, "tags": []}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 0e2, "tags": []}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 0.00e5, "tags": []}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": -0.00e1, "tags": [], "price": 0E9}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 0e10, "tags": [], "price": 0.0e2}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": -0e1, "tags": [], "price": 0e0}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 1, "tags": [], "edition": -0}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 1, "tags": [], "edition": 256}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": "yes", "rating": 1, "tags": []}"#,
            #"{"id": 1, "title": 5, "year": 1, "available": true, "rating": 1, "tags": []}"#,
            #"{"id": 1, "year": 1, "available": true, "rating": 1, "tags": []}"#,  // missing key
            #"{"id": null, "title": "t", "year": 1, "available": true, "rating": 1, "tags": []}"#,
            #"{"id": 1, "title": "t", "year": 1, "available": true, "rating": 1, "tags": [1]}"#,
            #"{"id": 01, "title": "t"}"#,
            #"{"id": 1, "title": "t",}"#,
            #"{"id": 1 /* no */}"#,
            #"{'id': 1}"#,
            #"{"title": "a\u0000b\ud800"}"#,
            "{\"title\": \"tab\there\"}",
            "\u{FEFF}" + book,
            "[" + book + "]",
            "",
            "null",
            book + " x",
        ]
    )
    func fallbackMatchesFoundation(text: String) {
        expectSameOutcome(Book.self, Data(text.utf8))
    }

    @Test("a model that catches an error still gets Foundation's value")
    func caughtErrorsFallBack() throws {
        // Given: the fast decoder refuses 2.0 as an Int; Foundation reads 2, and the model's `try?` would hide that
        struct Lenient: Decodable, Equatable {
            var count: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                count = (try? container.decode(Int.self, forKey: .count)) ?? -1
            }
            enum CodingKeys: String, CodingKey { case count }
        }
        let body = Data(#"{"count": 2.0}"#.utf8)
        // When
        let fast = try TapeDecoding.fastDecode(Lenient.self, from: body)
        let decoded = try TapeDecoding.decode(Lenient.self, from: body)
        // Then
        #expect(fast == nil)
        #expect(decoded.count == 2)
    }

    @Test("keys compare as Swift strings: escapes, precomposed and decomposed forms, non-ASCII keys")
    func keysCompareAsStrings() throws {
        // Given
        struct Keys: Codable, Equatable {
            var name: String
            var cafe: Int
            var kelvin: Int?
            enum CodingKeys: String, CodingKey {
                case name
                case cafe = "cafe\u{301}"
                case kelvin = "K"
            }
        }
        for text in [
            #"{"n\u0061me": "x", "café": 1, "\u212a": 2}"#, #"{"name": "x", "cafe\u0301": 1}"#,
            #"{"café": 1, "name": "y", "café": 2, "K": 3, "\u212a": 4}"#,
        ] {
            // When / Then
            expectSameOutcome(Keys.self, Data(text.utf8))
        }
        #expect(try TapeDecoding.fastDecode(Keys.self, from: Data(#"{"n\u0061me": "x", "café": 1}"#.utf8)) != nil)
    }

    @Test("coding paths, superDecoder, heterogeneous arrays and allKeys behave as with Foundation")
    func containerSemantics() throws {
        // Given
        let text =
            #"{"super": {"base": 1}, "items": [1, null, "two", [3], {"k": 4}], "extra": {"z": 1, "y": 2, "z": 3}}"#
        let body = Data(text.utf8)
        // When
        let fast = try #require(try TapeDecoding.fastDecode(Probe.self, from: body))
        // Then
        let expected = try JSONDecoder.networking.decode(Probe.self, from: body)
        #expect(fast == expected)
        #expect(fast.paths.contains("items/Index 4/k"))
    }

    @Test("an envelope's key path decodes like Foundation's walk, errors included")
    func keyPaths() throws {
        // Given
        let body = Data(#"{"data": {"book": \#(Self.book)}, "meta": {"total": 1}}"#.utf8)
        // When
        let fast = try TapeDecoding.fastDecode(Book.self, from: body, at: ["data", "book"])
        // Then
        #expect(fast == (try JSONDecoder.networking.decode(Book.self, from: Data(Self.book.utf8))))
        for path in [["data", "missing"], ["meta", "total", "deeper"], ["data"]] {
            let ours = Result { try TapeDecoding.decode(Book.self, from: body, at: path) }
            let theirs = Result { try TapeDecoding.foundationDecode(Book.self, from: body, at: path) }
            #expect(describe(ours) == describe(theirs))
        }
    }

    @Test("a decimal and a very deep text go to Foundation")
    func leftToFoundation() throws {
        // Given
        let decimal = Data(#"{"amount": 12.345678901234567890}"#.utf8)
        let deep = Data((String(repeating: "[", count: 300) + String(repeating: "]", count: 300)).utf8)
        // When / Then
        #expect(try TapeDecoding.fastDecode([String: Decimal].self, from: decimal) == nil)
        expectSameOutcome([String: Decimal].self, decimal)
        let shallower = Data((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8)
        #expect(deep.withUnsafeBytes { JSONTape(parsing: $0) } == nil)
        #expect(shallower.withUnsafeBytes { JSONTape(parsing: $0) } != nil)
    }

    @Test("a model that keeps its container gets Foundation's, which reads the text after the body is gone")
    func keptContainer() throws {
        // Given: a model that keeps its container and reads it later, and a body whose bytes change afterwards
        final class Keeper: Decodable, @unchecked Sendable {
            // @unchecked Sendable: read by the test's one task only.
            let container: KeyedDecodingContainer<Probe.AnyKey>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Probe.AnyKey.self)
            }
        }
        let text = Array(#"{"title": "Dune", "count": 1.0}"#.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: text)
        let body = Data(bytesNoCopy: buffer.baseAddress!, count: text.count, deallocator: .none)
        // When
        let fast = try TapeDecoding.fastDecode(Keeper.self, from: body)
        let keeper = try TapeDecoding.decode(Keeper.self, from: body)
        buffer.update(repeating: UInt8(ascii: "X"))  // the body's bytes change once decoding is over
        // Then: the kept container answers as Foundation's would, later reads included
        #expect(fast == nil)
        #expect(try keeper.container.decode(String.self, forKey: Probe.AnyKey(stringValue: "title")) == "Dune")
        #expect(try keeper.container.decode(Int.self, forKey: Probe.AnyKey(stringValue: "count")) == 1)
    }

    @Test("128-bit integers go to Foundation, also when the model catches the error")
    func wideIntegers() {
        // Given
        struct Wide: Decodable, Equatable {
            var signed: Int128
            var unsigned: UInt128?
            var list: [UInt128]
            var caught: Int128?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Probe.AnyKey.self)
                signed = try container.decode(Int128.self, forKey: Probe.AnyKey(stringValue: "signed"))
                unsigned = try container.decodeIfPresent(UInt128.self, forKey: Probe.AnyKey(stringValue: "unsigned"))
                list = try container.decode([UInt128].self, forKey: Probe.AnyKey(stringValue: "list"))
                caught = try? container.decode(Int128.self, forKey: Probe.AnyKey(stringValue: "caught"))
            }
        }
        for text in [
            #"{"signed": -5, "unsigned": 170141183460469231731687303715884105728, "list": [1, 2], "caught": 7}"#,
            #"{"signed": 5, "list": []}"#, #"{"signed": 1.5, "list": []}"#,
        ] {
            // When / Then
            expectSameOutcome(Wide.self, Data(text.utf8))
        }
        expectSameOutcome(Int128.self, Data("5".utf8))
    }

    @Test("objects with thousands of keys, repeated or not ASCII, decode in linear time")
    func largeObjects() throws {
        // Given: 20,000 keys with a repeat (searched by string) and 20,000 Cyrillic keys; a quadratic search takes
        // minutes here, a linear one well under a second
        let repeated = "{" + (0..<20_000).map { "\"key\($0)\": \($0)" }.joined(separator: ",") + #", "key7": -1}"#
        let cyrillic = "{" + (0..<20_000).map { "\"ключ\($0)\": \($0)" }.joined(separator: ",") + "}"
        let start = ContinuousClock.now
        // When
        let first = try TapeDecoding.fastDecode([String: Int].self, from: Data(repeated.utf8))
        let second = try TapeDecoding.fastDecode([String: Int].self, from: Data(cyrillic.utf8))
        // Then
        #expect(start.duration(to: .now) < TestTime.bound(.seconds(20)))
        #expect(first == (try JSONDecoder.networking.decode([String: Int].self, from: Data(repeated.utf8))))
        #expect(first?["key7"] == 7)
        #expect(second?.count == 20_000)
    }

    @Test("random texts of one model decode as Foundation decodes them")
    func randomTexts() {
        // Given: a fixed seed, so that a failure repeats
        var generator = SplitMix64(seed: 0x5EED)
        var fast = 0
        for _ in 0..<3000 {
            let text = RandomBookJSON.bookLike(using: &generator)
            // When / Then
            expectSameOutcome(Book.self, Data(text.utf8))
            if (try? TapeDecoding.fastDecode(Book.self, from: Data(text.utf8))) != nil {
                fast += 1
            }
        }
        // Enough texts are valid books for the comparison to cover the fast decoder's own values.
        #expect(fast > 150, "\(fast) of 3000 took the fast path")
    }

    @Test("the fast decoder assumes the networking decoder's strategies")
    func strategies() {
        // A changed strategy here must change TapeDecoder too.
        guard case .useDefaultKeys = JSONDecoder.networking.keyDecodingStrategy,
            case .base64 = JSONDecoder.networking.dataDecodingStrategy,
            case .custom = JSONDecoder.networking.dateDecodingStrategy,
            case .throw = JSONDecoder.networking.nonConformingFloatDecodingStrategy
        else {
            Issue.record("JSONDecoder.networking's strategies changed")
            return
        }
        #expect(JSONDecoder.networking.userInfo.isEmpty)
        #expect(JSONDecoder.networking.allowsJSON5 == false)
    }
}

/// Decodes `body` as `T` with the fast decoder (falling back) and with Foundation, and expects the same value or
/// the same error.
func expectSameOutcome<T: Decodable & Equatable>(
    _ type: T.Type, _ body: Data, sourceLocation: SourceLocation = #_sourceLocation
) {
    let ours = Result { try TapeDecoding.decode(T.self, from: body) }
    let theirs = Result { try JSONDecoder.networking.decode(T.self, from: body) }
    switch (ours, theirs) {
    case (.success(let value), .success(let expected)):
        #expect(value == expected, "\(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
    default:
        #expect(
            describe(ours) == describe(theirs), "\(String(decoding: body, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }
}

func describe<T>(_ result: Result<T, any Error>) -> String {
    switch result {
    case .success(let value): "value \(value)"
    case .failure(let error): "error \(error)"
    }
}
