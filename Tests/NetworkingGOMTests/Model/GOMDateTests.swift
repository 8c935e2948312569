import Foundation
import Testing

@testable import NetworkingGOM

@Suite("GOM dates", .timeLimit(.minutes(1)))
struct GOMDateTests {
    // The expected instants come from `date -u -d TEXT +%s`, not from this parser.
    @Test(
        "XSD dateTime text with any offset denotes the same instant everywhere",
        arguments: [
            ("2013-12-29T17:48:52+01:00", 1_388_335_732.0),
            ("2013-12-29T17:48:52+0100", 1_388_335_732),
            ("2013-12-29T17:48:52+01", 1_388_335_732),
            ("2013-12-29T16:48:52Z", 1_388_335_732),
            ("2013-12-29t16:48:52z", 1_388_335_732),
            ("2013-12-29 16:48:52Z", 1_388_335_732),
            ("2013-12-29T16:48:52", 1_388_335_732),
            ("2013-12-29T11:18:52-05:30", 1_388_335_732),
            ("2013-12-30T06:48:52+14:00", 1_388_335_732),
            ("2013-12-29T17:48+01:00", 1_388_335_680),
            ("2013-12-29T17:48:52.25+01:00", 1_388_335_732.25),
            ("2013-12-29T17:48:52,5Z", 1_388_339_332.5),
            ("2013-12-29T17:48:52.123456789+01:00", 1_388_335_732.123456789),
            // Local times that do not exist, or exist twice, in Central Europe: the offset decides alone.
            ("2013-03-31T02:30:00+01:00", 1_364_693_400),
            ("2013-10-27T02:30:00+02:00", 1_382_833_800),
            ("2000-02-29T23:59:59-05:30", 951_888_599),
            ("2024-02-29T00:00:00+14:00", 1_709_114_400),
            ("1969-12-31T23:59:59Z", -1),
            ("2013-12-29T24:00:00Z", 1_388_361_600),
        ])
    func parses(text: String, seconds: Double) throws {
        // Given date text
        // When it is parsed
        let date = try #require(GOMDate.parse(text))

        // Then it is the instant `date` computes, to the microsecond
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6, "\(text) → \(date.timeIntervalSince1970)")
    }

    @Test(
        "text that is no date-time is nil",
        arguments: [
            "", "2013-12-29", "2013-12-29T", "2013-12-29T17", "13-12-29T17:48:52Z", "2013-13-01T00:00:00Z",
            "2013-00-01T00:00:00Z", "2013-02-29T00:00:00Z", "2013-04-31T00:00:00Z", "2013-12-29T25:00:00Z",
            "2013-12-29T24:00:01Z", "2013-12-29T17:60:00Z", "2013-12-29T17:48:61Z", "2013-12-29T17:48:52.Z",
            "2013-12-29T17:48:52+15:00", "2013-12-29T17:48:52+01:60", "2013-12-29T17:48:52+1",
            "2013-12-29T17:48:52+01:",
            "2013-12-29T17:48:52 +01:00", "2013-12-29T17:48:52Z trailing", "2013/12/29T17:48:52Z",
            "٢٠١٣-12-29T17:48:52Z", "Sun, 29 Dec 2013 16:48:52 GMT",
        ])
    func refuses(text: String) {
        // Given text that is not a date-time of the accepted form
        // When it is parsed
        // Then there is no date
        #expect(GOMDate.parse(text) == nil)
    }
}
