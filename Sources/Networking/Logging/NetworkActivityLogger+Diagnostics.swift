extension NetworkActivityLogger {
    /// Prints `event` as `Networking <subsystem>: <message>` when logging is started and ``level`` lets the event's
    /// level through (`.debug`, `.info`, `.warn` and `.error` map to the logger's levels of those names).
    /// - Parameter event: The event.
    public func diagnostic(_ event: DiagnosticEvent) {
        let level: NetworkActivityLoggerLevel =
            switch event.level {
            case .debug: .debug
            case .info: .info
            case .warn: .warn
            case .error: .error
            }
        log(event.message, at: level)
    }
}
