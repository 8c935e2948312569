import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

/// Helpers of the observer tests: a MockGOMServer, a client for it, and recorders of streams and events.
enum ObserverFixtures {
    /// A policy with short delays and intervals, so reconnect and keepalive tests take seconds.
    static let fast = ReconnectPolicy(
        initialDelay: 0.1, maximumDelay: 0.8, keepaliveInterval: 5, deadAfter: 30)

    /// A client of `gom` (pinned to `pin` when given).
    static func client(_ gom: MockGOMServer, pin: Data? = nil, timeout: TimeInterval = 10) -> GOMClient {
        GOMClient(
            configuration: NetworkingConfiguration(
                useSecureConnection: gom.server.certificate != nil,
                domainURL: gom.server.certificate != nil ? "localhost" : "127.0.0.1", port: gom.port,
                usePinningCertificate: pin != nil, pinnedCertificates: .certificates(pin.map { [$0] } ?? []),
                timeout: timeout),
            transport: CurlTransport())
    }

    /// Polls `condition` every 10 ms for up to `timeout` seconds.
    static func eventually(timeout: TimeInterval = 10, _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if await condition() {
                return true
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }
}

/// Collects what a stream yields, from a task of its own.
final class Collected<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])
    private let ended = Locked(false)
    let task: Task<Void, Never>

    init(_ stream: AsyncStream<Element>) {
        let items = self.items
        let ended = self.ended
        task = Task {
            for await item in stream {
                items.withLock { $0.append(item) }
            }
            ended.withLock { $0 = true }
        }
    }

    var all: [Element] {
        items.withLock { $0 }
    }

    var hasEnded: Bool {
        ended.withLock { $0 }
    }

    /// Waits until at least `count` items arrived; returns them.
    func wait(for count: Int, timeout: TimeInterval = 10) async -> [Element] {
        _ = await ObserverFixtures.eventually(timeout: timeout) { self.all.count >= count }
        return all
    }
}

extension GOMNotification {
    /// The attribute value the notification carries, if any.
    var value: String? {
        if case .attribute(let attribute)? = entry {
            return attribute.value
        }
        return nil
    }
}

extension GOMObserverEvent {
    var isReady: Bool {
        if case .ready = self { return true }
        return false
    }

    var isDisconnected: Bool {
        if case .disconnected = self { return true }
        return false
    }

    var reconnectDelay: (attempt: Int, delay: TimeInterval)? {
        if case .reconnecting(let attempt, let delay) = self { return (attempt, delay) }
        return nil
    }
}
