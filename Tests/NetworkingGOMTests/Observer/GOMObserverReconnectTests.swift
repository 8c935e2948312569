import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

@Suite("GOM observer: reconnects, keepalive, pinning", .timeLimit(.minutes(1)))
struct GOMObserverReconnectTests {
    @Test("sockets dropped 5 times: 5 reconnects, every path re-subscribed once with a fresh initial, no storm")
    func droppedFiveTimes() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/a:one", value: "1")
        _ = gom.seed(node: "/b")
        let observer = GOMObserver(client: ObserverFixtures.client(gom), reconnect: ObserverFixtures.fast)
        let events = Collected(await observer.events)
        let one = Collected(await observer.observe("/a:one"))
        let node = Collected(await observer.observe("/b"))
        _ = await one.wait(for: 1)
        _ = await node.wait(for: 1)

        for round in 1...5 {
            try await gom.waitForSubscribers("/a:one", count: 1)
            try await gom.waitForSubscribers("/b", count: 1)
            gom.dropAllSockets()
            #expect(await ObserverFixtures.eventually { events.all.filter(\.isReady).count >= round + 1 })
        }

        _ = await one.wait(for: 6)
        _ = await node.wait(for: 6)
        #expect(one.all.filter { $0.kind == .initial }.count == 6)
        #expect(node.all.filter { $0.kind == .initial }.count == 6)
        #expect(
            await ObserverFixtures.eventually { gom.subscribeCount("/a:one") == 6 && gom.subscribeCount("/b") == 6 })
        #expect(await ObserverFixtures.eventually { gom.subscriberCount("/a:one") == 1 })
        #expect(events.all.filter(\.isDisconnected).count == 5)
        let attempts = gom.upgradeAttempts
        #expect(attempts.count == 6)
        for (earlier, later) in zip(attempts, attempts.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 0.04)  // never immediate: at least half of 0.1 s
        }
        await observer.disconnect()
    }

    @Test("refused upgrades: the delays grow (jittered, doubling, capped), then the connection comes back")
    func growingDelays() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/a:b", value: "1")
        let observer = GOMObserver(client: ObserverFixtures.client(gom), reconnect: ObserverFixtures.fast)
        let events = Collected(await observer.events)
        let stream = Collected(await observer.observe("/a:b"))
        _ = await stream.wait(for: 1)

        gom.refuseUpgrades = true
        gom.dropAllSockets()
        #expect(await ObserverFixtures.eventually { events.all.compactMap(\.reconnectDelay).count >= 5 })
        gom.refuseUpgrades = false

        let delays = events.all.compactMap(\.reconnectDelay).prefix(5)
        #expect(delays.map(\.attempt) == [1, 2, 3, 4, 5])
        for (attempt, delay) in delays {
            let full = min(0.8, 0.1 * pow(2, Double(attempt - 1)))
            #expect(delay >= full / 2 - 0.001 && delay <= full + 0.001, "attempt \(attempt): \(delay)")
        }
        #expect(await ObserverFixtures.eventually { events.all.filter(\.isReady).count >= 2 })
        #expect(await stream.wait(for: 2).filter { $0.kind == .initial }.count == 2)
        await observer.disconnect()
    }

    @Test("a silent server is found dead within the keepalive bounds and the observer reconnects")
    func deadPeer() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/a:b", value: "1")
        let policy = ReconnectPolicy(initialDelay: 0.1, maximumDelay: 0.5, keepaliveInterval: 0.1, deadAfter: 0.5)
        let observer = GOMObserver(client: ObserverFixtures.client(gom), reconnect: policy)
        let events = Collected(await observer.events)
        let stream = Collected(await observer.observe("/a:b"))
        _ = await stream.wait(for: 1)
        try await Task.sleep(for: .milliseconds(500))
        #expect(events.all.filter(\.isDisconnected).isEmpty)  // pongs keep a live server alive

        let start = ContinuousClock.now
        gom.silenceSockets()
        #expect(await ObserverFixtures.eventually { events.all.contains(where: \.isDisconnected) })
        let detected = ContinuousClock.now - start

        #expect(detected < .seconds(5))
        let disconnection = events.all.first(where: \.isDisconnected)
        guard case .disconnected(.timeout?)? = disconnection else {
            Issue.record("expected .disconnected(.timeout), got \(String(describing: disconnection))")
            return
        }
        gom.resumeSockets()
        #expect(await ObserverFixtures.eventually { events.all.filter(\.isReady).count >= 2 })
        await observer.disconnect()
    }

    @Test("the WebSocket pinned: an impostor proxy is .error(.pinningFailure) and receives no byte, then retried")
    func pinningFailure() async throws {
        let certificate = try TestCertificate.selfSigned(
            commonName: "localhost", subjectAltNames: ["localhost", "127.0.0.1"])
        let gom = try MockGOMServer(tls: certificate)
        defer { gom.shutdown() }
        let impostor = try MockServer(tls: .selfSigned(commonName: "localhost", subjectAltNames: ["localhost"]))
        defer { impostor.shutdown() }
        impostor.webSocket("/gnp")
        gom.proxyURL = URL(string: "wss://localhost:\(impostor.port)/gnp")
        let observer = GOMObserver(
            client: ObserverFixtures.client(gom, pin: certificate.der), reconnect: ObserverFixtures.fast)
        let events = Collected(await observer.events)

        let failures = await ObserverFixtures.eventually {
            events.all.filter { if case .error(.pinningFailure) = $0 { true } else { false } }.count >= 2
        }

        #expect(failures)
        #expect(impostor.bytesReceived == 0)
        #expect(impostor.webSocketSessions.isEmpty)
        #expect(events.all.contains { $0.reconnectDelay != nil })
        await observer.disconnect()
    }

    @Test("ReconnectPolicy.never: the first lost connection ends the streams")
    func never() async throws {
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        _ = gom.seed(attribute: "/a:b", value: "1")
        let observer = GOMObserver(client: ObserverFixtures.client(gom), reconnect: .never)
        let stream = Collected(await observer.observe("/a:b"))
        _ = await stream.wait(for: 1)

        gom.dropAllSockets()

        #expect(await ObserverFixtures.eventually { stream.hasEnded })
        try await Task.sleep(for: .milliseconds(300))
        #expect(gom.upgradeAttempts.count == 1)
    }
}
