import Foundation

/// ISO 8601 date text, the one format dates take in queries and bodies.
enum ISO8601 {
    /// Formats a date as `2026-11-29T14:16:12Z`, or with milliseconds when it has a fraction.
    static func format(_ date: Date) -> String {
        let hasFraction = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) != 0
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction, timeZone: .gmt)
        return date.formatted(style)
    }

    /// Parses ISO 8601 text with or without fractional seconds.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
