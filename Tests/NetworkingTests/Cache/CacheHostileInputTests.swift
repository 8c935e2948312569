import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension ResponseCacheTests {
    /// What a hostile or careless server sends, and what must never reach a cache file or another user.
    @Suite(.timeLimit(.minutes(1))) struct CacheHostileInputTests {
        @Test(
            "malformed Cache-Control, a year that overflows, and an Age of inf or 1e300 are survived",
            arguments: [
                ["Cache-Control": "="], ["Cache-Control": "max-age=60,=,,= ="],
                ["Cache-Control": "max-age=60", "Date": "Thu, 01 Jan 100000000000 00:00:00 GMT"],
                ["Cache-Control": "max-age=60", "Expires": "Thu, 01 Jan 999999999999999 00:00:00 GMT"],
                ["Cache-Control": "max-age=60", "Age": "inf"], ["Cache-Control": "max-age=60", "Age": "1e300"],
                ["Cache-Control": "max-age=60", "Age": "99999999999999999999999999999"],
            ])
        func hostileHeaders(headers: [String: String]) async throws {
            // Given
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/h", headers: headers.merging(["ETag": #""1""#]) { first, _ in first })

            // When: stored, then asked again fresh, stale within max-stale, and revalidated
            _ = try await harness.send("/h")
            let again = try await harness.send("/h")
            harness.clock.advance(3_600)
            let stale = try await harness.send("/h", headers: ["Cache-Control": "max-stale"])
            let revalidated = try await harness.send("/h", headers: ["Cache-Control": "no-cache"])

            // Then: every call answered; an answer the cache built has an Age that is a bounded whole number (a miss
            // passes the server's own header through)
            for response in [again, stale, revalidated] {
                #expect(response.statusCode == 200)
                if response.cacheStatus != "miss", let age = response.headers["Age"] {
                    #expect(Int(age).map { $0 >= 0 && $0 <= 2_147_483_648 } == true)
                }
            }
        }

        @Test("a response's Set-Cookie is not stored: a hit never replays it")
        func setCookieIsNotStored() async throws {
            // Given
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/s", headers: ["Cache-Control": "max-age=60", "Set-Cookie": "session=abc"])

            // When
            let first = try await harness.send("/s")
            let hit = try await harness.send("/s")

            // Then
            #expect(first.headers["Set-Cookie"] == "session=abc")
            #expect(hit.cacheStatus == "hit")
            #expect(hit.headers["Set-Cookie"] == nil)
        }

        @Test("a response to a request with a Cookie is filed under that cookie")
        func cookieSeparatesEntries() async throws {
            // Given
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            harness.serveCounting("/me", headers: ["Cache-Control": "max-age=60"])

            // When
            let alice = try await harness.send("/me", headers: ["Cookie": "session=alice"])
            let bob = try await harness.send("/me", headers: ["Cookie": "session=bob"])
            let aliceAgain = try await harness.send("/me", headers: ["Cookie": "session=alice"])

            // Then
            #expect(alice.text == "v1")
            #expect(bob.cacheStatus == "miss")
            #expect(bob.text == "v2")
            #expect(aliceAgain.cacheStatus == "hit")
            #expect(aliceAgain.text == "v1")
        }

        @Test("the values a Vary names are kept hashed: a disk entry holds no cookie or token")
        func variedValuesAreHashedOnDisk() async throws {
            // Given
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let harness = try CacheHarness(cache: .disk(at: folder))
            defer { harness.server.shutdown() }
            harness.serveCounting("/v", headers: ["Cache-Control": "private, max-age=60", "Vary": "Cookie, X-Api-Key"])
            let secrets = ["Cookie": "session=s3cr3t-cookie-value", "X-Api-Key": "k-0123456789-secret"]

            // When
            _ = try await harness.send("/v", headers: HTTPHeaders(secrets))
            let hit = try await harness.send("/v", headers: HTTPHeaders(secrets))
            let other = try await harness.send("/v", headers: ["Cookie": "session=other", "X-Api-Key": "k-other"])

            // Then
            #expect(hit.cacheStatus == "hit")
            #expect(other.cacheStatus == "miss")
            let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            #expect(!files.isEmpty)
            for file in files {
                let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                #expect(!text.contains("s3cr3t-cookie-value"))
                #expect(!text.contains("0123456789-secret"))
            }
        }
    }
}
