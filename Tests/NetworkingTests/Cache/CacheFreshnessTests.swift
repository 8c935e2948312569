import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension ResponseCacheTests {
    /// When a stored response answers without the server: max-age, Expires, heuristics, and the request's own
    /// Cache-Control.
    @Suite(.timeLimit(.minutes(1))) struct CacheFreshnessTests {
        @Test func maxAgeAnswersUntilItExpires() async throws {
            // Given a response fresh for 60 s
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/a", headers: ["Cache-Control": "max-age=60"])

            // When it is asked for, then again 59 s later, then 2 s after that
            let first = try await harness.send("/a")
            harness.clock.advance(59)
            let fresh = try await harness.send("/a")
            harness.clock.advance(2)
            let expired = try await harness.send("/a")

            // Then the second came from the cache, the third from the server
            #expect(first.cacheStatus == "miss" && first.text == "v1")
            #expect(fresh.cacheStatus == "hit" && fresh.text == "v1" && fresh.statusCode == 200)
            #expect(fresh.headers["Age"] == "59")
            #expect(expired.cacheStatus == "miss" && expired.text == "v2")
            #expect(harness.server.requestCount(path: "/a") == 2)
        }

        @Test func expiresMinusDateIsTheLifetime() async throws {
            // Given a response dated now that expires in 100 s
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            let now = harness.clock.now
            harness.serveCounting(
                "/e",
                headers: ["Date": HTTPDate.format(now), "Expires": HTTPDate.format(now.addingTimeInterval(100))])

            // When it is asked for at 0, 99 and 101 s
            try await harness.send("/e")
            harness.clock.advance(99)
            let fresh = try await harness.send("/e")
            harness.clock.advance(2)
            let stale = try await harness.send("/e")

            // Then
            #expect(fresh.cacheStatus == "hit")
            #expect(stale.cacheStatus == "miss")
            #expect(harness.server.requestCount(path: "/e") == 2)
        }

        @Test(arguments: [("/h", 1), ("/h?page=2", 2)])
        func heuristicFreshnessOnlyWithoutQuery(path: String, expectedRequests: Int) async throws {
            // Given a response last modified 5 h before its date (heuristic lifetime: 30 min)
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            let now = harness.clock.now
            harness.serveCounting(
                "/h",
                headers: [
                    "Date": HTTPDate.format(now), "Last-Modified": HTTPDate.format(now.addingTimeInterval(-5 * 3600)),
                ])

            // When it is asked for again 29 min later
            try await harness.send(path)
            harness.clock.advance(29 * 60)
            try await harness.send(path)

            // Then it answered without the server unless the URL has a query
            #expect(harness.server.requestCount(path: "/h") == expectedRequests)

            // And after 31 min it is stale
            harness.clock.advance(2 * 60)
            try await harness.send(path)
            #expect(harness.server.requestCount(path: "/h") == expectedRequests + 1)
        }

        @Test func heuristicLifetimeIsCappedAtADay() {
            // Given a response modified a year before it was received
            let received = Date(timeIntervalSince1970: 1_700_000_000)
            let entry = CachedResponse(
                statusCode: 200,
                headers: ["Last-Modified": HTTPDate.format(received.addingTimeInterval(-365 * 86_400))],
                body: Data(), url: URL(string: "http://example.test/a")!, varyValues: [:], requestTime: received,
                responseTime: received)

            // Then it is fresh for a day, not 36 days
            #expect(entry.freshnessLifetime == 86_400)
        }

        @Test(
            arguments: [
                (["Cache-Control": "no-store, max-age=60"], HTTPHeaders()),
                (["Cache-Control": "max-age=60"], ["Cache-Control": "no-store"]),
            ] as [([String: String], HTTPHeaders)])
        func noStoreIsNeverStored(responseHeaders: [String: String], requestHeaders: HTTPHeaders) async throws {
            // Given a response or a request that says no-store
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/n", headers: responseHeaders)

            // When it is asked for, then asked for again plainly
            try await harness.send("/n", headers: requestHeaders)
            let second = try await harness.send("/n")

            // Then nothing was stored
            #expect(second.cacheStatus == "miss")
            #expect(harness.server.requestCount(path: "/n") == 2)
        }

        @Test func noStoreRequestBypassesAStoredResponse() async throws {
            // Given a fresh stored response
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/n", headers: ["Cache-Control": "max-age=60"])
            try await harness.send("/n")

            // When a request says no-store
            let bypassed = try await harness.send("/n", headers: ["Cache-Control": "no-store"])

            // Then the server answered, and the stored response stays as it was
            #expect(bypassed.text == "v2" && bypassed.cacheStatus == "miss")
            #expect(try await harness.send("/n").text == "v1")
        }

        @Test(arguments: [("max-stale=30", true), ("max-stale=10", false), ("max-stale", true), ("", false)])
        func maxStaleAcceptsStaleResponses(directive: String, hit: Bool) async throws {
            // Given a response stale by 20 s
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/s", headers: ["Cache-Control": "max-age=10"])
            try await harness.send("/s")
            harness.clock.advance(30)

            // When the request accepts some staleness
            let headers: HTTPHeaders = directive.isEmpty ? [:] : ["Cache-Control": directive]
            let response = try await harness.send("/s", headers: headers)

            // Then it is answered from the cache only within it
            #expect(response.cacheStatus == (hit ? "hit" : "miss"))
            #expect(harness.server.requestCount(path: "/s") == (hit ? 1 : 2))
        }

        @Test func mustRevalidateRefusesMaxStale() async throws {
            // Given a stale response that must be revalidated
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/m", headers: ["Cache-Control": "max-age=10, must-revalidate"])
            try await harness.send("/m")
            harness.clock.advance(30)

            // When the request accepts any staleness
            let response = try await harness.send("/m", headers: ["Cache-Control": "max-stale"])

            // Then the server is asked anyway
            #expect(response.cacheStatus == "miss" && response.text == "v2")
        }

        @Test func requestMaxAgeTreatsOlderResponsesAsStale() async throws {
            // Given a response fresh for an hour, 120 s old
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/r", headers: ["Cache-Control": "max-age=3600"])
            try await harness.send("/r")
            harness.clock.advance(120)

            // When requests accept at most 200 s, then at most 60 s
            let young = try await harness.send("/r", headers: ["Cache-Control": "max-age=200"])
            let old = try await harness.send("/r", headers: ["Cache-Control": "max-age=60"])

            // Then
            #expect(young.cacheStatus == "hit")
            #expect(old.cacheStatus == "miss")
        }

        @Test(arguments: [("no-cache", "max-age=60"), ("", "no-cache, max-age=60")])
        func noCacheAlwaysAsksTheServer(requestControl: String, responseControl: String) async throws {
            // Given a fresh stored response with an ETag
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.server.route("/c") { request in
                request.headers["If-None-Match"] == #""1""#
                    ? MockResponse(status: 304, headers: ["ETag": #""1""#])
                    : MockResponse(headers: ["Cache-Control": responseControl, "ETag": #""1""#], text: "body")
            }
            try await harness.send("/c")

            // When the request or the response says no-cache
            let headers: HTTPHeaders = requestControl.isEmpty ? [:] : ["Cache-Control": requestControl]
            let response = try await harness.send("/c", headers: headers)

            // Then the server was asked, conditionally
            #expect(response.cacheStatus == "revalidated" && response.text == "body")
            #expect(harness.server.requests(path: "/c").last?.headers["If-None-Match"] == #""1""#)
        }

        @Test func onlyIfCachedAnswersFromTheCacheOrWith504() async throws {
            // Given a fresh stored response for /o and nothing for /p
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/o", headers: ["Cache-Control": "max-age=60"])
            harness.serveCounting("/p", headers: ["Cache-Control": "max-age=60"])
            try await harness.send("/o")

            // When both are asked for only-if-cached
            let hit = try await harness.send("/o", headers: ["Cache-Control": "only-if-cached"])
            let missing = try await harness.send("/p", headers: ["Cache-Control": "only-if-cached"])

            // Then the first is a hit, the second a 504, and neither reached the server
            #expect(hit.cacheStatus == "hit" && hit.text == "v1")
            #expect(missing.statusCode == 504 && missing.cacheStatus == "miss" && missing.body.isEmpty)
            #expect(harness.server.requestCount(path: "/o") == 1)
            #expect(harness.server.requestCount(path: "/p") == 0)
        }

        @Test func onlyIfCachedAcceptsStaleWithinMaxStale() async throws {
            // Given a response stale by 20 s
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/o", headers: ["Cache-Control": "max-age=10"])
            try await harness.send("/o")
            harness.clock.advance(30)

            // When it is asked for only-if-cached, with and without max-stale
            let stale = try await harness.send("/o", headers: ["Cache-Control": "only-if-cached, max-stale=60"])
            let refused = try await harness.send("/o", headers: ["Cache-Control": "only-if-cached"])

            // Then
            #expect(stale.cacheStatus == "hit" && stale.statusCode == 200)
            #expect(refused.statusCode == 504)
            #expect(harness.server.requestCount(path: "/o") == 1)
        }
    }
}
