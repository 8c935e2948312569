import Foundation
import Testing

@testable import Networking

@Suite("Redirect policy", .timeLimit(.minutes(1)))
struct RedirectPolicyTests {
    private func request(_ url: String, method: HTTPMethod = .get, body: Data? = nil) throws -> HTTPRequest {
        HTTPRequest(
            method: method, url: try #require(URL(string: url)),
            headers: ["Authorization": "t", "Cookie": "c", "Content-Type": "text/plain", "X-Other": "o"], body: body)
    }

    private func response(_ status: Int, location: String?) throws -> HTTPResponse {
        var headers = HTTPHeaders()
        if let location {
            headers["Location"] = location
        }
        return HTTPResponse(statusCode: status, headers: headers, url: try #require(URL(string: "https://a.test/")))
    }

    @Test(
        "credentials are dropped exactly when scheme, host or port changes",
        arguments: [
            ("https://a.test/x", "/y", true),
            ("https://a.test/x", "https://A.TEST:443/y", true),
            ("https://a.test/x", "https://b.test/y", false),
            ("https://a.test/x", "https://a.test:8443/y", false),
            ("http://a.test/x", "https://a.test/y", false),
        ])
    func credentials(from: String, location: String, kept: Bool) throws {
        // Given a redirect
        let next = try #require(
            try RedirectPolicy.nextRequest(after: response(302, location: location), of: request(from)))

        // Then Authorization and Cookie survive only on the same origin; other headers always do
        #expect((next.headers["Authorization"] != nil) == kept)
        #expect((next.headers["Cookie"] != nil) == kept)
        #expect(next.headers["X-Other"] == "o")
    }

    @Test(
        "https to http is refused; a non-http scheme is invalid",
        arguments: [
            ("http://a.test/y", TransportError.Code.insecureRedirect), ("ftp://a.test/y", .invalidResponse),
        ])
    func refused(location: String, code: TransportError.Code) throws {
        let error = #expect(throws: TransportError.self) {
            try RedirectPolicy.nextRequest(
                after: try response(301, location: location), of: try request("https://a.test/x"))
        }
        #expect(error?.code == code)
    }

    @Test("HEAD stays HEAD after 303; a PUT stays PUT with its body after 301")
    func methodsKept() throws {
        let head = try RedirectPolicy.nextRequest(
            after: response(303, location: "/h"), of: request("https://a.test/", method: .head))
        let put = try RedirectPolicy.nextRequest(
            after: response(301, location: "/p"), of: request("https://a.test/", method: .put, body: Data("b".utf8)))
        #expect(head?.method == .head)
        #expect(put?.method == .put)
        #expect(put?.body == Data("b".utf8))
    }

    @Test("non-redirect statuses and 304 are not followed", arguments: [200, 304, 404, 300])
    func notFollowed(status: Int) throws {
        #expect(
            try RedirectPolicy.nextRequest(after: response(status, location: "/x"), of: request("https://a.test/"))
                == nil)
    }
}
