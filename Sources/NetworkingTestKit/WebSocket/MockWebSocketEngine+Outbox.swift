import Foundation
import Glibc
import Networking

extension MockWebSocketEngine {
    /// Serves the ``MockWebSocketOutbox`` of the handler, if it asked for one: stays still while it is silenced,
    /// aborts the connection when asked, and queues the messages due now after everything queued before.
    /// - Returns: false when the connection was aborted, or the server stopped during a silence.
    func serveOutbox() -> Bool {
        guard let outbox else { return true }
        outbox.drainWakeups()
        control: while true {
            switch outbox.checkControl() {
            case .abort:
                abort()
                return false
            case .silent:
                guard !core.isStopped else { return false }
                waitForWakeup(outbox)
            case .run:
                break control
            }
        }
        guard acceptsMessages else { return true }
        while true {
            let items = outbox.takeDue(now: .now, rawAllowed: queuedMessageCount == 0)
            guard !items.isEmpty else { return true }
            for item in items {
                switch item {
                case .message(let message):
                    switch message {
                    case .text(let text): _ = queue(opcode: 0x1, payload: Array(text.utf8))
                    case .binary(let data): _ = queue(opcode: 0x2, payload: [UInt8](data))
                    }
                case .raw(let bytes):
                    append([UInt8](bytes), framed: false)
                }
            }
        }
    }

    /// Polls the socket for `events`, and the outbox for posts, for at most `milliseconds`, and not past the moment
    /// the outbox's next item is due (when it can be sent then).
    func waitForIO(_ events: Int16, milliseconds: Int32) {
        guard let outbox else {
            _ = MockServerSocket.wait(stream.fd, for: events, milliseconds: milliseconds)
            return
        }
        var timeout = milliseconds
        if let next = outbox.nextDue, acceptsMessages, !next.isRaw || queuedMessageCount == 0 {
            let (seconds, attoseconds) = (next.due - .now).components
            let until = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            timeout = Int32(max(0, min(Int64(timeout), until)))
        }
        guard outbox.wakeFD >= 0 else {
            _ = MockServerSocket.wait(stream.fd, for: events, milliseconds: timeout)
            return
        }
        var descriptors = [
            pollfd(fd: stream.fd, events: events, revents: 0),
            pollfd(fd: outbox.wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, 2, timeout)
    }

    /// Waits for a wake-up of the outbox (a post, ``MockWebSocketOutbox/resume()``, an abort), at most one poll
    /// interval, and empties it.
    private func waitForWakeup(_ outbox: MockWebSocketOutbox) {
        guard outbox.wakeFD >= 0 else {
            usleep(10_000)
            return
        }
        var descriptor = pollfd(fd: outbox.wakeFD, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(Self.pollMilliseconds))
        outbox.drainWakeups()
    }
}
