extension CurlEventLoop {
    /// What other threads hand the loop thread, under the loop's lock, and whether the loop sleeps.
    struct Inbox {
        var submitted: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var sockets: [CurlWebSocketConnection] = []
        var cancelledSockets: [CurlWebSocketConnection] = []
        /// Jobs of tasks that prefer the loop as their executor, in the order they were enqueued.
        var jobs: [UnownedJob] = []
        var stopping = false
        var closed = false
        /// Whether the loop thread sleeps (or is about to) in `curl_multi_poll`; only then does a change need a
        /// wake-up.
        var polling = false
        /// Whether a wake-up was sent during this sleep (one is enough).
        var wakeSent = false
        /// Whether anything asked for a pass since the loop last read the inbox: state outside the inbox changed
        /// (a WebSocket's queued output, room in its inbox), so the loop must not sleep before servicing it.
        var poked = false
        /// How many times `curl_multi_wakeup` was called (for tests).
        var wakeUps = 0
        /// How many jobs the loop has run (for tests).
        var jobsRun = 0
        /// Threads between taking the lock and returning from curl_multi_wakeup; the loop closes only at 0.
        var wakers = 0

        /// Whether anything waits for the loop thread.
        var hasWork: Bool {
            poked || !jobs.isEmpty || !submitted.isEmpty || !cancelled.isEmpty || !sockets.isEmpty
                || !cancelledSockets.isEmpty
        }
    }

    /// How many times another thread had to wake the loop from `curl_multi_poll` (for tests).
    var wakeUpCount: Int {
        inbox.withLock { $0.wakeUps }
    }

    /// How many jobs of tasks preferring the loop have run on it (for tests).
    var jobsRunCount: Int {
        inbox.withLock { $0.jobsRun }
    }
}
