import Foundation
import Testing

@testable import Networking

/// The one civil calendar (Hinnant's days-from-civil and civil-from-days) against Foundation's Gregorian calendar.
@Suite(.timeLimit(.minutes(1))) struct CivilCalendarTests {
    @Test func dayCountsMatchFoundationsGregorianCalendarAcrossCenturies() throws {
        // Given a Gregorian calendar in UTC as the oracle
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))

        for year in stride(from: 1600, through: 2400, by: 7) {
            for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (12, 31)]
            where day <= CivilCalendar.daysIn(month: month, year: year) {
                // When the calendar counts the days, and turns the count back into a date
                let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
                let civil = CivilCalendar.civil(fromDays: days)

                // Then Foundation agrees, and the round trip gives the date back
                let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
                #expect(Double(days) * 86_400 == date.timeIntervalSince1970, "\(year)-\(month)-\(day)")
                #expect(civil.year == year && civil.month == month && civil.day == day, "\(year)-\(month)-\(day)")
            }
        }
    }

    @Test(arguments: [(1900, 28), (2000, 29), (2023, 28), (2024, 29), (2100, 28)])
    func februaryFollowsTheLeapYearRule(year: Int, days: Int) {
        #expect(CivilCalendar.daysIn(month: 2, year: year) == days)
        #expect(CivilCalendar.isLeap(year) == (days == 29))
    }

    @Test func monthsOutsideTheYearHaveNoDays() {
        #expect(CivilCalendar.daysIn(month: 0, year: 2024) == 0)
        #expect(CivilCalendar.daysIn(month: 13, year: 2024) == 0)
        #expect(CivilCalendar.daysIn(month: 4, year: 2024) == 30)
    }
}
