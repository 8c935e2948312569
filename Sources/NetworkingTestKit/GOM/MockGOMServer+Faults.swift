public import Foundation
import Networking

extension MockGOMServer {
    /// How long a fault that waits for the sockets to comply waits at most, in seconds.
    static let complianceTimeout: TimeInterval = 2

    /// When true, upgrade requests to `/gnp` are answered `503 Service Unavailable` (and still counted in
    /// ``upgradeAttempts``); open sockets stay open. False by default.
    public var refuseUpgrades: Bool {
        get { store.withLock { $0.refuseUpgrades } }
        set { store.withLock { $0.refuseUpgrades = newValue } }
    }

    /// How long each upgrade request to `/gnp` is held unanswered, in seconds, before it is accepted (or refused);
    /// 0 by default.
    public var upgradeDelay: TimeInterval {
        get { store.withLock { $0.upgradeDelay } }
        set { store.withLock { $0.upgradeDelay = max(0, newValue) } }
    }

    /// How long each change notification (`payload` frame) is held before it is sent, in seconds; 0 by default.
    /// Frames after a held one wait behind it, so each socket still gets everything in order.
    public var frameDelay: TimeInterval {
        get { store.withLock { $0.frameDelay } }
        set { store.withLock { $0.frameDelay = max(0, newValue) } }
    }

    /// Silences every open socket until ``resumeSockets()``: it then neither reads nor writes, so it answers no
    /// ping and sends no notification (they are kept, and sent on resume). Sockets opened later are not silenced.
    /// Returns once every socket has stopped (within microseconds, at most about 2 s).
    public func silenceSockets() {
        let outboxes = store.withLock { $0.sockets.values.map(\.outbox) }
        for outbox in outboxes {
            outbox.silence()
        }
        waitUntil { outboxes.allSatisfy { $0.isSilent || $0.isClosed } }
    }

    /// Ends ``silenceSockets()``: the sockets answer pings again and send the notifications held meanwhile.
    public func resumeSockets() {
        for outbox in store.withLock({ $0.sockets.values.map(\.outbox) }) {
            outbox.resume()
        }
    }

    /// Closes every open socket at once, without a close frame (nor TLS close_notify), as a crashed proxy would:
    /// clients see the connection lost. Returns once they are gone (at most about 2 s).
    public func dropAllSockets() {
        let outboxes = store.withLock { $0.sockets.values.map(\.outbox) }
        for outbox in outboxes {
            outbox.abort()
        }
        waitUntil { outboxes.allSatisfy(\.isClosed) }
    }

    /// Sends a text frame that is not GNP to every open socket, after the frames posted before it.
    /// - Parameter text: The frame; by default JSON cut short.
    public func sendMalformedFrame(_ text: String = #"{"path": "/", "payload": "{\"upd"#) {
        for outbox in store.withLock({ $0.sockets.values.map(\.outbox) }) {
            outbox.post(.text(text))
        }
    }

    /// Writes bytes to every open socket exactly as given, bypassing framing: a broken frame, a text frame of
    /// invalid UTF-8 under a correct header, and so on.
    /// - Parameter bytes: The bytes.
    public func sendRaw(_ bytes: Data) {
        for outbox in store.withLock({ $0.sockets.values.map(\.outbox) }) {
            outbox.postRaw(bytes)
        }
    }

    /// Cuts the next `count` GNP frames the server sends (initials and notifications, on any socket, in the order
    /// they are produced) in half, so that they are no longer JSON.
    /// - Parameter count: How many frames.
    public func corruptNextFrames(_ count: Int) {
        store.withLock { $0.framesToCorrupt += max(0, count) }
    }

    /// Polls `condition` every millisecond until it holds or ``complianceTimeout`` passes.
    private func waitUntil(_ condition: () -> Bool) {
        let deadline = Date(timeIntervalSinceNow: Self.complianceTimeout)
        while !condition() && Date() < deadline {
            usleep(1000)
        }
    }
}
