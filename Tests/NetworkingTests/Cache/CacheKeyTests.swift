import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension ResponseCacheTests {
    /// What selects a stored response: method, URL, Authorization, Vary; and what removes it.
    @Suite(.timeLimit(.minutes(1))) struct CacheKeyTests {
        @Test func varySelectsByTheListedRequestFields() async throws {
            // Given responses that vary by Accept and echo it
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.server.route("/vary") { request in
                MockResponse(
                    headers: ["Cache-Control": "max-age=60", "Vary": "Accept"], text: request.headers["Accept"] ?? "-")
            }

            // When asked with Accept a, a, b, b
            let statuses = try await ["a", "a", "b", "b"].asyncMap { accept in
                try await harness.send("/vary", headers: ["Accept": accept])
            }

            // Then a different Accept is a miss, the same one a hit
            #expect(statuses.map(\.cacheStatus) == ["miss", "hit", "miss", "hit"])
            #expect(statuses.map(\.text) == ["a", "a", "b", "b"])
        }

        @Test func varyStarIsNeverStored() async throws {
            // Given a response with Vary: *
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/star", headers: ["Cache-Control": "max-age=60", "Vary": "*"])

            // When asked for twice
            try await harness.send("/star")
            let second = try await harness.send("/star")

            // Then both went to the server
            #expect(second.cacheStatus == "miss" && harness.server.requestCount(path: "/star") == 2)
        }

        @Test(arguments: ["max-age=60", "no-cache"])
        func authorizedResponsesAreNotStoredWithoutPermission(control: String) async throws {
            // Given a response to a request with Authorization, without public/private/must-revalidate/s-maxage
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/me", headers: ["Cache-Control": control, "ETag": #""x""#])

            // When asked for twice with the same token
            try await harness.send("/me", headers: ["Authorization": "Bearer A"])
            let second = try await harness.send("/me", headers: ["Authorization": "Bearer A"])

            // Then nothing was stored: no hit and no conditional request
            #expect(second.cacheStatus == "miss" && second.text == "v2")
            #expect(harness.server.requests(path: "/me").last?.headers["If-None-Match"] == nil)
        }

        @Test(arguments: [
            "private, max-age=60", "public, max-age=60", "max-age=60, must-revalidate", "s-maxage=60, max-age=60",
        ])
        func authorizedResponsesAreKeyedPerToken(control: String) async throws {
            // Given responses that allow storage and echo the token
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.server.route("/me") { request in
                MockResponse(headers: ["Cache-Control": control], text: request.headers["Authorization"] ?? "-")
            }

            // When token A asks twice, then token B, then A again
            let a1 = try await harness.send("/me", headers: ["Authorization": "Bearer A"])
            let a2 = try await harness.send("/me", headers: ["Authorization": "Bearer A"])
            let b = try await harness.send("/me", headers: ["Authorization": "Bearer B"])
            let a3 = try await harness.send("/me", headers: ["Authorization": "Bearer A"])
            let anonymous = try await harness.send("/me")

            // Then each token gets its own response, never another's
            #expect(a1.text == "Bearer A" && a1.cacheStatus == "miss")
            #expect(a2.text == "Bearer A" && a2.cacheStatus == "hit")
            #expect(b.text == "Bearer B" && b.cacheStatus == "miss")
            #expect(a3.text == "Bearer A" && a3.cacheStatus == "hit")
            #expect(anonymous.text == "-" && anonymous.cacheStatus == "miss")
        }

        @Test func headIsItsOwnEntry() async throws {
            // Given a stored GET response
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/head", headers: ["Cache-Control": "max-age=60"])
            try await harness.send("/head")

            // When HEAD asks twice
            let first = try await harness.send("/head", method: .head)
            let second = try await harness.send("/head", method: .head)

            // Then the first went to the server, the second was a hit without a body
            #expect(first.cacheStatus == "miss" && second.cacheStatus == "hit")
            #expect(second.body.isEmpty && second.statusCode == 200)
            #expect(harness.server.requests(path: "/head").map(\.method) == ["GET", "HEAD"])
        }

        @Test(arguments: [
            (HTTPMethod.post, 201, "/items", true), (.put, 200, "/items", true), (.delete, 204, "/items", true),
            (.patch, 500, "/items", false), (.post, 201, "/other", false), (.options, 200, "/items", false),
        ])
        func unsafeMethodsInvalidate(method: HTTPMethod, status: Int, path: String, invalidates: Bool) async throws {
            // Given a stored response for /items
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            let server = harness.server
            server.route(path == "/items" ? "/unused" : path) { _ in MockResponse(status: status) }
            server.route("/items") { request in
                request.method == "GET"
                    ? MockResponse(
                        headers: ["Cache-Control": "max-age=60"], text: "v\(server.requestCount(path: "/items"))")
                    : MockResponse(status: status)
            }
            try await harness.send("/items")

            // When an unsafe request for `path` gets `status`
            try await harness.send(path, method: method)

            // Then /items is asked for again only if it was invalidated
            let after = try await harness.send("/items")
            #expect(after.cacheStatus == (invalidates ? "miss" : "hit"))
        }

        @Test func locationOnTheSameOriginIsInvalidated() async throws {
            // Given a stored response for /items/1
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/items/1", headers: ["Cache-Control": "max-age=60"])
            harness.server.route("/items") { _ in MockResponse(status: 201, headers: ["Location": "/items/1"]) }
            try await harness.send("/items/1")

            // When a POST's response points at it
            try await harness.send("/items", method: .post)

            // Then it is asked for again
            #expect(try await harness.send("/items/1").cacheStatus == "miss")
        }

        @Test(arguments: [
            ("Range", "bytes=0-1"), ("If-None-Match", #""mine""#),
        ])
        func rangeAndCallerConditionalsBypass(name: String, value: String) async throws {
            // Given a stored response
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/x", headers: ["Cache-Control": "max-age=60"])
            try await harness.send("/x")

            // When a request carries its own Range or condition
            let response = try await harness.send("/x", headers: [name: value])

            // Then it went to the server as is
            #expect(response.cacheStatus == "miss" && response.text == "v2")
            #expect(harness.server.requests(path: "/x").last?.headers[name] == value)
        }

        @Test func requestsWithABodyBypass() async throws {
            // Given a stored response
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/x", headers: ["Cache-Control": "max-age=60"])
            try await harness.send("/x")

            // When a GET carries a body
            var request = HTTPRequest(method: .get, url: harness.server.url("/x"), body: Data("q".utf8), timeout: 10)
            request.headers["Content-Type"] = "text/plain"
            let response = try await harness.transport.send(request)

            // Then it went to the server
            #expect(response.cacheStatus == "miss" && harness.server.requestCount(path: "/x") == 2)
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self {
            results.append(try await transform(element))
        }
        return results
    }
}

extension ResponseCacheTests {
    /// HTTP-dates and the logger's labels, without a server.
    @Suite(.timeLimit(.minutes(1))) struct CacheFormatTests {
        @Test(arguments: [
            ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0), ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
            ("Sun Nov  6 08:49:37 1994", 784_111_777), ("Thu, 29 Feb 2024 23:59:59 GMT", 1_709_251_199),
        ])
        func httpDatesParse(text: String, seconds: TimeInterval) {
            #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == seconds)
        }

        @Test func httpDatesFormatAsIMFFixdate() {
            #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
            #expect(HTTPDate.format(Date(timeIntervalSince1970: 1_709_251_199)) == "Thu, 29 Feb 2024 23:59:59 GMT")
            #expect(HTTPDate.parse("0") == nil)
        }

        @Test(arguments: [("hit", " (cache hit)"), ("revalidated", " (revalidated 304)"), ("miss", ""), (nil, "")])
        func responseLinesSayHowTheCacheAnswered(status: String?, suffix: String) {
            var headers = HTTPHeaders()
            headers["X-Networking-Cache"] = status
            let response = HTTPResponse(statusCode: 200, headers: headers, url: URL(string: "http://example.test/a")!)
            #expect(RequestLogFormatter.cacheSuffix(response) == suffix)
        }
    }
}
