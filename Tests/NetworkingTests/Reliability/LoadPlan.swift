import Foundation
import NetworkingTestKit

/// What the load test's server answers to call `index`, and what that call must return: every tenth call
/// (index ending in 9) hits a fault, the faults taking turns; the others get a small JSON body naming them.
enum LoadPlan {
    /// The faults, in turn.
    static let faults: [LoadOutcome] = [.connectionLost, .requestError, .invalidResponse, .jsonError, .timeout]

    /// The outcome call `index` must have.
    static func expected(_ index: Int) -> LoadOutcome {
        index % 10 == 9 ? faults[(index / 10) % faults.count] : .success
    }

    /// The server's answer to call `index`.
    static func response(_ index: Int) -> MockResponse {
        switch expected(index) {
        case .connectionLost: MockResponse(status: 200, json: book(index)).failing(.disconnectDuringBody)
        case .requestError: MockResponse(status: 503, headers: ["Content-Type": "text/html"], text: "<h1>busy</h1>")
        case .invalidResponse: .raw(Data("garbage\r\n\r\n".utf8))
        case .jsonError: MockResponse(status: 200, text: "<html>not json</html>")
        case .timeout: MockResponse(status: 200, json: book(index)).failing(.stall)
        default: MockResponse(status: 200, json: book(index))
        }
    }

    /// The call index in a request path `/…/load/<index>`, or -1.
    static func index(of path: String) -> Int {
        path.split(separator: "/").last.flatMap { Int($0) } ?? -1
    }

    private static func book(_ index: Int) -> String {
        #"[{"id": \#(index), "title": "Book \#(index)", "year": 2000}]"#
    }
}
