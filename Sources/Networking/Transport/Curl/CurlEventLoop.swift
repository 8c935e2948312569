import CCurl
import CNetworkingShim
import Foundation

/// One `curl_multi` handle driven by one dedicated thread: `curl_multi_poll` waits for sockets and timers,
/// `curl_multi_wakeup` interrupts it when a transfer is submitted or cancelled. The multi handle's connection
/// cache is shared by every transfer, so connections are reused across requests and repositories.
///
/// The loop is also a `TaskExecutor` (CurlEventLoop+Executor.swift): a task that prefers it runs its nonisolated
/// code on the loop thread between two passes, so its requests are submitted and resumed with no thread hop and
/// no wake-up.
///
/// Invariants: other threads only touch the `inbox` (locked) and call `curl_multi_wakeup`, and only while the loop
/// sleeps in `curl_multi_poll` (`polling`), once per sleep; everything else belongs to the loop thread, which runs
/// jobs only between its curl calls, never from inside a curl callback. Each transfer's continuation is resumed
/// exactly once (``CurlTransfer/finish(_:)``); a cancellation reaches the loop at once, through a wake-up if it
/// sleeps.
final class CurlEventLoop: @unchecked Sendable {
    // @unchecked Sendable: `multi`, `loopTransfers`, `deadlines` and `sockets` are used only on the loop thread (and
    // `multi` by curl_multi_wakeup, which libcurl allows from any thread, called only while the inbox says the loop
    // is open, with `wakers` counting the callers in flight); `inbox`, `live` and `socketCount` are locked.

    private let multi: UnsafeMutableRawPointer
    let inbox = Locked(Inbox())
    private let live = Locked(0)
    private var loopTransfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// When each transfer must have finished: its timeout plus a grace period. libcurl enforces the timeout itself
    /// except while a transfer waits for a free connection (libcurl 7.88 never times out a pending transfer, and an
    /// open WebSocket can hold the last connection a per-host limit allows), so the loop enforces it too.
    private var deadlines: [UnsafeMutableRawPointer: ContinuousClock.Instant] = [:]
    private var sockets = CurlLoopSockets()
    /// Easy handles reused by this loop's transfers.
    let handles = CurlHandlePool()
    /// The job and submission lists of the previous pass, emptied with their storage kept (loop thread only): each
    /// pass swaps them into the inbox, so the next pass's appends reuse that storage instead of allocating.
    var spareJobs: [UnownedJob] = []
    private var spareSubmitted: [CurlTransfer] = []
    private let socketCount = Locked(0)

    /// The number of transfers submitted and not yet finished.
    var liveTransferCount: Int {
        live.withLock { $0 }
    }

    /// The number of WebSocket connections opening or open.
    var openSocketCount: Int {
        socketCount.withLock { $0 }
    }

