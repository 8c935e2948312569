import Foundation
import Testing

@testable import Networking

@Suite("Retry-After", .timeLimit(.minutes(1)))
struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT

    @Test(
        "seconds and HTTP-dates, capped at 60 s",
        arguments: [
            ("2", 2.0), ("0", 0), ("-5", 0), ("3600", 60), ("1.5", 1.5),
            ("Wed, 21 Oct 2015 07:28:10 GMT", 10), ("Wed, 21 Oct 2015 07:27:00 GMT", 0),
            ("Wednesday, 21-Oct-15 07:28:30 GMT", 30), ("Wed Oct 21 07:28:05 2015", 5),
        ] as [(String, Double)]
    )
    func parses(value: String, expected: Double) {
        #expect(RetryAfter.delay(from: value, now: Self.now) == expected)
    }

    @Test("absent or unreadable values give nil", arguments: [nil, "", "soon", "nan"] as [String?])
    func unreadable(value: String?) {
        #expect(RetryAfter.delay(from: value, now: Self.now) == nil)
    }
}
