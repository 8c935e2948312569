import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit

/// The GOM part of the demo: a MockGOMServer over pinned TLS, a GOMClient that writes, and a GOMObserver that sees
/// every change live, across a dropped connection. `swift run Demo gom` runs all of it; the default tour runs the
/// first steps.
final class GOMTour: Sendable {
    let gom: MockGOMServer
    let client: GOMClient
    let writer: GOMClient
    let observer: GOMObserver
    private let console: Console
    private let record: @Sendable (String, Bool, String) -> Void
    private let events = Locked<[GOMObserverEvent]>([])
    private let notifications = Locked<[GOMNotification]>([])
    private let room = Locked<String?>(nil)

    /// Starts the GOM (TLS with a fresh certificate, pinned by both clients) and the observer.
    init(console: Console, record: @escaping @Sendable (String, Bool, String) -> Void) throws {
        let certificate = try TestCertificate.selfSigned(commonName: "localhost", subjectAltNames: ["localhost"])
        gom = try MockGOMServer(tls: certificate)
        _ = gom.seed(node: "/demo/rooms")
        let configuration = NetworkingConfiguration(
            domainURL: "localhost", port: gom.port, usePinningCertificate: true,
            pinnedCertificates: .certificates([certificate.der]), timeout: 10)
        client = GOMClient(configuration: configuration)
        writer = GOMClient(configuration: configuration)
        observer = GOMObserver(
            client: client, reconnect: ReconnectPolicy(initialDelay: 0.3, maximumDelay: 5, keepaliveInterval: 10))
        self.console = console
        self.record = record
    }

    func shutdown() async {
        await observer.disconnect()
        gom.shutdown()
    }

    /// Create a node, observe it, change it from another client (the short version, for the tour).
    func basics() async {
        let events = self.events
        let stream = await observer.events
        Task {
            for await event in stream {
                events.withLock { $0.append(event) }
            }
        }
        let created = await writer.create(under: "/demo/rooms", attributes: ["name": "kitchen", "light": "off"])
        guard case .success(let node) = created else {
            record("create a room", false, "\(created)")
            return
        }
        room.withLock { $0 = node.uri }
        record(
            "create a room", gom.postCount("/demo/rooms") == 1,
            "\(node.uri) with \(node.attributes.map { "\($0.name)=\($0.value ?? "")" }.sorted().joined(separator: ", ")), one POST"
        )

        let notifications = self.notifications
        let observed = await observer.observe(node.uri)
        Task {
            for await notification in observed {
                notifications.withLock { $0.append(notification) }
            }
        }
        let initial = await wait { $0.count >= 1 }
        record(
            "observe it (initial)", initial.first?.kind == .initial,
            initial.first.map { "\($0.kind.rawValue): \(Self.describe($0))" } ?? "nothing arrived")

        _ = await writer.updateAttribute("\(node.uri):light", value: "on")
        _ = await writer.updateNode(node.uri, attributes: ["temperature": "21.5", "light": "dim"])
        let changes = await wait { $0.count >= 4 }.dropFirst()
        let lights = changes.filter { $0.path == "\(node.uri):light" }.compactMap(Self.value)
        record(
            "another client changes it",
            lights == ["on", "dim"] && changes.contains { $0.path.hasSuffix(":temperature") },
            changes.map { "\($0.kind.rawValue) \($0.path.split(separator: ":").last ?? "")=\(Self.value($0) ?? "∅")" }
                .joined(separator: ", "))
    }

    /// Drop the socket, watch the observer reconnect and re-subscribe, and see changes again; then delete.
    func reconnection() async {
        guard let uri = room.withLock({ $0 }) else {
            return
        }
        let before = notifications.withLock { $0.count }
        let readyBefore = events.withLock { $0.filter { if case .ready = $0 { true } else { false } }.count }
        gom.dropAllSockets()
        let back = await ObserverWait.until(timeout: 15) {
            self.events.withLock { $0.filter { if case .ready = $0 { true } else { false } }.count } > readyBefore
        }
        let reconnecting =
            events.withLock { $0 }.compactMap { event -> String? in
                if case .reconnecting(let attempt, let delay) = event {
                    return "attempt \(attempt) after \(String(format: "%.2f", delay)) s"
                }
                return nil
            }.last ?? "none"
        record("the server drops the socket", back, "disconnected, reconnecting (\(reconnecting)), ready again")

        let fresh = await wait { $0.count > before }.dropFirst(before)
        record(
            "re-subscribed with a fresh initial", fresh.first?.kind == .initial && gom.subscribeCount(uri) == 2,
            "\(gom.subscribeCount(uri)) subscribes of \(uri) in all; \(fresh.first.map { $0.kind.rawValue } ?? "nothing")"
        )

        let count = notifications.withLock { $0.count }
        _ = await writer.updateAttribute("\(uri):light", value: "off")
        let after = await wait { $0.count > count }.dropFirst(count)
        record(
            "a change after the reconnect", after.first.map(Self.value) == "off",
            after.first.map(Self.describe) ?? "nothing")

        let beforeDelete = notifications.withLock { $0.count }
        _ = await writer.destroy(uri)
        let deleted = await wait { $0.contains { $0.kind == .delete && $0.path == uri } }.dropFirst(beforeDelete)
        record(
            "delete the room", deleted.contains { $0.kind == .delete },
            deleted.map { "\($0.kind.rawValue) \($0.path)" }.joined(separator: ", "))
    }

    private func wait(_ condition: @escaping @Sendable ([GOMNotification]) -> Bool) async -> [GOMNotification] {
        _ = await ObserverWait.until(timeout: 10) { condition(self.notifications.withLock { $0 }) }
        return notifications.withLock { $0 }
    }

    private static func value(_ notification: GOMNotification) -> String? {
        if case .attribute(let attribute)? = notification.entry { return attribute.value }
        return nil
    }

    private static func describe(_ notification: GOMNotification) -> String {
        switch notification.entry {
        case .attribute(let attribute)?: "\(attribute.path) = \(attribute.value ?? "∅")"
        case .node(let node)?:
            "\(node.uri) { \(node.attributes.map { "\($0.name)=\($0.value ?? "")" }.sorted().joined(separator: ", ")) }"
        case nil: "\(notification.path) (nothing)"
        }
    }
}

/// Polling for the demo's waits.
enum ObserverWait {
    static func until(timeout: TimeInterval, _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if condition() {
                return true
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
