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

    @Test("a container the model keeps reads the text after the body is gone")
    func keptContainer() throws {
        // Given: a model that keeps its container and reads it later
        final class Keeper: Decodable, @unchecked Sendable {
            // @unchecked Sendable: read by the test's one task only.
            let container: KeyedDecodingContainer<Probe.AnyKey>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Probe.AnyKey.self)
            }
        }
        let text = Array(Self.book.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: text)
        let body = Data(bytesNoCopy: buffer.baseAddress!, count: text.count, deallocator: .none)
        let keeper = try #require(try TapeDecoding.fastDecode(Keeper.self, from: body))
        buffer.update(repeating: UInt8(ascii: "X"))  // the body's bytes change once decoding is over
        // When
        let title = try keeper.container.decode(String.self, forKey: Probe.AnyKey(stringValue: "title"))
        let tags = try keeper.container.decode([String].self, forKey: Probe.AnyKey(stringValue: "tags"))
        // Then
        #expect(title == "Dune")
        #expect(tags == ["sf", "classic"])
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
