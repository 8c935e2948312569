/// Reports, once, that a configuration's disk cache or cookie file cannot be written (they then keep going in
/// memory): a ``DiagnosticEvent`` at `.error` (subsystem `"cache"` or `"cookies"`) to every event monitor of the
/// configuration, which the logger prints at `.error`.
enum StorageFailureLog {
    /// Gives the configuration's cache and cookie storage a handler that reports their storage failure to the
    /// configuration's monitors. Each fires at most once; a storage shared by several configurations keeps the
    /// handler set last.
    static func attach(to configuration: NetworkingConfiguration) {
        let monitors = configuration.eventMonitors
        guard !monitors.isEmpty else {
            return
        }
        configuration.cache?.onStorageFailure = report(to: monitors, subsystem: "cache")
        configuration.cookieStorage?.onStorageFailure = report(to: monitors, subsystem: "cookies")
    }

    private static func report(to monitors: [any RequestEventMonitor], subsystem: String)
        -> @Sendable (String) -> Void
    {
        { message in
            let event = DiagnosticEvent(level: .error, subsystem: subsystem, message: message)
            for monitor in monitors {
                monitor.diagnostic(event)
            }
        }
    }
}
