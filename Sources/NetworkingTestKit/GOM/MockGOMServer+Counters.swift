public import Foundation
import Networking

extension MockGOMServer {
    /// How many subscribe commands for `path` arrived, on any socket, repeats included.
    /// - Parameter path: The path as the client sent it.
    /// - Returns: The count.
    public func subscribeCount(_ path: String) -> Int {
        store.withLock { $0.subscribeCounts[path] ?? 0 }
    }

    /// How many unsubscribe commands for `path` arrived, on any socket.
    /// - Parameter path: The path as the client sent it.
    /// - Returns: The count.
    public func unsubscribeCount(_ path: String) -> Int {
        store.withLock { $0.unsubscribeCounts[path] ?? 0 }
    }

    /// How many open sockets are subscribed to `path` now.
    /// - Parameter path: The path as the client sent it.
    /// - Returns: The count.
    public func subscriberCount(_ path: String) -> Int {
        store.withLock { $0.subscribers[path]?.count ?? 0 }
    }

    /// When each valid upgrade request to `/gnp` arrived, refused and held ones included, in order.
    public var upgradeAttempts: [Date] {
        store.withLock { $0.upgradeAttempts }
    }

    /// How many `POST`s (creates) arrived for `parent`, answered or not.
    /// - Parameter parent: The node path as requested, such as `/areas`.
    /// - Returns: The count.
    public func postCount(_ parent: String) -> Int {
        store.withLock { $0.postCounts[parent] ?? 0 }
    }

    /// Every `PUT`, `POST` and `DELETE` received, with its body as sent, in the order the server handled them
    /// (which is the order their notifications went out in).
    public var writeBodies: [MockGOMWriteBody] {
        store.withLock { $0.writeBodies }
    }

    /// How many GNP sockets are open (accepted, and not yet closed or dropped).
    public var openSocketCount: Int {
        store.withLock { $0.sockets.count }
    }

    /// Waits until `path` has at least `count` subscribers (``subscriberCount(_:)``), sleeping the task in short
    /// steps.
    /// - Parameters:
    ///   - path: The path.
    ///   - count: How many subscribers to wait for.
    ///   - timeout: The longest wait, in seconds.
    /// - Throws: ``MockServerError`` with code `.timeout` when they do not come in time; `CancellationError`.
    public func waitForSubscribers(_ path: String, count: Int = 1, timeout: TimeInterval = 5) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, min(timeout, 86_400)) * 1000))
        while subscriberCount(path) < count {
            guard ContinuousClock.now < deadline else {
                throw MockServerError(
                    code: .timeout,
                    message: "\(subscriberCount(path)) of \(count) subscribers of \(path) within \(timeout) s")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
