import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Custom errors", .timeLimit(.minutes(1)))
struct CustomErrorTests {
    enum BookError: String, CustomRepositoryErrorType {
        case notFound = "book_not_found"
        case outOfStock = "out_of_stock"
    }

    struct Problem: Decodable {
        var code: String
    }

    @Test(
        "mapped by status", arguments: [(404, "book_not_found"), (409, "out_of_stock"), (500, nil)] as [(Int, String?)])
    func byStatus(status: Int, expectedName: String?) async {
        let repository = TestRepository(configuration: stubConfiguration(), transport: stub(status: status))

        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "b")
        let mapped = result.mapCustomError([404: BookError.notFound, 409: BookError.outOfStock])

        switch (mapped.failure, expectedName) {
        case (.customError(let name, let error)?, let expected?):
            #expect(name == expected)
            #expect((error as? BookError)?.rawValue == expected)
        case (.requestError(let response)?, nil):
            #expect(response.statusCode == status)
        default:
            Issue.record("status \(status): unexpected \(mapped)")
        }
    }

    @Test("mapped by body")
    func byBody() async {
        let repository = TestRepository(
            configuration: stubConfiguration(), transport: stub(status: 422, body: #"{"code": "out_of_stock"}"#))

        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .post, path: "b")
        let mapped = result.mapCustomError { response in
            response.decodeBody(as: Problem.self).flatMap { BookError(rawValue: $0.code) }
        }

        guard case .customError(let name, _)? = mapped.failure else {
            Issue.record("expected customError, got \(mapped)")
            return
        }
        #expect(name == "out_of_stock")
    }

    @Test("only requestError is rewritten")
    func onlyRequestErrors() {
        let results: [Result<Int, RepositoryError>] = [
            .success(1), .failure(.timeout), .failure(.unauthenticatedSession(nil)), .failure(.cancelled),
        ]
        for result in results {
            let mapped = result.mapCustomError { _ in BookError.notFound }
            #expect(String(describing: mapped) == String(describing: result))
        }
    }
}
