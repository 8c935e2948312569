import CCurl
import CNetworkingShim
import Glibc

extension CurlEventLoop {
    /// Hands a configured WebSocket connection to the loop, which connects it as a connect-only transfer.
    /// - Parameter connection: The connection; the loop keeps it alive until it finishes.
    func submit(_ connection: CurlWebSocketConnection) {
        enqueue(socket: connection)
    }

    /// Asks the loop to end a connection that is still opening, failing its opening with `CancellationError`.
    /// - Parameter connection: The connection.
    func requestCancellation(of connection: CurlWebSocketConnection) {
        enqueue(cancelledSocket: connection)
    }

    /// Wakes the loop so that it services its sockets (new sends, a close, room in an inbox).
    func wakeUp() {
        enqueue(cancelledSocket: nil)
    }
}

/// The loop thread's bookkeeping of WebSocket connections: connect-only transfers still in curl's hands, and open
/// sockets polled as extra descriptors. Owned by the loop thread.
struct CurlLoopSockets {
    /// Connections curl is connecting, by easy handle.
    var connecting: [UnsafeMutableRawPointer: CurlWebSocketConnection] = [:]
    /// Connections upgrading or open.
    var active: [CurlWebSocketConnection] = []

    /// Whether no connection is left.
    var isEmpty: Bool {
        connecting.isEmpty && active.isEmpty
    }

    /// The descriptors to poll besides curl's: every active socket reads (unless its inbox is full, so a hung-up
    /// peer cannot make poll return at once forever) and writes while output waits.
    func waitDescriptors() -> [curl_waitfd] {
        active.compactMap { connection in
            guard connection.socket >= 0, connection.phase != .finished else {
                return nil
            }
            var events: Int16 = 0
            if !connection.inbox.isPaused || connection.phase == .upgrading {
                events |= Int16(POLLIN)
            }
            if connection.writeBlocked {
                events |= Int16(POLLOUT)
            }
            guard events != 0 else {
                return nil
            }
            return curl_waitfd(fd: connection.socket, events: events, revents: 0)
        }
    }

    /// The poll timeout in milliseconds: at most `maximum`, less when a socket's deadline (upgrade, ping, close)
    /// comes sooner.
    func pollTimeout(maximum: Int32, now: ContinuousClock.Instant) -> Int32 {
        var timeout = maximum
        for connection in active {
            guard let deadline = connection.nextDeadline else {
                continue
            }
            let remaining = now.duration(to: deadline)
            let milliseconds =
                remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
            timeout = min(timeout, Int32(clamping: max(0, milliseconds)))
        }
        return timeout
    }
}
