public import Foundation
public import Networking

/// Collects what a ``NetworkActivityLogger`` prints, in memory, for assertions on log lines.
///
/// Give a logger its ``output``, or let ``logger(level:)`` make a started one that writes here:
///
/// ```swift
/// let capture = LogCapture()
/// let logger = capture.logger(level: .info)
/// // … requests reported to `logger` …
/// #expect(await capture.waitForMessage(containing: "/books/\(id)"))
/// #expect(capture.messages(containing: "/books/\(id)").count == 2)
/// #expect(!capture.text.contains("secret-token"))
/// ```
///
/// The shared logger sees the requests of every test running in parallel: capture it with
/// `NetworkActivityLogger.shared.output = capture.output`, send requests to a path of the test's own (a
/// UUID in it), keep only ``messages(containing:)`` that path, and restore the output when the test ends.
public final class LogCapture: Sendable {
    private let messages = Locked<[String]>([])

    /// Creates an empty capture.
    public init() {}

    /// A logger output that appends each message here; assign it to ``NetworkActivityLogger/output``.
    public var output: @Sendable (String) -> Void {
        { [self] message in messages.withLock { $0.append(message) } }
    }

    /// Every message so far, in order.
    public var all: [String] {
        messages.withLock { $0 }
    }

    /// Every message so far, one after the other, separated by line feeds.
    public var text: String {
        all.joined(separator: "\n")
    }

    /// The messages that contain `marker`, in order: use a unique path so that lines of other tests
    /// sharing a logger are left out.
    /// - Parameter marker: The text to look for.
    /// - Returns: The matching messages.
    public func messages(containing marker: String) -> [String] {
        all.filter { $0.contains(marker) }
    }

    /// A new logger that writes here, already started at `level`; it is not the shared one, so only what
    /// is reported to it is captured.
    /// - Parameter level: The level to log at.
    /// - Returns: The started logger.
    public func logger(level: NetworkActivityLoggerLevel = .debug) -> NetworkActivityLogger {
        let logger = NetworkActivityLogger()
        logger.output = output
        logger.level = level
        logger.startLogging()
        return logger
    }

    /// Waits until a message containing `marker` has been captured, checking every few milliseconds, for
    /// lines written after the call that produced them returned.
    /// - Parameters:
    ///   - marker: The text to wait for.
    ///   - timeout: The longest wait, in seconds.
    /// - Returns: Whether such a message arrived in time; false also when the task is cancelled first.
    public func waitForMessage(containing marker: String, timeout: TimeInterval = 10) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
        while messages(containing: marker).isEmpty {
            guard ContinuousClock.now < deadline, !Task.isCancelled else {
                return !messages(containing: marker).isEmpty
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
