import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension ResponseCacheTests {
    /// Memory and disk storage: bounds, eviction, files, corruption, an unwritable folder.
    @Suite(.timeLimit(.minutes(1))) struct CacheStorageTests {
        static func temporaryFolder() -> URL {
            FileManager.default.temporaryDirectory.appendingPathComponent("networking-cache-\(UUID().uuidString)")
        }

        static func entryFiles(in folder: URL) throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { DiskCacheStorage.isEntryName($0.lastPathComponent) }
        }

        static func permissions(of url: URL) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        }

        /// Serves 2000-byte bodies fresh for a minute on any path.
        static func serveLarge(_ harness: CacheHarness, size: Int = 2000) {
            harness.server.dispatcher = { _ in
                MockResponse(headers: ["Cache-Control": "max-age=60"], body: Data(repeating: 0x62, count: size))
            }
        }

        @Test(arguments: [true, false])
        func leastRecentlyUsedIsEvictedByBytes(disk: Bool) async throws {
            // Given a cache sized for four and a half of the responses served (measured on one of them) …
            let folder = Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let harness = try CacheHarness()
            defer { harness.server.shutdown() }
            Self.serveLarge(harness)
            try await harness.send("/0")
            let served = try #require(harness.network.responses.last)
            let request = HTTPRequest(method: .get, url: harness.server.url("/0"))
            let entry = CachedResponse(
                served, to: request, requestTime: harness.clock.now, responseTime: harness.clock.now)
            let name = CacheKey(request).name
            let size = disk ? try entry.encoded(name: name).count : entry.size + name.utf8.count
            let capacity = size * 9 / 2
            let cache = harness.reopened(
                with: disk ? .disk(at: folder, capacity: capacity) : .memory(capacity: capacity))
            // … holding four of them, the first used again
            for path in ["/1", "/2", "/3", "/4"] {
                try await harness.send(path, via: cache)
            }
            #expect(try await harness.send("/1", via: cache).cacheStatus == "hit")

            // When a fifth is stored
            try await harness.send("/5", via: cache)

            // Then the least recently used (/2) went, the others stayed
            #expect(try await harness.send("/2", via: cache).cacheStatus == "miss")
            for path in ["/1", "/4", "/5"] {
                #expect(try await harness.send(path, via: cache).cacheStatus == "hit", "\(path)")
            }
        }

        @Test(arguments: [true, false])
        func anEntryOverAQuarterOfTheCapacityIsNotStored(disk: Bool) async throws {
            // Given a 10 000-byte cache
            let folder = Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let harness = try CacheHarness(
                cache: disk ? .disk(at: folder, capacity: 10_000) : .memory(capacity: 10_000))
            defer { harness.server.shutdown() }
            Self.serveLarge(harness, size: 3000)

            // When a 3000-byte response is asked for twice
            try await harness.send("/big")
            let second = try await harness.send("/big")

            // Then it was never stored
            #expect(second.cacheStatus == "miss")
        }

        @Test func diskEntriesSurviveANewCacheAndArePrivate() async throws {
            // Given a response stored on disk
            let folder = Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let harness = try CacheHarness(cache: .disk(at: folder))
            defer { harness.server.shutdown() }
            harness.serveCounting("/d", headers: ["Cache-Control": "max-age=60", "X-Kept": "yes"])
            try await harness.send("/d", headers: ["Authorization": "Bearer secret-token"])  // not stored
            try await harness.send("/d")

            // When a new cache opens the same folder
            let reopened = harness.reopened(with: .disk(at: folder))
            let response = try await harness.send("/d", via: reopened)

            // Then it answers from the file, with the headers
            #expect(response.cacheStatus == "hit" && response.text == "v2" && response.headers["X-Kept"] == "yes")
            #expect(harness.server.requestCount(path: "/d") == 2)
            // And the folder is 0700, the one file 0600, and no file name or content holds the token
            #expect(try Self.permissions(of: folder) == 0o700)
            let files = try Self.entryFiles(in: folder)
            #expect(files.count == 1)
            for file in files {
                #expect(try Self.permissions(of: file) == 0o600)
                #expect(!(try String(decoding: Data(contentsOf: file), as: UTF8.self)).contains("secret-token"))
            }
        }

        @Test(arguments: ["garbage", "truncated", "empty"])
        func aCorruptFileIsAMissAndIsRemoved(damage: String) async throws {
            // Given a stored response whose file is then damaged
            let folder = Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let harness = try CacheHarness(cache: .disk(at: folder))
            defer { harness.server.shutdown() }
            harness.serveCounting("/c", headers: ["Cache-Control": "max-age=60"])
            try await harness.send("/c")
            let file = try #require(try Self.entryFiles(in: folder).first)
            let original = try Data(contentsOf: file)
            let damaged =
                switch damage {
                case "garbage": Data("not a cache entry at all".utf8)
                case "truncated": original.prefix(original.count - 1)
                default: Data()
                }
            try damaged.write(to: file)

            // When a new cache reads it
            let storage = DiskCacheStorage(folder: folder, capacity: 1 << 20)
            let loaded = try storage.load(file.lastPathComponent)

            // Then it is a miss and the file is gone
            #expect(loaded == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))

            // And through a cache, the server is asked again and the entry stored anew
            try damaged.write(to: file)
            let reopened = harness.reopened(with: .disk(at: folder))
            #expect(try await harness.send("/c", via: reopened).cacheStatus == "miss")
            #expect(try await harness.send("/c", via: reopened).cacheStatus == "hit")
        }

        @Test func anUnwritableFolderDegradesToMemoryAndSaysSoOnce() async throws {
            // Given a disk cache in a folder that cannot be created (even for root), watched
            let cache = ResponseCache.disk(at: URL(fileURLWithPath: "/proc/self/nope/cache"))
            let reports = Recorder<String>()
            cache.onStorageFailure = { reports.record($0) }
            let harness = try CacheHarness(cache: cache)
            defer { harness.server.shutdown() }
            harness.serveCounting("/u", headers: ["Cache-Control": "max-age=60"])

            // When responses are stored and read
            try await harness.send("/u")
            let second = try await harness.send("/u")
            try await harness.send("/u2")

            // Then the cache works in memory and the failure was reported once, naming the folder
            #expect(second.cacheStatus == "hit")
            #expect(reports.all.count == 1)
            #expect(reports.all.first?.contains("/proc/self/nope/cache") == true)
            #expect(cache.storageFailure == reports.all.first)
        }

        @Test func aFailureBeforeTheHandlerIsSetIsReportedWhenItIs() {
            // Given a disk cache that already failed
            let cache = ResponseCache.disk(at: URL(fileURLWithPath: "/proc/self/nope/cache"))
            cache.removeAll()
            #expect(cache.storageFailure != nil)

            // When a handler is set, twice
            let reports = Recorder<String>()
            cache.onStorageFailure = { reports.record($0) }
            cache.onStorageFailure = { reports.record($0) }

            // Then it was told once
            #expect(reports.all.count == 1)
        }

        @Test(arguments: [true, false])
        func removeAllEmptiesTheCache(disk: Bool) async throws {
            // Given a stored response
            let folder = Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let harness = try CacheHarness(cache: disk ? .disk(at: folder) : .memory())
            defer { harness.server.shutdown() }
            harness.serveCounting("/all", headers: ["Cache-Control": "max-age=60"])
            try await harness.send("/all")

            // When the cache is emptied
            harness.cache.removeAll()

            // Then the response is asked for again, and no file is left
            #expect(try await harness.send("/all").cacheStatus == "miss")
            if disk {
                harness.cache.removeAll()
                #expect(try Self.entryFiles(in: folder).isEmpty)
            }
        }

        @Test func anEntryRoundTripsThroughItsFileFormat() throws {
            // Given an entry with repeated fields and varied values
            let entry = CachedResponse(
                statusCode: 203,
                headers: HTTPHeaders(fields: [("Set-Thing", "1"), ("Set-Thing", "2"), ("Vary", "Accept")]),
                body: Data([0, 1, 2]), url: URL(string: "http://example.test/a?b=c")!, varyValues: ["accept": "x"],
                requestTime: Date(timeIntervalSince1970: 10), responseTime: Date(timeIntervalSince1970: 11))

            // When encoded and decoded
            let data = try entry.encoded(name: "n")

            // Then it comes back whole, and only under its own name
            #expect(CachedResponse.decoded(data, name: "n") == entry)
            #expect(CachedResponse.decoded(data, name: "other") == nil)
            #expect(CachedResponse.decoded(data + Data([9]), name: "n") == nil)
        }
    }
}
