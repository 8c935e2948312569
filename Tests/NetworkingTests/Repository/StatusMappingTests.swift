import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Status mapping", .timeLimit(.minutes(1)))
struct StatusMappingTests {
    enum Expected: String, Sendable {
        case success, unauthenticated, requestError
    }

    @Test(
        "each status maps to success or the right error",
        arguments: [
            (200, Expected.success), (201, .success), (204, .success), (301, .requestError), (400, .requestError),
            (401, .unauthenticated), (403, .requestError), (404, .requestError), (422, .requestError),
            (500, .requestError), (503, .requestError),
        ])
    func statusTable(status: Int, expected: Expected) async {
        // Given
        let body = #"{"error": "status \#(status)"}"#
        let repository = TestRepository(
            configuration: stubConfiguration(), transport: stub(status: status, body: body, headers: ["X-Trace": "t1"]))

        // When
        let result = await repository.performRawRequest(method: .get, path: "thing")

        // Then
        switch (expected, result) {
        case (.success, .success(let response)):
            #expect(response.statusCode == status)
        case (.unauthenticated, .failure(.unauthenticatedSession(let response?))):
            #expect(response.statusCode == 401)
            #expect(response.body == Data(body.utf8))
        case (.requestError, .failure(.requestError(let response))):
            #expect(response.statusCode == status)
            #expect(response.body == Data(body.utf8))
            #expect(response.headers["x-trace"] == "t1")
            #expect(response.url?.absoluteString == "https://api.example.test/v1/thing")
        default:
            Issue.record("status \(status): expected \(expected), got \(result)")
        }
    }

    @Test("EmptyResponse accepts 204, an empty 200 and HEAD")
    func emptyResponses() async {
        for (status, method) in [(204, HTTPMethod.delete), (200, .post), (200, .head)] {
            let repository = TestRepository(configuration: stubConfiguration(), transport: stub(status: status))
            let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
                method: method, path: "x")
            #expect(result.success == EmptyResponse())
        }
    }

    @Test("ResponseError decodes its body")
    func decodeBody() async throws {
        struct Problem: Decodable, Equatable {
            var code: String
        }
        let repository = TestRepository(
            configuration: stubConfiguration(), transport: stub(status: 422, body: #"{"code": "too_short"}"#))

        let result = await repository.performRawRequest(method: .post, path: "books")

        guard case .requestError(let response)? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
        #expect(response.decodeBody(as: Problem.self) == Problem(code: "too_short"))
        #expect(response.decodeBody(as: [Int].self) == nil)
    }

    @Test("transport failures map to repository errors")
    func transportFailures() async {
        let cases: [(any Error, String)] = [
            (TransportError(code: .connectionRefused, message: "refused"), "noNetworkConnection"),
            (PinningFailure(host: "h", servedPins: [], expectedPins: [], reason: "r"), "pinningFailure"),
            (CancellationError(), "cancelled"),
            (RepositoryError.timeout, "timeout"),
            (URLError(.badServerResponse), "noNetworkConnection"),
        ]
        for (thrown, expected) in cases {
            let transport = StubTransport { _ in throw thrown }
            let repository = TestRepository(configuration: stubConfiguration(), transport: transport)
            let result = await repository.performRawRequest(method: .get, path: "x")
            #expect(result.failure?.caseName == expected, "\(thrown)")
        }
    }
}
