package import Foundation

/// HTTP-dates (RFC 9110 §5.6.7), the one parser and formatter of them: the cache (`Date`, `Expires`,
/// `Last-Modified`), `Retry-After` and the test kit read them here.
///
/// All three forms are accepted, strictly and without a `DateFormatter` (locale-free, and fast enough for every
/// cache lookup): IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and
/// asctime `Sun Nov  6 08:49:37 1994`. Dates are formatted as IMF-fixdate.
///
/// ```swift
/// HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")   // 784111777 seconds after 1970
/// HTTPDate.format(Date(timeIntervalSince1970: 0))    // "Thu, 01 Jan 1970 00:00:00 GMT"
/// ```
package enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Weekdays from 1970-01-01, a Thursday.
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let longWeekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
    /// The seconds from 1970 to the end of year 9999: dates beyond are not HTTP-dates.
    private static let maximumSeconds: TimeInterval = 253_402_300_800

    /// The date in `text`, or `nil` when it is not an HTTP-date (leading and trailing spaces are ignored).
    /// - Parameters:
    ///   - text: The header value.
    ///   - now: The current time, for RFC 850's two-digit years: a year that would be more than 50 years in the
    ///     future is the most recent past year with the same last two digits (RFC 9110 §5.6.7).
    package static func parse(_ text: String?, now: Date = Date()) -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        var reader = HTTPDateReader(text)
        if let date = reader.imfFixdate() ?? reader.rfc850(currentYear: year(of: now)) ?? reader.asctime() {
            return date.instant
        }
        return nil
    }

    /// The IMF-fixdate of `date`, such as `Sun, 06 Nov 1994 08:49:37 GMT`; fractions of a second are dropped and
    /// dates outside years 1–9999 are clamped.
    /// - Parameter date: The date.
    package static func format(_ date: Date) -> String {
        let clamped = min(max(date.timeIntervalSince1970, -maximumSeconds), maximumSeconds)
        let seconds = Int(clamped.isFinite ? clamped.rounded(.down) : 0)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):"
            + "\(two(time % 60)) GMT"
    }

    /// The index (0–11) of a three-letter month name, case-sensitive as RFC 9110 requires.
    static func month(named name: Substring) -> Int? {
        months.firstIndex { $0 == name }
    }

    /// Whether `name` is a weekday name: three letters, or the full name when `long`.
    static func isWeekday(_ name: Substring, long: Bool) -> Bool {
        (long ? longWeekdays : weekdays).contains { $0 == name }
    }

    private static func year(of date: Date) -> Int {
        let seconds = min(max(date.timeIntervalSince1970, -maximumSeconds), maximumSeconds)
        let days = Int((seconds.isFinite ? seconds : 0) / 86_400)
        return CivilCalendar.civil(fromDays: days).year
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
