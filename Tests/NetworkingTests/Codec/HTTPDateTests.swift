import Foundation
import Testing

@testable import Networking

/// The one HTTP-date parser and formatter (RFC 9110 §5.6.7): its three forms, the two-digit-year rule, refusals.
@Suite(.timeLimit(.minutes(1))) struct HTTPDateTests {
    /// 2030-12-01T12:00:00Z: "now" for the two-digit-year rule.
    static let now = Date(timeIntervalSince1970: 1_922_270_400)

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0), ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("Sun Nov  6 08:49:37 1994", 784_111_777), ("Thu, 29 Feb 2024 23:59:59 GMT", 1_709_251_199),
        ("Thu Feb 29 23:59:59 2024", 1_709_251_199), ("  Thu, 01 Jan 1970 00:00:00 GMT ", 0),
        ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
    ])
    func parsesTheThreeForms(text: String, seconds: TimeInterval) {
        #expect(HTTPDate.parse(text, now: Self.now)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        // Within 50 years of 2030: this century
        ("Monday, 01-Jan-80 00:00:00 GMT", 2080), ("Thursday, 01-Jan-30 00:00:00 GMT", 2030),
        ("Tuesday, 01-Jan-75 00:00:00 GMT", 2075),
        // More than 50 years ahead: the most recent past year with those digits
        ("Wednesday, 01-Jan-81 00:00:00 GMT", 1981), ("Friday, 01-Jan-99 00:00:00 GMT", 1999),
        ("Saturday, 01-Jan-00 00:00:00 GMT", 2000),
    ])
    func rfc850TwoDigitYearsFollowTheFiftyYearRule(text: String, year: Int) throws {
        // Given "now" in 2030; When an RFC 850 date is parsed
        let date = try #require(HTTPDate.parse(text, now: Self.now))

        // Then its year is the one RFC 9110 §5.6.7 names
        let days = Int(date.timeIntervalSince1970 / 86_400)
        #expect(CivilCalendar.civil(fromDays: days).year == year)
    }

    @Test func theTwoDigitYearRuleMovesWithNow() throws {
        // Given the same RFC 850 text and "now" in 1994 and in 2030
        let text = "Sunday, 06-Nov-44 08:49:37 GMT"
        let in1994 = try #require(HTTPDate.parse(text, now: Date(timeIntervalSince1970: 784_111_777)))
        let in2030 = try #require(HTTPDate.parse(text, now: Self.now))

        // Then 44 is 1944 seen from 1994 (2044 is more than 50 years ahead) and 2044 seen from 2030
        #expect(CivilCalendar.civil(fromDays: Int((in1994.timeIntervalSince1970 / 86_400).rounded(.down))).year == 1944)
        #expect(CivilCalendar.civil(fromDays: Int(in2030.timeIntervalSince1970 / 86_400)).year == 2044)
    }

    @Test(arguments: [
        "", "0", "Sun, 30 Feb 2024 08:49:37 GMT", "Sun, 31 Apr 2024 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 +0000",
        "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
        "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT trailing", "Sun 06 Nov 1994 08:49:37 GMT",
        "Sun, 06-Nov-94 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 6 08:49:37 1994",
        "Sun Nov 31 08:49:37 1994", "Sun, 06 Nov 0000 08:49:37 GMT", "Sun, 06 Nov 123456789012 08:49:37 GMT",
        "1994-11-06T08:49:37Z",
    ])
    func rejectsWhatIsNotAnHTTPDate(text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == nil)
    }

    @Test(arguments: [
        (784_111_777.0, "Sun, 06 Nov 1994 08:49:37 GMT"), (1_709_251_199.9, "Thu, 29 Feb 2024 23:59:59 GMT"),
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"), (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func formatsAsIMFFixdateAndParsesBack(seconds: TimeInterval, text: String) {
        let formatted = HTTPDate.format(Date(timeIntervalSince1970: seconds))
        #expect(formatted == text)
        #expect(HTTPDate.parse(formatted)?.timeIntervalSince1970 == seconds.rounded(.down))
    }
}
