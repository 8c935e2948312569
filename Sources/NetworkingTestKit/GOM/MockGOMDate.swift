import Foundation
import Networking

/// Prints the dates of ``MockGOMServer``'s entries as XSD `dateTime` with the offset of a time zone, such as
/// `2013-12-29T17:48:52+01:00` or `2013-12-29T16:48:53.250+00:00` (milliseconds only when there are any).
///
/// Computed with integer calendar arithmetic, so the process's locale and time zone play no part.
enum MockGOMDate {
    /// The text of `date` in `timeZone`'s offset at that instant.
    static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded()) + Int64(offset) * 1000
        let dayMillis: Int64 = 86_400_000
        let days = millis >= 0 ? millis / dayMillis : (millis - dayMillis + 1) / dayMillis
        let inDay = millis - days * dayMillis
        let (year, month, day) = CivilCalendar.civil(fromDays: Int(days))
        var text = pad(Int64(year), 4) + "-" + pad(Int64(month), 2) + "-" + pad(Int64(day), 2) + "T"
        text += pad(inDay / 3_600_000, 2) + ":" + pad(inDay / 60_000 % 60, 2) + ":" + pad(inDay / 1000 % 60, 2)
        if inDay % 1000 != 0 {
            text += "." + pad(inDay % 1000, 3)
        }
        let magnitude = abs(offset)
        return text + (offset < 0 ? "-" : "+") + pad(Int64(magnitude / 3600), 2) + ":"
            + pad(Int64(magnitude % 3600 / 60), 2)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
