import Foundation

/// A task executor that runs its jobs one at a time on a queue of its own, so that a test can tell when a task
/// preferring it (`Task(executorPreference:)`) has run as far as it can: ``settle()`` returns once every job
/// enqueued before the call has run, that is once the task is suspended or done.
///
/// A test uses it to know that a task reached a wait: once the task has taken the last step before the wait (a
/// stub transport answered, say), and ``settle()`` has returned, the task is in the wait and nowhere else.
final class SerialTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "SerialTaskExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }

    /// Keeps the jobs enqueued from now on waiting until `deadline`, as a busy executor would: a task that
    /// resumes meanwhile (its awaited call returned) goes on only then.
    /// - Parameter deadline: When the executor runs jobs again.
    func hold(until deadline: ContinuousClock.Instant) {
        queue.async {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining > .zero {
                let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
                Thread.sleep(forTimeInterval: seconds)
            }
        }
    }

    /// Returns once every job enqueued so far has run.
    func settle() async {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume()
            }
        }
    }
}
