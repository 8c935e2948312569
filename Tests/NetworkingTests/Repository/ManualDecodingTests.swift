import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Manual decoding", .timeLimit(.minutes(1)))
struct ManualDecodingTests {
    struct Envelope: Error {}

    @Test("the decoder sees the raw body and its result is returned")
    func success() async {
        let repository = TestRepository(configuration: stubConfiguration(), transport: stub(body: "42"))

        let result = await repository.performRequest(method: .get, path: "answer") { data in
            Int(String(decoding: data, as: UTF8.self)) ?? -1
        }

        #expect(result.success == 42)
    }

    @Test(
        "a thrown DecodeError is kept, a DecodingError translated, anything else described; the hook fires once",
        arguments: [0, 1, 2])
    func thrownErrors(kind: Int) async throws {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = TestRepository(
            configuration: stubConfiguration(handler: failures.record), transport: stub(body: #"{"page": {}}"#))

        // When
        let result = await repository.performRequest(method: .get, path: "entities") { data -> Int in
            switch kind {
            case 0: throw DecodeError.missingKey("page.items")
            case 1: return try JSONDecoder().decode([String: Int].self, from: data).count
            default: throw Envelope()
            }
        }

        // Then
        guard case .decodeError(let error)? = result.failure else {
            Issue.record("expected decodeError, got \(result)")
            return
        }
        switch kind {
        case 0: #expect(error == .missingKey("page.items"))
        case 1: #expect(error.description.contains("page"))
        default: #expect(error == .custom(String(describing: Envelope())))
        }
        #expect(failures.all.map(\.error) == [error])
    }

    @Test("a non-2xx response never reaches the manual decoder")
    func errorsSkipDecoder() async {
        let calls = Recorder<Int>()
        let repository = TestRepository(configuration: stubConfiguration(), transport: stub(status: 500))

        let result = await repository.performRequest(method: .get, path: "x") { _ in calls.record(1) }

        #expect(calls.all.isEmpty)
        guard case .requestError? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
    }
}
