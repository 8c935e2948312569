import Networking

/// Collects what a logger prints, for assertions.
final class LogCapture: Sendable {
    private let messages = Locked<[String]>([])

    /// A logger output that appends each message here.
    var output: @Sendable (String) -> Void {
        { [self] message in messages.withLock { $0.append(message) } }
    }

    /// Every message so far, in order.
    var all: [String] {
        messages.withLock { $0 }
    }

    /// The messages mentioning `marker`: use a unique path so that lines of other tests sharing a
    /// logger are left out.
    func messages(containing marker: String) -> [String] {
        all.filter { $0.contains(marker) }
    }

    /// Every message, one after the other.
    var text: String {
        all.joined(separator: "\n")
    }
}
