import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Process-wide decode-error hook", .serialized, .timeLimit(.minutes(1)))
struct DecodedErrorHandlerTests {
    @Test("without a configuration handler, the process-wide handler fires once")
    func fallback() async {
        // Given: a host only this test uses, so failures from tests running in parallel are ignored.
        let failures = Recorder<DecodeFailure>()
        let previous = DecodedErrorHandler.decodedErrorHandler
        DecodedErrorHandler.decodedErrorHandler = { failure in
            if failure.url.host() == "hook.example.test" { failures.record(failure) }
            previous(failure)
        }
        defer { DecodedErrorHandler.decodedErrorHandler = previous }
        let repository = TestRepository(
            configuration: stubConfiguration(host: "hook.example.test"), transport: stub(body: "[1, 2"))

        // When
        let result: Result<[Int], RepositoryError> = await repository.performRequest(method: .get, path: "n")

        // Then
        guard case .jsonError? = result.failure else {
            Issue.record("expected jsonError, got \(result)")
            return
        }
        #expect(failures.all.count == 1)
    }

    @Test("a configuration handler replaces the process-wide one")
    func configurationWins() async {
        let local = Recorder<DecodeFailure>()
        let global = Recorder<DecodeFailure>()
        let previous = DecodedErrorHandler.decodedErrorHandler
        DecodedErrorHandler.decodedErrorHandler = { failure in
            if failure.url.host() == "hook2.example.test" { global.record(failure) }
            previous(failure)
        }
        defer { DecodedErrorHandler.decodedErrorHandler = previous }
        let repository = TestRepository(
            configuration: stubConfiguration(host: "hook2.example.test", handler: local.record),
            transport: stub(body: #"{"id": "x"}"#))

        let _: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "b")

        #expect(local.all.count == 1)
        #expect(global.all.isEmpty)
    }
}
