import Foundation

/// HTTP-dates (RFC 9110 §5.6.7): the IMF-fixdate that servers send, parsed without a formatter since every
/// cache lookup reads some, and the two obsolete forms through `DateFormatter`.
package enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    /// The seconds from 1970 to the end of year 9999: dates beyond are not HTTP-dates.
    private static let maximumSeconds: TimeInterval = 253_402_300_800

    /// The date in `text`, or `nil` when it is not an HTTP-date.
    static func parse(_ text: String?) -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        return parseFixdate(text) ?? parseObsolete(text)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ date: Date) -> String {
        let clamped = min(max(date.timeIntervalSince1970, -maximumSeconds), maximumSeconds)
        let seconds = Int(clamped.isFinite ? clamped.rounded(.down) : 0)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):"
            + "\(two(time % 60)) GMT"
    }

    private static func parseFixdate(_ text: String) -> Date? {
        // "Sun, 06 Nov 1994 08:49:37 GMT"
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", let day = Int(parts[1]),
            let monthIndex = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]),
            (1...9999).contains(year)  // a hostile 12-digit year would overflow the day arithmetic
        else {
            return nil
        }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]), (0...59).contains(clock[1]),
            (0...60).contains(clock[2])
        else {
            return nil
        }
        let days = daysFromCivil(year: year, month: monthIndex + 1, day: day)
        let seconds = days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func parseObsolete(_ text: String) -> Date? {
        for format in ["EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text), abs(date.timeIntervalSince1970) < maximumSeconds {
                return date
            }
        }
        return nil
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm); the cookie dates use it
    /// too. Callers keep `year` within 1...9999.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Hinnant's `civil_from_days`); the test kit's
    /// GOM dates use it too.
    package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPosition = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPosition + 2) / 5 + 1
        let month = monthPosition < 10 ? monthPosition + 3 : monthPosition - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
