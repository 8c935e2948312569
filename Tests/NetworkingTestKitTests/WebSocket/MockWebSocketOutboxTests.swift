import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockServer WebSocket outbox and upgrade decisions", .timeLimit(.minutes(1)))
    struct MockWebSocketOutboxTests {
        @Test func messagesPostedFromOtherThreadsLeaveWhileTheHandlerWaits() async throws {
            // Given a handler that hands its outbox out and waits 30 s for a message
            let server = try MockServer()
            defer { server.shutdown() }
            let outbox = Locked<MockWebSocketOutbox?>(nil)
            server.webSocket("/socket") { peer in
                outbox.withLock { $0 = peer.outbox }
                _ = peer.receive(timeout: 30)
            }
            let socket = try await WebSocketFixtures.connect(server)
            #expect(await WebSocketFixtures.eventually { outbox.withLock { $0 } != nil })
            let mailbox = try #require(outbox.withLock { $0 })

            // When a delayed message and two plain ones are posted from this task
            let started = ContinuousClock.now
            #expect(mailbox.post(.text("late"), delay: 0.2))
            #expect(mailbox.post(.text("behind")))
            #expect(mailbox.post(.binary(Data([1, 2]))))
            let messages = try await WebSocketFixtures.read(3, from: socket)

            // Then they arrive in posting order, the first held for its delay
            #expect(messages == [.text("late"), .text("behind"), .binary(Data([1, 2]))])
            #expect(started.duration(to: .now) >= .milliseconds(200))
            #expect(mailbox.pendingCount == 0)

            // And once the connection ended, posts are refused
            await socket.close()
            #expect(await WebSocketFixtures.eventually { mailbox.isClosed })
            #expect(!mailbox.post(.text("too late")))
        }

        @Test func anAbortFromAnotherThreadDropsTheConnection() async throws {
            let server = try MockServer()
            defer { server.shutdown() }
            let outbox = Locked<MockWebSocketOutbox?>(nil)
            server.webSocket("/socket") { peer in
                outbox.withLock { $0 = peer.outbox }
                _ = peer.receive(timeout: 30)
            }
            let socket = try await WebSocketFixtures.connect(server)
            #expect(await WebSocketFixtures.eventually { outbox.withLock { $0 } != nil })

            outbox.withLock { $0 }?.abort()
            let (messages, error) = await WebSocketFixtures.drain(socket)

            #expect(messages.isEmpty)
            #expect(WebSocketFixtures.transportError(error)?.code == .connectionLost)
        }

        @Test func eachUpgradeIsDecidedWhenItArrives() async throws {
            // Given a route that refuses the first upgrade and accepts the next
            let server = try MockServer()
            defer { server.shutdown() }
            let decided = Locked(0)
            server.webSocket(
                "/socket",
                deciding: { _ in
                    let count = decided.withLock { count in
                        count += 1
                        return count
                    }
                    return count == 1 ? .refuse(MockResponse(status: 503)) : .accept()
                })

            // When
            let refused = await WebSocket.connect(to: WebSocketFixtures.url(server))
            let accepted = try await WebSocketFixtures.connect(server)
            _ = await accepted.send(.text("echo"))
            let echoed = try await WebSocketFixtures.read(1, from: accepted)

            // Then
            guard case .failure(.requestError(let response)) = refused else {
                Issue.record("expected a refusal, got \(refused)")
                return
            }
            #expect(response.statusCode == 503)
            #expect(echoed == [.text("echo")])
            #expect(decided.withLock { $0 } == 2)
        }
    }
}
