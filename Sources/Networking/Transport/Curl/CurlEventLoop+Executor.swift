import CNetworkingShim
import Dispatch

/// The event loop as a task executor (SE-0417). A task that prefers it (`withTaskExecutorPreference`) runs its
/// nonisolated code on the loop thread, between two passes of the loop: a request it sends is handed to libcurl
/// without waking anything (the loop is awake, running the job), and its continuation, resumed by the loop,
/// enqueues the task on the loop again, so a sequential caller never leaves the thread. Code isolated to the main
/// actor or to an actor with its own executor runs there; an ordinary (default) actor called from such a task runs on
/// the loop thread too, as SE-0417 specifies.
///
/// Jobs must not block: while one runs, no transfer of the transport makes progress.
extension CurlEventLoop: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        guard wake({ $0.jobs.append(unowned) }) else {
            // The transport is gone and its loop thread has ended: the job runs on a global thread instead, still
            // as this executor's, so that the runtime does not enqueue the task here again at its next switch.
            DispatchQueue.global().async { [self] in
                unowned.runSynchronously(on: asUnownedTaskExecutor())
            }
            return
        }
    }

    /// Whether the calling thread is this loop's thread.
    var isCurrentThread: Bool {
        ns_loop_thread_current() == UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether the calling thread is the thread of any transport's event loop.
    static var isOnLoopThread: Bool {
        ns_loop_thread_current() != nil
    }

    /// Runs the jobs enqueued before this call, in order; jobs they enqueue wait for the next pass, after curl has
    /// had its turn.
    func runJobs() {
        // Moved out of the spare, not copied: a copy would share its storage with the spare, and a job enqueued
        // meanwhile would then have to copy it.
        var jobs: [UnownedJob] = []
        swap(&jobs, &spareJobs)
        inbox.withLock { inbox in
            swap(&inbox.jobs, &jobs)
            inbox.jobsRun += jobs.count
        }
        guard !jobs.isEmpty else {
            spareJobs = jobs
            return
        }
        let executor = asUnownedTaskExecutor()
        for job in jobs {
            job.runSynchronously(on: executor)
        }
        jobs.removeAll(keepingCapacity: true)
        spareJobs = jobs
    }

    /// The body size from which a response is decoded off a loop thread: 256 KiB (a few milliseconds of
    /// `JSONDecoder`), so that one caller's large decode never stalls every other transfer of its transport.
    static let largeBodySize = 256 * 1024

    /// Runs `work` on the global concurrent executor when called on a loop thread with a body of at least
    /// ``largeBodySize`` to decode, else right here: one caller's large decode must not stall every other transfer
    /// of its transport. The task's preference is unchanged afterwards (its next request resumes on the loop).
    /// - Parameters:
    ///   - bodySize: The size in bytes of the body `work` decodes.
    ///   - work: The decoding.
    /// - Returns: What `work` returns.
    nonisolated(nonsending) static func decodeOffLoopThread<T: Sendable>(bodySize: Int, _ work: () -> T) async -> T {
        guard bodySize >= largeBodySize, isOnLoopThread else {
            return work()
        }
        return await withTaskExecutorPreference(globalConcurrentExecutor) {
            work()
        }
    }
}
