import Foundation

/// Reads one of the three HTTP-date forms (RFC 9110 §5.6.7) from the whole of a text, field by field; each
/// `mutating` reader starts again from the beginning, so the forms can be tried in turn.
struct HTTPDateReader {
    /// The fields of a date once read, checked against the calendar.
    struct Fields {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int

        /// The instant, or `nil` for an impossible date or time (30 February, 24:00, 61 seconds).
        var instant: Date? {
            guard (1...9999).contains(year), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
                (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
            else {
                return nil
            }
            let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
        }
    }

    private let text: Substring
    private var rest: Substring

    init(_ text: String) {
        self.text = text[...]
        self.rest = text[...]
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    mutating func imfFixdate() -> Fields? {
        rest = text
        guard let name = letters(), HTTPDate.isWeekday(name, long: false), skip(", "), let day = digits(2), skip(" "),
            let month = monthName(), skip(" "), let year = digits(4), skip(" "), let time = clock(), skip(" GMT"),
            rest.isEmpty
        else {
            return nil
        }
        return Fields(year: year, month: month, day: day, hour: time.0, minute: time.1, second: time.2)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`, whose two-digit year is placed in the century that keeps it at most 50
    /// years after `currentYear`.
    mutating func rfc850(currentYear: Int) -> Fields? {
        rest = text
        guard let name = letters(), HTTPDate.isWeekday(name, long: true), skip(", "), let day = digits(2), skip("-"),
            let month = monthName(), skip("-"), let twoDigits = digits(2), skip(" "), let time = clock(),
            skip(" GMT"), rest.isEmpty
        else {
            return nil
        }
        var year = currentYear - currentYear % 100 + twoDigits
        if year > currentYear + 50 {
            year -= 100
        }
        return Fields(year: year, month: month, day: day, hour: time.0, minute: time.1, second: time.2)
    }

    /// `Sun Nov  6 08:49:37 1994` (a one-digit day is preceded by a space).
    mutating func asctime() -> Fields? {
        rest = text
        guard let name = letters(), HTTPDate.isWeekday(name, long: false), skip(" "), let month = monthName(),
            skip(" ")
        else {
            return nil
        }
        let day: Int
        if skip(" ") {
            guard let value = digits(1) else { return nil }
            day = value
        } else {
            guard let value = digits(2) else { return nil }
            day = value
        }
        guard skip(" "), let time = clock(), skip(" "), let year = digits(4), rest.isEmpty else {
            return nil
        }
        return Fields(year: year, month: month, day: day, hour: time.0, minute: time.1, second: time.2)
    }

    /// `hh:mm:ss`.
    private mutating func clock() -> (Int, Int, Int)? {
        guard let hour = digits(2), skip(":"), let minute = digits(2), skip(":"), let second = digits(2) else {
            return nil
        }
        return (hour, minute, second)
    }

    /// A three-letter month name as 1–12.
    private mutating func monthName() -> Int? {
        guard rest.count >= 3, let index = HTTPDate.month(named: rest.prefix(3)) else {
            return nil
        }
        rest = rest.dropFirst(3)
        return index + 1
    }

    /// The ASCII letters that come next (at least one).
    private mutating func letters() -> Substring? {
        let word = rest.prefix { $0.isASCII && $0.isLetter }
        guard !word.isEmpty else { return nil }
        rest = rest.dropFirst(word.count)
        return word
    }

    /// Exactly `count` ASCII digits as a number.
    private mutating func digits(_ count: Int) -> Int? {
        let field = rest.prefix(count)
        guard field.count == count, field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field) else {
            return nil
        }
        rest = rest.dropFirst(count)
        return value
    }

    /// Skips `literal` when it comes next.
    private mutating func skip(_ literal: String) -> Bool {
        guard rest.hasPrefix(literal) else { return false }
        rest = rest.dropFirst(literal.count)
        return true
    }
}
