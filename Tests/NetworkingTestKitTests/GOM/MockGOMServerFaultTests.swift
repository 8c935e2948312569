import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockGOMServer faults", .timeLimit(.minutes(1)))
    struct MockGOMServerFaultTests {
        @Test func refusedUpgradesAre503AndCounted() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.refuseUpgrades = true
            let before = Date()

            // When
            let refused = await #expect(throws: RepositoryError.self) { try await GNPTestSocket.connect(to: gom) }
            gom.refuseUpgrades = false
            let accepted = try await GNPTestSocket.connect(to: gom)

            // Then
            guard case .requestError(let response)? = refused else {
                Issue.record("expected a refusal, got \(String(describing: refused))")
                return
            }
            #expect(response.statusCode == 503)
            #expect(gom.upgradeAttempts.count == 2)
            #expect(gom.upgradeAttempts.allSatisfy { $0 >= before.addingTimeInterval(-0.001) })
            _ = try await accepted.subscribeForInitial("/a")
            #expect(gom.openSocketCount == 1)
        }

        @Test func upgradesCanBeHeld() async throws {
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.upgradeDelay = 0.4

            let started = ContinuousClock.now
            let socket = try await GNPTestSocket.connect(to: gom)
            let elapsed = started.duration(to: .now)

            #expect(elapsed >= .milliseconds(400))
            _ = try await socket.subscribeForInitial("/a")
        }

        @Test func droppedSocketsMakeTheClientSeeTheConnectionLost() async throws {
            // Given two subscribed sockets
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let first = try await GNPTestSocket.connect(to: gom)
            let second = try await GNPTestSocket.connect(to: gom)
            _ = try await first.subscribeForInitial("/a:x")
            _ = try await second.subscribeForInitial("/a:x")

            // When
            gom.dropAllSockets()

            // Then both streams throw connectionLost, and the server forgot them
            #expect(gom.openSocketCount == 0)
            #expect(gom.subscriberCount("/a:x") == 0)
            for socket in [first, second] {
                let error = await #expect(throws: RepositoryError.self) { try await socket.next(timeout: 5) }
                #expect(WebSocketFixtures.transportError(error)?.code == .connectionLost)
                #expect(socket.socket.closeCode == nil)
            }
        }

        @Test func silencedSocketsAnswerNoPingAndHoldTheirFramesUntilResumed() async throws {
            // Given a socket that pings with a short timeout and one that listens
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let pinging = try await GNPTestSocket.connect(to: gom, timeout: 1)
            let listening = try await GNPTestSocket.connect(to: gom)
            _ = try await listening.subscribeForInitial("/a:x")
            let firstPing = await pinging.socket.ping()
            #expect((try? firstPing.get()) != nil)

            // When the sockets are silenced and the attribute changes
            gom.silenceSockets()
            let ping = await pinging.socket.ping()
            _ = try await gom.put("/a:x", value: "1")
            let whileSilent = try await listening.next(timeout: 0.3)
            gom.resumeSockets()
            let afterResume = try await listening.nextFrame()

            // Then the ping timed out, and the change arrived only after the resume
            guard case .failure(.timeout) = ping else {
                Issue.record("the ping of a silenced socket did not time out: \(ping)")
                return
            }
            guard case .timedOut = whileSilent else {
                Issue.record("a frame arrived while silenced: \(whileSilent)")
                return
            }
            #expect(afterResume.attribute?["value"] == "1")
        }

        @Test func aMalformedFrameArrivesAmongTheOthers() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")

            // When
            gom.sendMalformedFrame()
            _ = try await gom.put("/a:x", value: "1")

            // Then the client gets text that is not GNP, then the change
            let malformed = try await socket.nextText()
            #expect(throws: (any Error).self) { try GNPTestFrame(malformed) }
            #expect(try await socket.nextFrame().attribute?["value"] == "1")
        }

        @Test func corruptedFramesAreCutShort() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")

            // When the next frame is corrupted and two changes follow
            gom.corruptNextFrames(1)
            _ = try await gom.put("/a:x", value: "1")
            _ = try await gom.put("/a:x", value: "2")

            // Then the first is not JSON, the second arrives whole
            let corrupted = try await socket.nextText()
            #expect((try? JSONValue(parsing: Data(corrupted.utf8))) == nil)
            #expect(corrupted.hasPrefix(#"{"path":"/a:x","payload":"#))
            #expect(try await socket.nextFrame().attribute?["value"] == "2")
        }

        @Test func delayedFramesArriveLateAndInOrder() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")
            gom.frameDelay = 0.3

            // When
            let started = ContinuousClock.now
            _ = try await gom.put("/a:x", value: "1")
            _ = try await gom.put("/a:x", value: "2")
            let first = try await socket.nextFrame()
            let elapsed = started.duration(to: .now)
            let second = try await socket.nextFrame()

            // Then
            #expect(elapsed >= .milliseconds(300))
            #expect(first.attribute?["value"] == "1")
            #expect(second.attribute?["value"] == "2")
        }

        @Test func invalidBytesCanBeSentRaw() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")

            // When a text frame of invalid UTF-8 arrives
            gom.sendRaw(Data([0x81, 0x02, 0xC3, 0x28]))

            // Then the client fails the socket with 1007
            let error = await #expect(throws: RepositoryError.self) { try await socket.next(timeout: 5) }
            #expect(WebSocketFixtures.transportError(error)?.message.contains("1007") == true)
            #expect(await WebSocketFixtures.eventually { gom.server.webSocketSessions.first?.closeCode == 1007 })
            #expect(await WebSocketFixtures.eventually { gom.openSocketCount == 0 })
        }
    }
}
