/// How much ``NetworkActivityLogger`` prints.
///
/// `.off` logs nothing; any other level logs the messages at it or above, in the order
/// debug < info < warn < error < fatal:
///
/// | level | prints |
/// |---|---|
/// | `.debug` | everything at `.info`, plus headers (redacted), bodies (first 4 KiB) and a cURL command for every request, and headers and bodies of every response |
/// | `.info` | one line per request and one per response or failure |
/// | `.warn`, `.error` | one line per failure only: a transport error or a non-2xx status |
/// | `.fatal` | one line per certificate pinning failure only, the one failure that may mean an attack |
///
/// A cancelled request is not a failure: it prints at `.info` and below.
public enum NetworkActivityLoggerLevel: Sendable, CaseIterable {
    /// Nothing is logged.
    case off
    /// Requests and responses in full: headers, bodies, a cURL command; secrets redacted.
    case debug
    /// One line per request and one per response.
    case info
    /// Failures only.
    case warn
    /// Failures only, as `.warn`.
    case error
    /// Certificate pinning failures only.
    case fatal

    /// The rank used to compare levels; `.off` ranks above everything so that it lets nothing through.
    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .warn: 2
        case .error: 3
        case .fatal: 4
        case .off: 5
        }
    }

    /// Whether a logger set to this level prints a message of level `message`.
    func allows(_ message: NetworkActivityLoggerLevel) -> Bool {
        self != .off && message != .off && message.rank >= rank
    }
}
