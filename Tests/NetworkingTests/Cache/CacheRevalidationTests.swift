import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension ResponseCacheTests {
    /// Stale responses revalidated with their validators; a 304 reaches the caller as the stored 200.
    @Suite(.timeLimit(.minutes(1))) struct CacheRevalidationTests {
        static let lastModified = "Tue, 14 Nov 2023 22:00:00 GMT"

        /// Answers 304 when the request's validator matches `validator`, else 200 with a 1 KiB body.
        static func serveValidated(_ harness: CacheHarness, header: String, validator: String, condition: String) {
            harness.server.route("/v") { request in
                if request.headers[condition] == validator {
                    return MockResponse(
                        status: 304, headers: [header: validator, "Cache-Control": "max-age=10", "X-Version": "2"])
                }
                return MockResponse(
                    headers: [header: validator, "Cache-Control": "max-age=10", "X-Version": "1"],
                    body: Data(repeating: 0x61, count: 1024))
            }
        }

        @Test(arguments: [("ETag", #""abc""#, "If-None-Match"), ("Last-Modified", lastModified, "If-Modified-Since")])
        func a304BecomesTheStored200(header: String, validator: String, condition: String) async throws {
            // Given a stored response with a validator, now stale
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            Self.serveValidated(harness, header: header, validator: validator, condition: condition)
            try await harness.send("/v")
            harness.clock.advance(20)

            // When it is asked for again
            let response = try await harness.send("/v")

            // Then the server was asked conditionally and answered 304 without a body …
            let sent = harness.server.requests(path: "/v")
            #expect(sent.count == 2 && sent[1].headers[condition] == validator)
            #expect(harness.network.responses.map(\.statusCode) == [200, 304])
            #expect(harness.network.responses.last?.body.isEmpty == true)
            // … and the caller got the stored 200 and body, with the 304's header fields
            #expect(response.statusCode == 200 && response.body == Data(repeating: 0x61, count: 1024))
            #expect(response.cacheStatus == "revalidated" && response.headers["X-Version"] == "2")

            // And the refreshed response is fresh again
            let again = try await harness.send("/v")
            #expect(again.cacheStatus == "hit" && again.headers["X-Version"] == "2")
            #expect(harness.server.requestCount(path: "/v") == 2)
        }

        @Test func bothValidatorsAreSent() async throws {
            // Given a stale response with an ETag and a Last-Modified
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.server.route("/b") { _ in
                MockResponse(
                    headers: ["ETag": #""e""#, "Last-Modified": Self.lastModified, "Cache-Control": "no-cache"],
                    text: "b")
            }
            try await harness.send("/b")

            // When it is revalidated
            try await harness.send("/b")

            // Then both conditions were sent
            let conditional = try #require(harness.server.requests(path: "/b").last)
            #expect(conditional.headers["If-None-Match"] == #""e""#)
            #expect(conditional.headers["If-Modified-Since"] == Self.lastModified)
        }

        @Test func a200ReplacesTheStoredResponse() async throws {
            // Given a stale stored response whose resource changed
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            let server = harness.server
            server.route("/r") { _ in
                let version = server.requestCount(path: "/r")
                return MockResponse(
                    headers: ["ETag": #""\#(version)""#, "Cache-Control": "max-age=10"], text: "v\(version)")
            }
            try await harness.send("/r")
            harness.clock.advance(20)

            // When it is revalidated, then asked for while fresh
            let changed = try await harness.send("/r")
            let stored = try await harness.send("/r")

            // Then the new response answered and replaced the old one
            #expect(changed.cacheStatus == "miss" && changed.text == "v2")
            #expect(stored.cacheStatus == "hit" && stored.text == "v2")
        }

        @Test func aFailedRevalidationFailsUnlessMaxStale() async throws {
            // Given a stored response that must be revalidated, and a server that is gone
            let harness = try CacheHarness()
            harness.server.route("/f") { _ in
                MockResponse(headers: ["ETag": #""f""#, "Cache-Control": "no-cache"], text: "kept")
            }
            try await harness.send("/f")
            harness.server.shutdown()

            // When it is asked for plainly, then accepting staleness
            await #expect(throws: TransportError.self) {
                try await harness.send("/f")
            }
            let stale = try await harness.send("/f", headers: ["Cache-Control": "max-stale"])

            // Then the plain request failed and the other got the stored response
            #expect(stale.cacheStatus == "hit" && stale.text == "kept")
        }
    }
}
