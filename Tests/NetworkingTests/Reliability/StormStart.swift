import Testing

/// When the cancellation storm's random moments are drawn from.
enum StormStart: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Once all requests have reached the server: every cancellation removes a running transfer.
    case allInFlight
    /// From the launch of the tasks: some are cancelled before their transfer starts, some while it connects,
    /// some while the server holds it.
    case fromLaunch
    /// Within 5 ms of the launch: cancellations race the tasks' start and the transfers' submission.
    case burstAtLaunch

    /// The window the random moments are drawn from, in milliseconds.
    var spreadMilliseconds: Int {
        self == .burstAtLaunch ? 5 : 250
    }

    var testDescription: String { rawValue }
}
