import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

@Suite("GOM observer: initial, changes, reference counting", .timeLimit(.minutes(1)))
struct GOMObserverTests {
    @Test("an attribute stream: .initial first, then every update in order")
    func initialThenUpdates() async throws {
        // Given a GOM with an attribute, and an observer of it (observed before the socket is ready)
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/areas/home:volume", value: "1")
        let client = ObserverFixtures.client(gom)
        let observer = GOMObserver(client: client, reconnect: ObserverFixtures.fast)
        let stream = Collected(await observer.observe("/areas/home:volume"))
        _ = await stream.wait(for: 1)

        // When another client writes three values
        let writer = ObserverFixtures.client(gom)
        for value in ["2", "3", "4"] {
            _ = await writer.updateAttribute("/areas/home:volume", value: value)
        }

        // Then the stream saw the initial state, then each value in order, on one subscription
        let seen = await stream.wait(for: 4)
        #expect(seen.map(\.kind) == [.initial, .update, .update, .update])
        #expect(seen.map(\.value) == ["1", "2", "3", "4"])
        #expect(seen.allSatisfy { $0.path == "/areas/home:volume" })
        #expect(gom.subscribeCount("/areas/home:volume") == 1)
        await observer.disconnect()
    }

    @Test("a node stream sees its attributes' changes under their paths, and child nodes created and deleted")
    func nodeStream() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(node: "/areas/home")
        let client = ObserverFixtures.client(gom)
        let observer = GOMObserver(client: client, reconnect: ObserverFixtures.fast)
        let stream = Collected(await observer.observe("/areas/home"))
        let first = await stream.wait(for: 1)
        guard case .node(let node)? = first.first?.entry else {
            Issue.record("expected a node initial, got \(first)")
            return
        }
        #expect(node.uri == "/areas/home")

        _ = await client.updateAttribute("/areas/home:light", value: "on")
        let child = try await client.create(under: "/areas/home").get()
        _ = await client.destroy(child.uri)

        let seen = await stream.wait(for: 4)
        #expect(seen.count >= 4)
        #expect(seen.dropFirst().first?.path == "/areas/home:light")
        #expect(seen.dropFirst().first?.value == "on")
        #expect(seen.contains { $0.kind == .create && $0.path == child.uri })
        #expect(seen.contains { $0.kind == .delete && $0.path == child.uri && $0.entry == nil })
        await observer.disconnect()
    }

    @Test("two streams of one path: one subscribe on the wire, each its own initial; the last to end unsubscribes")
    func referenceCounting() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/a:b", value: "x")
        let observer = GOMObserver(client: ObserverFixtures.client(gom), reconnect: ObserverFixtures.fast)
        let first = Collected(await observer.observe("/a:b"))
        _ = await first.wait(for: 1)
        let second = Collected(await observer.observe("/a:b"))
        _ = await second.wait(for: 1)

        _ = await ObserverFixtures.client(gom).updateAttribute("/a:b", value: "y")

        #expect(await first.wait(for: 2).map(\.value) == ["x", "y"])
        #expect(await second.wait(for: 2).map(\.value) == ["x", "y"])
        #expect(await second.wait(for: 2).first?.kind == .initial)
        #expect(gom.subscribeCount("/a:b") == 1)
        #expect(await observer.activeSubscriptions == ["/a:b"])

        first.task.cancel()
        try await Task.sleep(for: .milliseconds(200))
        #expect(gom.unsubscribeCount("/a:b") == 0)
        second.task.cancel()
        #expect(await ObserverFixtures.eventually { gom.unsubscribeCount("/a:b") == 1 })
        #expect(await ObserverFixtures.eventually { await observer.activeSubscriptions.isEmpty })
        await observer.disconnect()
    }

    @Test("a path that does not exist yet: .initial without an entry, then its create")
    func missingPath() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        let client = ObserverFixtures.client(gom)
        let observer = GOMObserver(client: client, reconnect: ObserverFixtures.fast)
        let stream = Collected(await observer.observe("/later:value"))
        _ = await stream.wait(for: 1)

        _ = await client.updateAttribute("/later:value", value: "now")

        let seen = await stream.wait(for: 2)
        #expect(seen.first?.kind == .initial)
        #expect(seen.first?.entry == nil)
        #expect(seen.dropFirst().first?.value == "now")
        await observer.disconnect()
    }

    @Test("malformed frames are dropped and counted; the stream goes on")
    func malformedFrames() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/a:b", value: "1")
        let client = ObserverFixtures.client(gom)
        let observer = GOMObserver(client: client, reconnect: ObserverFixtures.fast)
        let stream = Collected(await observer.observe("/a:b"))
        _ = await stream.wait(for: 1)

        gom.sendMalformedFrame()
        gom.sendMalformedFrame("not json at all")
        _ = await client.updateAttribute("/a:b", value: "2")

        #expect(await stream.wait(for: 2).map(\.value) == ["1", "2"])
        #expect(await ObserverFixtures.eventually { await observer.droppedFrameCount == 2 })
        await observer.disconnect()
    }

    @Test("an invalid path: a stream that ends at once and an .error event; disconnect ends everything")
    func invalidPathAndDisconnect() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        let observer = GOMObserver(client: ObserverFixtures.client(gom), reconnect: ObserverFixtures.fast)
        let events = Collected(await observer.events)
        let valid = Collected(await observer.observe("/ok"))

        let invalid = Collected(await observer.observe("no/slash"))

        #expect(await ObserverFixtures.eventually { invalid.hasEnded })
        #expect(
            await ObserverFixtures.eventually {
                events.all.contains { if case .error(.invalidParameters) = $0 { true } else { false } }
            })
        await observer.disconnect()
        #expect(await ObserverFixtures.eventually { valid.hasEnded && events.hasEnded })
        #expect(await ObserverFixtures.eventually { gom.openSocketCount == 0 })
    }

    @Test("observe, end, observe again at once: subscribe, unsubscribe, subscribe reach the wire in that order")
    func resubscribeInOrder() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/a:b", value: "1")
        let client = ObserverFixtures.client(gom)
        let observer = GOMObserver(client: client, reconnect: ObserverFixtures.fast)
        let first = Collected(await observer.observe("/a:b"))
        _ = await first.wait(for: 1)

        first.task.cancel()
        try await Task.sleep(for: .milliseconds(50))
        let second = Collected(await observer.observe("/a:b"))

        #expect(await second.wait(for: 1).first?.kind == .initial)
        #expect(
            await ObserverFixtures.eventually { gom.subscribeCount("/a:b") == 2 && gom.unsubscribeCount("/a:b") == 1 })
        #expect(await ObserverFixtures.eventually { gom.subscriberCount("/a:b") == 1 })
        _ = await client.updateAttribute("/a:b", value: "2")
        #expect(await second.wait(for: 2).map(\.value) == ["1", "2"])
        await observer.disconnect()
    }

    @Test("releasing a connected observer closes its socket")
    func releaseCloses() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        var observer: GOMObserver? = GOMObserver(client: ObserverFixtures.client(gom), reconnect: ObserverFixtures.fast)
        let events = Collected(await observer!.events)
        #expect(await ObserverFixtures.eventually { events.all.contains(where: \.isReady) })
        #expect(gom.openSocketCount == 1)

        observer = nil

        #expect(await ObserverFixtures.eventually { gom.openSocketCount == 0 })
        #expect(await ObserverFixtures.eventually { events.hasEnded })
    }
}
