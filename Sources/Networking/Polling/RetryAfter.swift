import Foundation

/// Reads a `Retry-After` header: delay-seconds or an HTTP-date (RFC 9110 §10.2.3), capped.
enum RetryAfter {
    /// The longest wait a server can ask for.
    static let maximumDelay: TimeInterval = 60

    /// The delay the header asks for, between 0 and `cap`, or `nil` when absent or unreadable.
    /// - Parameters:
    ///   - value: The header value.
    ///   - now: The current time, for HTTP-dates.
    ///   - cap: The longest delay returned. Default ``maximumDelay``.
    static func delay(from value: String?, now: Date = Date(), cap: TimeInterval = maximumDelay) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let seconds = TimeInterval(value), seconds.isFinite {
            return min(max(seconds, 0), cap)
        }
        if let date = HTTPDate.parse(value, now: now) {
            return min(max(date.timeIntervalSince(now), 0), cap)
        }
        return nil
    }
}