    /// Creates the multi handle and starts the loop thread.
    /// - Parameter maximumConnectionsPerHost: The most connections open to one host at a time; `nil` for no
    ///   limit (transfers beyond the limit wait for a connection).
    init(maximumConnectionsPerHost: Int? = nil) throws {
        _ = Self.globalInit
        guard let multi = curl_multi_init() else {
            throw TransportError(code: .other, message: "libcurl could not create a multi handle")
        }
        if let maximumConnectionsPerHost,
            ns_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, maximumConnectionsPerHost))
                != CURLM_OK
        {
            curl_multi_cleanup(multi)
            throw TransportError(code: .other, message: "libcurl refused a limit of connections per host")
        }
        self.multi = multi
        let thread = Thread { [self] in
            run()
        }
        thread.name = "Networking.CurlTransport"
        thread.start()
    }

    /// Hands a configured transfer to the loop.
    /// - Parameter transfer: The transfer; the loop keeps it alive until it finishes.
    func submit(_ transfer: CurlTransfer) {
        live.withLock { $0 += 1 }
        wake { $0.submitted.append(transfer) }
    }

    /// Asks the loop to remove a running transfer at once and finish it with `CancellationError`.
    /// - Parameter transfer: The transfer.
    func requestCancellation(of transfer: CurlTransfer) {
        wake { $0.cancelled.append(transfer) }
    }

    /// Stops the loop thread once no transfer is left; the multi handle is cleaned up on that thread.
    func stop() {
        wake { $0.stopping = true }
    }

    /// Queues a WebSocket connection to connect.
    func enqueue(socket connection: CurlWebSocketConnection) {
        socketCount.withLock { $0 += 1 }
        wake { $0.sockets.append(connection) }
    }

    /// Queues the cancellation of an opening connection, or (with `nil`) only wakes the loop.
    func enqueue(cancelledSocket connection: CurlWebSocketConnection?) {
        wake { inbox in
            if let connection {
                inbox.cancelledSockets.append(connection)
            }
        }
    }

    /// Applies `change` to the inbox and wakes the loop thread if it sleeps (once per sleep): a change made while
    /// the loop is awake, from its own thread (a job submitting a request) or from another, needs no wake-up, since
    /// the loop reads the inbox again before it sleeps.
    /// - Returns: `false` when the loop has closed (then `change` is not applied).
    @discardableResult
    func wake(_ change: (inout Inbox) -> Void) -> Bool {
        // curl_multi_wakeup runs outside the lock: the loop thread, woken at once, would otherwise spin on it.
        let (open, mustWake) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.closed else {
                return (false, false)
            }
            change(&inbox)
            inbox.poked = true
            guard inbox.polling, !inbox.wakeSent else {
                return (true, false)
            }
            inbox.wakeSent = true
            inbox.wakeUps += 1
            inbox.wakers += 1
            return (true, true)
        }
        guard mustWake else {
            return open
        }
        curl_multi_wakeup(multi)
        inbox.withLock { $0.wakers -= 1 }
        return true
    }

    private func run() {
        ns_loop_thread_set(Unmanaged.passUnretained(self).toOpaque())
        var running: Int32 = 0
        while true {
            runJobs()
            var submitted: [CurlTransfer] = []
            swap(&submitted, &spareSubmitted)  // moved, not copied (see runJobs)
            let (cancelled, newSockets, cancelledSockets, stopping) = inbox.withLock { inbox in
                swap(&inbox.submitted, &submitted)
                defer {
                    inbox.poked = false
                    inbox.cancelled = []
                    inbox.sockets = []
                    inbox.cancelledSockets = []
                }
                return (inbox.cancelled, inbox.sockets, inbox.cancelledSockets, inbox.stopping)
            }
            for transfer in submitted {
                add(transfer)
            }
            submitted.removeAll(keepingCapacity: true)
            spareSubmitted = submitted
            for transfer in cancelled {
                cancel(transfer)
            }
            for connection in newSockets {
                add(connection)
            }
            for connection in cancelledSockets {
                cancel(connection)
            }
            if stopping && loopTransfers.isEmpty && sockets.isEmpty && closeIfIdle() {
                break
            }
            curl_multi_perform(multi, &running)
            collectFinished()
            serviceSockets()
            expireOverdueTransfers()
            sleepUnlessWorkWaits()
        }
        curl_multi_cleanup(multi)
    }

    /// Sleeps in `curl_multi_poll` unless jobs or changes wait in the inbox (a job resumed in this pass, a request
    /// a job submitted), which the next pass takes at once.
    private func sleepUnlessWorkWaits() {
        let sleeps = inbox.withLock { inbox -> Bool in
            guard !inbox.hasWork else {
                return false
            }
            inbox.polling = true
            return true
        }
        guard sleeps else {
            return
        }
        poll()
        inbox.withLock { inbox in
            inbox.polling = false
            inbox.wakeSent = false
        }
    }

    /// Closes the inbox when nothing waits in it and no thread is waking the loop; jobs enqueued later go to the
    /// global concurrent executor (see `enqueue(_:)`).
    /// - Returns: Whether the loop closed.
    private func closeIfIdle() -> Bool {
        while true {
            let (closed, waiting) = inbox.withLock { inbox -> (Bool, Bool) in
                guard !inbox.hasWork else {
                    return (false, false)
                }
                inbox.closed = inbox.wakers == 0
                return (inbox.closed, !inbox.closed)
            }
            guard waiting else {
                return closed
            }
            sched_yield()
        }
    }

    private func add(_ transfer: CurlTransfer) {
        let code = curl_multi_add_handle(multi, transfer.handle)
        guard code == CURLM_OK else {
            let reason = String(cString: curl_multi_strerror(code))
            complete(
                transfer,
                .failure(TransportError(code: .other, message: "libcurl refused \(transfer.url): \(reason)")),
                inMulti: false)
            return
        }
        loopTransfers[transfer.handle] = transfer
        deadlines[transfer.handle] =
            .now + .milliseconds(CurlTransfer.milliseconds(transfer.timeout)) + Self.timeoutGrace
    }

    private func cancel(_ transfer: CurlTransfer) {
        guard loopTransfers[transfer.handle] === transfer else {
            return  // Already finished.
        }
        complete(transfer, .failure(CancellationError()), inMulti: true)
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else {
                continue
            }
            if let connection = sockets.connecting.removeValue(forKey: handle) {
                // Connected (or failed to): the handle stays in the multi handle, or curl_easy_send/recv stop
                // working and the socket closes (trap: removing it is how a WebSocket ends).
                connection.connected(message.pointee.data.result)
                if connection.phase == .finished {
                    remove(connection)
                } else {
                    sockets.active.append(connection)
                }
                continue
            }
            guard let transfer = loopTransfers[handle] else {
                continue
            }
            let outcome = transfer.outcome(message.pointee.data.result)
            complete(transfer, outcome, inMulti: true)
        }
    }

    private func add(_ connection: CurlWebSocketConnection) {
        let code = curl_multi_add_handle(multi, connection.handle)
        guard code == CURLM_OK else {
            let reason = String(cString: curl_multi_strerror(code))
            connection.end(
                opening: TransportError(
                    code: .other, message: "libcurl refused \(connection.url.absoluteString): \(reason)"))
            connection.releaseHandle()
            socketCount.withLock { $0 -= 1 }
            return
        }
        sockets.connecting[connection.handle] = connection
    }

    private func cancel(_ connection: CurlWebSocketConnection) {
        guard connection.phase == .connecting || connection.phase == .upgrading, connection.isOpening else {
            return
        }
        connection.end(opening: CancellationError())
        sockets.connecting[connection.handle] = nil
        sockets.active.removeAll { $0 === connection }
        remove(connection)
    }

    /// Services every upgrading and open socket after every wake-up (curl_multi_poll drops POLLHUP for extra
    /// descriptors, and OpenSSL may hold bytes poll cannot see), then removes the finished ones.
    private func serviceSockets() {
        guard !sockets.active.isEmpty else {
            return
        }
        let now = ContinuousClock.now
        for connection in sockets.active {
            connection.service(now: now)
        }
        sockets.active.removeAll { connection in
            guard connection.phase == .finished else {
                return false
            }
            remove(connection)
            return true
        }
    }

    /// Waits for curl's sockets and timers, the WebSockets' descriptors and deadlines, or a wake-up.
    private func poll() {
        guard !sockets.active.isEmpty else {
            curl_multi_poll(multi, nil, 0, transferPollTimeout(now: .now), nil)
            return
        }
        var descriptors = sockets.waitDescriptors()
        let now = ContinuousClock.now
        let timeout = sockets.pollTimeout(maximum: transferPollTimeout(now: now), now: now)
        descriptors.withUnsafeMutableBufferPointer { buffer in
            _ = curl_multi_poll(multi, buffer.baseAddress, UInt32(buffer.count), timeout, nil)
        }
    }

    /// Fails with ``RepositoryError/timeout`` every transfer past its deadline (one libcurl did not time out
    /// because it was waiting for a connection).
    private func expireOverdueTransfers() {
        expireOverdueConnections()
        guard !deadlines.isEmpty else {
            return
        }
        let now = ContinuousClock.now
        for (handle, deadline) in deadlines where deadline <= now {
            if let transfer = loopTransfers[handle] {
                complete(transfer, .failure(RepositoryError.timeout), inMulti: true)
            }
        }
    }

    /// Fails with ``RepositoryError/timeout`` every WebSocket still connecting past its deadline (one waiting for a
    /// connection that a per-host limit does not allow yet, which libcurl would never time out).
    private func expireOverdueConnections() {
        guard !sockets.connecting.isEmpty else {
            return
        }
        let now = ContinuousClock.now
        for (handle, connection) in sockets.connecting where connection.deadline + Self.timeoutGrace <= now {
            sockets.connecting[handle] = nil
            connection.end(opening: RepositoryError.timeout)
            remove(connection)
        }
    }

    /// The poll timeout in milliseconds: one second, or less when a transfer's deadline comes sooner.
    private func transferPollTimeout(now: ContinuousClock.Instant) -> Int32 {
        var earliest = deadlines.values.min()
        for connection in sockets.connecting.values {
            let deadline = connection.deadline + Self.timeoutGrace
            if earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        guard let earliest else {
            return 1000
        }
        let remaining = now.duration(to: earliest)
        let milliseconds =
            remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: min(1000, max(0, milliseconds)))
    }

    /// How long after its timeout the loop fails a transfer that libcurl did not time out.
    private static let timeoutGrace = Duration.milliseconds(250)

    /// Ends a WebSocket connection: out of the multi handle (which closes its socket), then freed.
    private func remove(_ connection: CurlWebSocketConnection) {
        curl_multi_remove_handle(multi, connection.handle)
        connection.releaseHandle()
        socketCount.withLock { $0 -= 1 }
    }

    /// Removes the handle, frees it, and only then resumes the awaiting task, so a returned `send` never
    /// leaves a handle behind.
    private func complete(_ transfer: CurlTransfer, _ result: Result<HTTPResponse, any Error>, inMulti: Bool) {
        if inMulti {
            curl_multi_remove_handle(multi, transfer.handle)
            loopTransfers[transfer.handle] = nil
            deadlines[transfer.handle] = nil
        }
        transfer.releaseHandle()
        live.withLock { $0 -= 1 }
        transfer.finish(result)
    }

    private static let globalInit: Void = {
        _ = ns_curl_global_init()
    }()
}
