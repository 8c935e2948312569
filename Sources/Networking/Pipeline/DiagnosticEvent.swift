/// Something a configuration's features report that is neither a request nor a failure of one: a disk cache or
/// cookie file that degraded to memory, a failed save of decoded models. Event monitors receive it in
/// ``RequestEventMonitor/diagnostic(_:)``; ``NetworkActivityLogger`` prints it at its level.
///
/// ```swift
/// struct Alerts: RequestEventMonitor {
///     func requestWillSend(_ request: HTTPRequest, context: RequestContext) {}
///     func request(
///         _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
///     ) {}
///     func diagnostic(_ event: DiagnosticEvent) {
///         if event.level == .error { print("\(event.subsystem): \(event.message)") }
///     }
/// }
/// ```
public struct DiagnosticEvent: Sendable, CustomStringConvertible {
    /// How serious an event is.
    public enum Level: Sendable {
        /// Detail for debugging.
        case debug
        /// Worth knowing.
        case info
        /// Something went wrong and was worked around.
        case warn
        /// Something failed.
        case error
    }

    /// How serious the event is.
    public let level: Level
    /// The feature that reports it: `"cache"`, `"cookies"`, `"store"`, `"websocket"`, `"gom"`, `"pinning"`,
    /// `"streams"`.
    public let subsystem: String
    /// What happened, with no secret in it.
    public let message: String

    /// Creates an event.
    /// - Parameters:
    ///   - level: How serious it is.
    ///   - subsystem: The feature that reports it.
    ///   - message: What happened, with no secret in it.
    public init(level: Level, subsystem: String, message: String) {
        self.level = level
        self.subsystem = subsystem
        self.message = message
    }

    /// `subsystem: message`.
    public var description: String {
        "\(subsystem): \(message)"
    }
}
