import Foundation

// Not HTTPDate: RFC 6265 §5.1.1 demands its own lenient, token-based algorithm (any order, odd delimiters).
/// The cookie-date parser of RFC 6265 §5.1.1: it reads `Expires` in every form servers send (RFC 1123,
/// RFC 850, asctime, two-digit years, odd separators) without a locale or a date formatter.
enum CookieDate {
    /// The date `text` names, in UTC, or `nil` when it is not a valid cookie date.
    static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(of: text) {
            if time == nil, let value = parseTime(token) {
                time = value
            } else if day == nil, let value = leadingDigits(token, 1...2) {
                day = value
            } else if month == nil, let value = parseMonth(token) {
                month = value
            } else if year == nil, let value = leadingDigits(token, 2...4) {
                year = value
            }
        }
        guard let time, let day, let month, var year else {
            return nil
        }
        if (70...99).contains(year) {
            year += 1900
        } else if (0...69).contains(year) {
            year += 2000
        }
        guard year >= 1601, (1...CivilCalendar.daysIn(month: month, year: year)).contains(day), time.hour <= 23,
            time.minute <= 59, time.second <= 59
        else {
            return nil
        }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The tokens between delimiters (§5.1.1: tab, space to `/`, `;` to `@`, `[` to `` ` ``, `{` to `~`).
    private static func tokens(of text: String) -> [Substring.UTF8View] {
        text.utf8.split { byte in
            byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
                || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
        }
    }

    /// The value of `count` leading digits followed by nothing or a non-digit, or `nil`.
    private static func leadingDigits(_ token: Substring.UTF8View, _ count: ClosedRange<Int>) -> Int? {
        let digits = token.prefix { (0x30...0x39).contains($0) }
        guard count.contains(digits.count) else {
            return nil
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `hh:mm:ss` (one or two digits each) followed by nothing or a non-digit, or `nil`.
    private static func parseTime(_ token: Substring.UTF8View) -> (hour: Int, minute: Int, second: Int)? {
        var fields: [Int] = []
        var rest = token[...]
        for index in 0..<3 {
            let digits = rest.prefix { (0x30...0x39).contains($0) }
            guard (1...2).contains(digits.count) else {
                return nil
            }
            fields.append(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
            rest = rest.dropFirst(digits.count)
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else {
                    return nil
                }
                rest = rest.dropFirst()
            }
        }
        if let next = rest.first, (0x30...0x39).contains(next) {
            return nil
        }
        return (fields[0], fields[1], fields[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The month (1–12) whose three-letter name starts the token, any case, or `nil`.
    private static func parseMonth(_ token: Substring.UTF8View) -> Int? {
        guard token.count >= 3 else {
            return nil
        }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }
}
