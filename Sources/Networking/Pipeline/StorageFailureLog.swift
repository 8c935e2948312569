/// Reports, once, that a configuration's disk cache or cookie file cannot be written (they then keep going in
/// memory): to every ``NetworkActivityLogger`` among the configuration's event monitors, at `.error`.
enum StorageFailureLog {
    /// Gives the configuration's cache and cookie storage a handler that logs their storage failure. Each fires at
    /// most once; a storage shared by several repositories keeps the handler set last (their loggers are the
    /// configuration's either way).
    static func attach(to configuration: NetworkingConfiguration) {
        let loggers = configuration.eventMonitors.compactMap { $0 as? NetworkActivityLogger }
        guard !loggers.isEmpty else {
            return
        }
        let log: @Sendable (String) -> Void = { message in
            for logger in loggers {
                logger.log(message, at: .error)
            }
        }
        configuration.cache?.onStorageFailure = log
        configuration.cookieStorage?.onStorageFailure = log
    }
}
