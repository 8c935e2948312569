import Foundation
import Networking

/// Parses the dates of GOM entries: ISO 8601 / XSD `dateTime` text such as `2013-12-29T17:48:52+01:00`.
///
/// Accepted: `YYYY-MM-DD`, then `T` (or `t`, or a space), then `hh:mm` with optional `:ss` and an optional
/// fraction (`.` or `,` and any number of digits), then a zone: `Z` (or `z`), `±hh:mm`, `±hhmm` or `±hh`, at
/// most 14 hours (XSD's limit). Text without a zone is read as UTC, never as the process's local time.
/// `24:00:00` is midnight at the end of the day. Anything else, including impossible dates such as
/// `2013-02-30`, is `nil`.
///
/// The instant is computed with integer calendar arithmetic (proleptic Gregorian), so neither the process's
/// locale nor its time zone can change it (the GOM client fixed in Objective-C parsed with a locale-bound
/// formatter).
enum GOMDate {
    /// The instant `text` denotes, or `nil` when it is not a date-time of the accepted form.
    static func parse(_ text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skip(oneOf: "Tt "),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2)
        else {
            return nil
        }
        var second = 0
        var fraction = 0.0
        if reader.skip(":") {
            guard let value = reader.number(digits: 2) else {
                return nil
            }
            second = value
            if reader.skip(oneOf: ".,") {
                guard let value = reader.fraction() else {
                    return nil
                }
                fraction = value
            }
        }
        guard let offset = reader.zoneOffset(), reader.isAtEnd,
            isValid(year: year, month: month, day: day),
            isValid(hour: hour, minute: minute, second: second, fraction: fraction)
        else {
            return nil
        }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func isValid(year: Int, month: Int, day: Int) -> Bool {
        day >= 1 && day <= CivilCalendar.daysIn(month: month, year: year)
    }

    private static func isValid(hour: Int, minute: Int, second: Int, fraction: Double) -> Bool {
        if hour == 24 {
            return minute == 0 && second == 0 && fraction == 0
        }
        return (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
    }

    /// Reads the ASCII text of a date from left to right.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool {
            index == bytes.count
        }

        /// Exactly `digits` decimal digits as a number.
        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else {
                return nil
            }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard let digit = Self.digit(byte) else {
                    return nil
                }
                value = value * 10 + digit
            }
            index += digits
            return value
        }

        /// One or more digits read as the fraction after a decimal separator.
        mutating func fraction() -> Double? {
            var text = "0."
            while index < bytes.count, Self.digit(bytes[index]) != nil {
                text.unicodeScalars.append(Unicode.Scalar(bytes[index]))
                index += 1
            }
            return text.count > 2 ? Double(text) : nil
        }

        /// `Z`, `±hh:mm`, `±hhmm`, `±hh` as seconds east of UTC; 0 at the end of the text; `nil` otherwise.
        mutating func zoneOffset() -> Int? {
            guard index < bytes.count else {
                return 0
            }
            if skip(oneOf: "Zz") {
                return 0
            }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2) else {
                return nil
            }
            var minutes = 0
            if !isAtEnd {
                _ = skip(":")
                guard let value = number(digits: 2) else {
                    return nil
                }
                minutes = value
            }
            guard minutes <= 59, hours * 60 + minutes <= 14 * 60 else {
                return nil
            }
            return sign * (hours * 3_600 + minutes * 60)
        }

        /// Skips `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            skip(oneOf: String(character))
        }

        /// Skips the next byte when it is one of `characters` (ASCII).
        mutating func skip(oneOf characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else {
                return false
            }
            index += 1
            return true
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
