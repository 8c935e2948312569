import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Error descriptions", .timeLimit(.minutes(1)))
struct ErrorDescriptionTests {
    static let response = ResponseError(
        statusCode: 404, body: Data(#"{"error":"no book 9"}"#.utf8), url: URL(string: "https://api.test/books/9"))

    @Test(
        "every error names what went wrong and where",
        arguments: [
            (RepositoryError.invalidURL("port 0 is outside 1...65535"), ["Invalid URL", "port 0"]),
            (.invalidParameters("parameter \"x\" has unsupported type"), ["Invalid parameters", "\"x\""]),
            (.unauthenticatedSession(nil), ["Unauthenticated", "no session token"]),
            (.unauthenticatedSession(response), ["Unauthenticated", "404", "https://api.test/books/9"]),
            (.requestError(response), ["HTTP 404", "https://api.test/books/9", "no book 9"]),
            (
                .noNetworkConnection(TransportError(code: .connectionRefused, message: "refused by 127.0.0.1:1")),
                ["No network connection", "127.0.0.1:1"]
            ),
            (.timeout, ["Timed out"]),
            (
                .pinningFailure(
                    PinningFailure(
                        host: "h.test", servedPins: ["sha256/A"], expectedPins: ["sha256/B"],
                        reason: "no pin matched")), ["h.test", "sha256/A", "sha256/B", "no pin"]
            ),
            (.jsonError(.custom("the body is not valid JSON")), ["Invalid JSON", "not valid JSON"]),
            (
                .decodeError(.typeMismatch(expected: "Int at books[3].year", actual: "a string")),
                ["Decoding failed", "books[3].year", "a string"]
            ),
            (.decodeError(.multiple([.missingKey("a"), .missingKey("b")])), ["missing key a", "missing key b"]),
            (.cancelled, ["Cancelled"]),
        ] as [(RepositoryError, [String])]
    )
    func describes(error: RepositoryError, fragments: [String]) {
        for fragment in fragments {
            #expect(error.description.contains(fragment), "\(error.description) lacks \(fragment)")
        }
        #expect(error.localizedDescription == error.description)
    }

    @Test("localizedDescription is the description for every error type, even as an any Error")
    func localizedDescriptions() {
        let transport = TransportError(code: .connectionLost, message: "lost 127.0.0.1:1")
        let pinning = PinningFailure(host: "h.test", servedPins: ["sha256/A"], expectedPins: ["sha256/B"], reason: "r")
        let decode = DecodeError.missingKey("title")
        let errors: [(any Error, String)] = [
            (transport, transport.description), (pinning, pinning.description),
            (Self.response, Self.response.description), (decode, decode.description),
            (RepositoryError.timeout, RepositoryError.timeout.description),
        ]
        for (error, description) in errors {
            #expect(error.localizedDescription == description)
            #expect(!error.localizedDescription.contains("The operation could not be completed"))
        }
    }

    @Test("DecodingError keeps the coding path")
    func codingPath() throws {
        struct Shelf: Decodable {
            var books: [Book]
        }
        let json = Data(#"{"books": [{"id": 1, "title": "A", "year": 1}, {"id": 2, "title": 3, "year": 2}]}"#.utf8)

        do {
            _ = try JSONDecoder().decode(Shelf.self, from: json)
            Issue.record("expected a decoding error")
        } catch let error as DecodingError {
            let decodeError = DecodeError(error)
            #expect(decodeError.description.contains("books[1].title"))
            guard case .typeMismatch(let expected, _) = decodeError else {
                Issue.record("expected typeMismatch, got \(decodeError)")
                return
            }
            #expect(expected.contains("String"))
        }
    }
}
