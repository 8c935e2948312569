/// The proleptic Gregorian calendar as integer arithmetic (Howard Hinnant's `days_from_civil` and
/// `civil_from_days`): the one civil calendar of HTTP dates, cookie dates and GOM dates, free of locales and time
/// zones.
///
/// ```swift
/// CivilCalendar.daysFromCivil(year: 1970, month: 1, day: 2)   // 1
/// CivilCalendar.civil(fromDays: 0)                            // (1970, 1, 1)
/// ```
package enum CivilCalendar {
    /// Days since 1970-01-01 of a proleptic Gregorian date (negative before it). Callers keep `year` within a few
    /// million years of today so the arithmetic cannot overflow; `month` is 1–12.
    /// - Parameters:
    ///   - year: The year (astronomical: 0 is 1 BC).
    ///   - month: 1–12.
    ///   - day: The day of the month.
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01.
    /// - Parameter days: Days since 1970-01-01 (negative before it).
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

    /// Whether `year` has a 29 February.
    /// - Parameter year: The year.
    package static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of `month` (1–12) in `year`; 0 for a month outside 1–12.
    /// - Parameters:
    ///   - month: 1–12.
    ///   - year: The year.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        case 1...12: 31
        default: 0
        }
    }
}
