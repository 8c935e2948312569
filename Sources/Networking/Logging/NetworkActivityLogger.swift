/// Prints every request the pipeline sends and what came back, with secrets redacted.
///
/// Nothing is logged until ``startLogging()`` is called; ``level`` decides how much is printed
/// (see ``NetworkActivityLoggerLevel``). It is an event monitor: every request of the configurations that
/// list it in ``NetworkingConfiguration/eventMonitors`` (all of them, for ``shared``, by default) goes through
/// it, retries, token replays and polls included.
///
/// ```swift
/// NetworkActivityLogger.shared.level = .info
/// NetworkActivityLogger.shared.filterPredicate = { $0.url.path.hasPrefix("/health") }
/// NetworkActivityLogger.shared.startLogging()
/// // → GET https://api.example.com/books?page=1
/// // GET https://api.example.com/books?page=1 → 200 in 48.2 ms, 1.2 KiB
/// ```
///
/// The values of ``redactedHeaders`` print as `<redacted>` at every level, in header lists and in
/// the cURL command alike, and so does the password of a URL's user information. As a second line of
/// defence, any longer secret value (8 characters or more) echoed in a body or an error
/// description is replaced by `<redacted>` as well, and so is the value of every credential field
/// (`password`, `token`, `secret`, `api_key`, …) in a JSON or form body or a query string.
///
/// When logging is stopped or the level is `.off`, the cost per request is one lock: nothing is
/// formatted.
public final class NetworkActivityLogger: Sendable {
    /// The logger every configuration reports to unless its ``NetworkingConfiguration/eventMonitors`` say otherwise.
    public static let shared = NetworkActivityLogger()

    /// The headers whose values are redacted unless changed: credentials and cookies.
    static let defaultRedactedHeaders: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]

    private struct State {
        var isStarted = false
        var level = NetworkActivityLoggerLevel.debug
        var filterPredicate: (@Sendable (HTTPRequest) -> Bool)?
        var output: @Sendable (String) -> Void = StandardErrorOutput.write
        var redactedHeaders = NetworkActivityLogger.defaultRedactedHeaders
        var redactedBodyFields = CredentialFieldRedaction.defaultWords
        var logsWebSocketPayloads = false
    }

    private let state = Locked(State())
    /// The requests printed as sent and not yet as finished.
    let pending = PendingLogs()

    /// Creates a stopped logger at level `.debug` that writes to standard error. Configurations report to
    /// ``shared`` by default; list another instance in ``NetworkingConfiguration/eventMonitors`` to give a
    /// configuration its own level, output and filter.
    public init() {}

    /// How much is printed once logging is started. Default `.debug`.
    public var level: NetworkActivityLoggerLevel {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    /// Decides which requests are left out: return `true` to not log a request. Default `nil`
    /// (every request is logged). It is called outside the logger's lock, once per request.
    public var filterPredicate: (@Sendable (HTTPRequest) -> Bool)? {
        get { state.withLock { $0.filterPredicate } }
        set { state.withLock { $0.filterPredicate = newValue } }
    }

    /// Receives each message (one or several lines, without a trailing newline), possibly from
    /// several tasks at once. Default: writes the message and a newline to standard error, one
    /// message at a time.
    public var output: @Sendable (String) -> Void {
        get { state.withLock { $0.output } }
        set { state.withLock { $0.output = newValue } }
    }

    /// The header names whose values print as `<redacted>`, compared case-insensitively. Default
    /// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`.
    public var redactedHeaders: Set<String> {
        get { state.withLock { $0.redactedHeaders } }
        set { state.withLock { $0.redactedHeaders = newValue } }
    }

    /// The words that make a field a credential: the value of a JSON member, form field or query parameter
    /// whose name contains one of them (in any case) prints as `<redacted>`, in bodies, URLs and cURL commands.
    /// Default `password`, `passwd`, `secret`, `token`, `api_key`, `apikey`, `api-key`, `authorization` and
    /// `credential` (so `access_token`, `client_secret` and `X-Api-Key` too).
    public var redactedBodyFields: Set<String> {
        get { state.withLock { $0.redactedBodyFields } }
        set { state.withLock { $0.redactedBodyFields = newValue } }
    }

    /// Whether WebSocket messages opened through a configuration with this logger print their text (the first 1 KiB)
    /// at `.debug`, besides their kind and size. Default `false`: message payloads are application data that the
    /// header and body-field redaction cannot recognise, so they are never printed unless asked for.
    public var logsWebSocketPayloads: Bool {
        get { state.withLock { $0.logsWebSocketPayloads } }
        set { state.withLock { $0.logsWebSocketPayloads = newValue } }
    }

    /// Whether ``startLogging()`` was called more recently than ``stopLogging()``.
    public var isLogging: Bool {
        state.withLock { $0.isStarted }
    }

    /// Starts logging at the current ``level``.
    public func startLogging() {
        state.withLock { $0.isStarted = true }
    }

    /// Stops logging; ``level`` is kept for the next ``startLogging()``.
    public func stopLogging() {
        state.withLock { $0.isStarted = false }
    }

    /// Prints a message that belongs to no request (a failed save of `NetworkingStore`) when logging is started
    /// and ``level`` lets `messageLevel` through.
    package func log(_ message: @autoclosure () -> String, at messageLevel: NetworkActivityLoggerLevel) {
        let output = state.withLock { state -> (@Sendable (String) -> Void)? in
            state.isStarted && state.level.allows(messageLevel) ? state.output : nil
        }
        output?(message())
    }

    /// Logs `request` as it is about to be sent and returns the record to finish with its result, or
    /// `nil` (having done nothing but read the state) when logging is stopped, off or filtered out.
    func begin(_ request: HTTPRequest, attempt: Int = 1) -> LoggedRequest? {
        let settings = state.withLock { state -> LoggedRequest.Settings? in
            guard state.isStarted, state.level != .off else {
                return nil
            }
            return LoggedRequest.Settings(
                level: state.level, output: state.output, filterPredicate: state.filterPredicate,
                redactedHeaders: state.redactedHeaders, redactedBodyFields: state.redactedBodyFields)
        }
        guard let settings else {
            return nil
        }
        if let filterPredicate = settings.filterPredicate, filterPredicate(request) {
            return nil
        }
        return LoggedRequest(request: request, attempt: attempt, settings: settings).logRequest()
    }
}
