import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockGOMServer concurrency", .timeLimit(.minutes(1)))
    struct MockGOMServerConcurrencyTests {
        static let writers = 4

        @Test func everySubscriberGetsTheWritesInOrderWithoutGapsOrRepeats() async throws {
            // Given a node, and two sockets that will subscribe to it while four tasks write its attributes
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(node: "/race")
            let sockets = [try await GNPTestSocket.connect(to: gom), try await GNPTestSocket.connect(to: gom)]
            let stop = Locked(false)

            // When each writer puts 1, 2, 3… into its own attribute until told to stop, and the sockets subscribe
            // once the writes are under way (the writers then go on for 40 more writes)
            let writes = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0..<Self.writers {
                        group.addTask {
                            var value = 0
                            while !stop.withLock({ $0 }) {
                                value += 1
                                let response = try await gom.put("/race:w\(writer)", value: "\(value)")
                                #expect(response.statusCode == 200 || response.statusCode == 201)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            #expect(await WebSocketFixtures.eventually { gom.writeBodies.count >= 10 })
            async let firstInitial = sockets[0].subscribeForInitial("/race")
            async let secondInitial = sockets[1].subscribeForInitial("/race")
            let initials = try await [firstInitial, secondInitial]
            let subscribedAt = gom.writeBodies.count
            #expect(await WebSocketFixtures.eventually { gom.writeBodies.count >= subscribedAt + 40 })
            stop.withLock { $0 = true }
            try await writes.value
            _ = try await gom.put("/race:done", value: "yes")

            // Then each socket's frames are the writes after its subscription, in the server's order
            let order = gom.writeBodies.map { write in
                (String(write.path.dropFirst("/race:".count)), Self.value(of: write.body))
            }
            #expect(order.last?.0 == "done")
            for (socket, initial) in zip(sockets, initials) {
                let start = Self.valuesIn(initial)
                var received: [(String, String)] = []
                while received.last?.0 != "done" {
                    let frame = try await socket.nextFrame()
                    #expect(frame.path == "/race")
                    let attribute = try #require(frame.attribute)
                    received.append(
                        (try #require(attribute["name"]?.stringValue), try #require(attribute["value"]?.stringValue)))
                }
                let suffix = Array(order.suffix(received.count))
                #expect(received.map(\.0) == suffix.map(\.0))
                #expect(received.map(\.1) == suffix.map(\.1))
                // The initial holds exactly the writes before the first frame: each writer's next value follows it.
                for writer in 0..<Self.writers {
                    let name = "w\(writer)"
                    guard let first = received.first(where: { $0.0 == name }) else { continue }
                    #expect(Int(first.1) == (start[name].flatMap { Int($0) } ?? 0) + 1)
                }
                #expect(received.count > 40)
            }
        }

        /// The text of `<attribute …>text</attribute>`.
        static func value(of body: String) -> String {
            guard let open = body.firstIndex(of: ">"), let close = body.range(of: "</", options: .backwards) else {
                return ""
            }
            return String(body[body.index(after: open)..<close.lowerBound])
        }

        /// The attribute values of a node's initial, by name.
        static func valuesIn(_ initial: GNPTestFrame) -> [String: String] {
            var values: [String: String] = [:]
            for entry in initial.inner["node"]?["entries"]?.arrayValue ?? [] {
                if let name = entry["attribute"]?["name"]?.stringValue {
                    values[name] = entry["attribute"]?["value"]?.stringValue
                }
            }
            return values
        }
    }
}
