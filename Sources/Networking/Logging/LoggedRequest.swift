/// One request being logged: the logger's settings as they were when it started, and its start time.
struct LoggedRequest: Sendable {
    /// The logger's settings, read once when the request starts so that its two messages agree.
    struct Settings: Sendable {
        let level: NetworkActivityLoggerLevel
        let output: @Sendable (String) -> Void
        let filterPredicate: (@Sendable (HTTPRequest) -> Bool)?
        let redactedHeaders: Set<String>
        let redactedBodyFields: Set<String>
    }

    let request: HTTPRequest
    /// The attempt of its call, from 1; shown from the second on.
    let attempt: Int
    let settings: Settings
    let start: ContinuousClock.Instant

    init(
        request: HTTPRequest, attempt: Int = 1, settings: Settings, start: ContinuousClock.Instant = ContinuousClock.now
    ) {
        self.request = request
        self.attempt = attempt
        self.settings = settings
        self.start = start
    }

    /// Prints the request line at `.info`, with headers, body and a cURL command at `.debug`.
    /// - Returns: This record with its clock restarted, so that the time printing took is not counted.
    func logRequest() -> LoggedRequest {
        guard settings.level.allows(.info) else {
            return self
        }
        let formatter = RequestLogFormatter(
            redaction: LogRedaction(
                request: request, names: settings.redactedHeaders, bodyFields: settings.redactedBodyFields))
        var lines = [formatter.requestLine(request, attempt: attempt)]
        if settings.level.allows(.debug) {
            lines += formatter.requestDetails(request)
        }
        emit(lines, formatter)
        return LoggedRequest(request: request, attempt: attempt, settings: settings)
    }

    /// Prints what came back, if the level asks for it.
    /// - Parameter result: The transport's result, before status validation.
    func finish(_ result: Result<HTTPResponse, RepositoryError>) {
        let elapsed = start.duration(to: ContinuousClock.now)
        guard settings.level.allows(Self.level(of: result)) else {
            return
        }
        var redaction = LogRedaction(
            request: request, names: settings.redactedHeaders, bodyFields: settings.redactedBodyFields)
        if case .success(let response) = result {
            redaction.addSecrets(of: response)
        }
        let formatter = RequestLogFormatter(redaction: redaction)
        var lines: [String]
        switch result {
        case .success(let response):
            let debug = settings.level.allows(.debug)
            lines = [formatter.responseLine(request, response, attempt: attempt, elapsed: elapsed, excerpt: !debug)]
            if debug {
                lines += formatter.responseDetails(response)
            }
        case .failure(let error):
            lines = [formatter.failureLine(request, error, attempt: attempt, elapsed: elapsed)]
        }
        emit(lines, formatter)
    }

    /// The level of the message for `result`: a success or a cancellation is `.info`, a non-2xx
    /// status or a transport error `.error`, a pinning failure `.fatal`.
    static func level(of result: Result<HTTPResponse, RepositoryError>) -> NetworkActivityLoggerLevel {
        switch result {
        case .success(let response):
            (200..<300).contains(response.statusCode) ? .info : .error
        case .failure(.cancelled):
            .info
        case .failure(.pinningFailure):
            .fatal
        case .failure:
            .error
        }
    }

    private func emit(_ lines: [String], _ formatter: RequestLogFormatter) {
        settings.output(formatter.redaction.scrub(lines.joined(separator: "\n")))
    }
}
