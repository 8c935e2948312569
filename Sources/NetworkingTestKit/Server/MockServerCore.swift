import Dispatch
import Foundation
import Glibc
import Networking
import Synchronization

/// The shared part of ``MockServer`` that its threads hold, so that dropping the last
/// `MockServer` reference runs its `deinit` (and shuts everything down) even while threads run.
final class MockServerCore: Sendable {
    let listener: Int32
    let tls: MockServerTLS?
    let state = Locked(MockServerState())
    private let stopped = Atomic<Bool>(false)
    private let threads = DispatchGroup()

    /// How long ``stop()`` waits for the threads to finish.
    static let stopTimeout: TimeInterval = 10

    init(listener: Int32, tls: MockServerTLS?) {
        self.listener = listener
        self.tls = tls
    }

    /// The name of every thread of this server, to recognise them.
    private let threadName = "MockServer \(UUID().uuidString)"

    var isStopped: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// Starts the accept thread.
    func start() {
        spawn { core in core.acceptLoop() }
    }

    /// Stops every thread, waits for them to close their sockets, and returns; idempotent.
    func stop() {
        stopped.store(true, ordering: .releasing)
        // Breaks the cycle of a dispatcher or route that captures its server; released outside the lock,
        // since that may run the server's deinit, which stops again.
        let closures = state.withLock { state in
            defer {
                state.routes = [:]
                state.webSocketRoutes = [:]
            }
            return (state.dispatcher.take(), state.routes, state.webSocketRoutes)
        }
        _ = closures
        // A dispatcher that shuts the server down runs on one of its threads: waiting would hang.
        guard Thread.current.name != threadName else { return }
        _ = threads.wait(timeout: .now() + Self.stopTimeout)
    }

    /// Sleeps `seconds` in short steps.
    /// - Returns: false when the server stopped meanwhile.
    func pause(_ seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !isStopped {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return true }
            usleep(useconds_t(min(remaining, 0.01) * 1_000_000))
        }
        return false
    }

    /// Counts a finished TLS handshake, unless it ended because the server stopped.
    func countHandshake(completed: Bool) {
        guard completed || !isStopped else { return }
        state.withLock { state in
            if completed {
                state.handshakeCount += 1
            } else {
                state.failedHandshakeCount += 1
            }
        }
    }

    func addBytesReceived(_ count: Int) {
        state.withLock { $0.bytesReceived += count }
    }

    func addBodyBytesSent(_ count: Int) {
        state.withLock { $0.bodyBytesSent += count }
    }

    private func spawn(_ body: @escaping @Sendable (MockServerCore) -> Void) {
        threads.enter()
        let thread = Thread { [self] in
            defer { threads.leave() }
            body(self)
        }
        thread.name = threadName
        thread.start()
    }

    private func acceptLoop() {
        defer { _ = close(listener) }
        while !isStopped {
            guard MockServerSocket.wait(listener, for: Int16(POLLIN)) != 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0, MockServerSocket.setNonBlocking(fd) else {
                if fd >= 0 {
                    _ = close(fd)
                }
                if errno == EMFILE || errno == ENFILE {
                    usleep(10_000)
                }
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // child processes (a curl in a test) must not keep it open
            MockServerSocket.disableNagle(fd)
            let index = state.withLock { state in
                state.connectionCount += 1
                return state.connectionCount - 1
            }
            spawn { core in
                MockServerConnection(core: core, fd: fd, index: index).run()
            }
        }
    }
}
