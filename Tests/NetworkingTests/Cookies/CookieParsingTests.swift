import Foundation
import Testing

@testable import Networking

@Suite("Set-Cookie parsing (RFC 6265 §5.2)", .timeLimit(.minutes(1)))
struct CookieParsingTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(
        "name and value are split at the first = and trimmed; no =, an empty name or more than 4096 bytes refuse it",
        arguments: [
            ("a=b", "a", "b"),
            ("  a  =  b c  ; Path=/", "a", "b c"),
            ("a=b=c", "a", "b=c"),
            ("a=", "a", ""),
            ("\ta\t=\t\"quoted\"", "a", "\"quoted\""),
            ("=b", nil, nil),
            ("  =b", nil, nil),
            ("novalue", nil, nil),
            ("", nil, nil),
            ("n=" + String(repeating: "x", count: 4095), "n", String(repeating: "x", count: 4095)),
            ("n=" + String(repeating: "x", count: 4096), nil, nil),
        ] as [(String, String?, String?)])
    func nameAndValue(field: String, name: String?, value: String?) {
        // When the field is parsed
        let parsed = SetCookie(field, now: Self.now)

        // Then name and value are as expected, or the field is refused
        #expect(parsed?.name == name)
        #expect(parsed?.value == value)
    }

    @Test("every attribute, any case, trimmed; unknown ones ignored")
    func attributes() throws {
        // When a field with every attribute is parsed
        let parsed = try #require(
            SetCookie(
                "id=1; domain=.Example.COM ; PATH=/docs; secure; HTTPONLY; SameSite=Lax; Priority=High; Expires=Wed, 09 Jun 2100 10:18:14 GMT",
                now: Self.now))

        // Then each attribute is kept as RFC 6265 says
        #expect(parsed.domain == "example.com")
        #expect(parsed.path == "/docs")
        #expect(parsed.isSecure)
        #expect(parsed.isHTTPOnly)
        #expect(parsed.sameSite == "Lax")
        #expect(parsed.expires == Date(timeIntervalSince1970: 4_116_219_494))
    }

    @Test(
        "SameSite is kept as written; Domain and Path fall back when empty or not absolute",
        arguments: [
            ("a=1; SameSite=Strict", "Strict", nil, nil),
            ("a=1; SameSite=none", "none", nil, nil),
            ("a=1; SameSite", nil, nil, nil),
            ("a=1; Domain=", nil, nil, nil),
            ("a=1; Domain=.", nil, nil, nil),
            ("a=1; Domain=a.example; Domain=b.example", nil, "b.example", nil),
            ("a=1; Path=relative", nil, nil, nil),
            ("a=1; Path=", nil, nil, nil),
            ("a=1; Path=/x; Path=/y", nil, nil, "/y"),
        ] as [(String, String?, String?, String?)])
    func attributeFallbacks(field: String, sameSite: String?, domain: String?, path: String?) throws {
        let parsed = try #require(SetCookie(field, now: Self.now))
        #expect(parsed.sameSite == sameSite)
        #expect(parsed.domain == domain)
        #expect(parsed.path == path)
    }

    @Test(
        "Max-Age wins over Expires in either order; ≤ 0 deletes; a malformed one is ignored",
        arguments: [
            ("a=1; Max-Age=60", 60.0),
            ("a=1; Max-Age=60; Expires=Wed, 09 Jun 2100 10:18:14 GMT", 60),
            ("a=1; Expires=Wed, 09 Jun 2100 10:18:14 GMT; Max-Age=60", 60),
            ("a=1; Max-Age=0", -.infinity),
            ("a=1; Max-Age=-5; Expires=Wed, 09 Jun 2100 10:18:14 GMT", -.infinity),
            ("a=1; Max-Age=1.5; Expires=Wed, 09 Jun 2100 10:18:14 GMT", 4_116_219_494 - 1_700_000_000),
            ("a=1; Max-Age=abc", .nan),
            ("a=1; Max-Age=", .nan),
            ("a=1; Expires=not a date", .nan),
            ("a=1; Expires=Wed, 09 Jun 2100 10:18:14 GMT; Expires=garbage", 4_116_219_494 - 1_700_000_000),
        ] as [(String, Double)])
    func expiry(field: String, secondsFromNow: Double) throws {
        // When the field is parsed
        let parsed = try #require(SetCookie(field, now: Self.now))

        // Then the expiry is now + seconds, in the past for a deletion, or absent (nan) for a session cookie
        if secondsFromNow.isNaN {
            #expect(parsed.expires == nil)
        } else if secondsFromNow == -.infinity {
            #expect(try #require(parsed.expires) < Self.now)
        } else {
            #expect(parsed.expires == Self.now + secondsFromNow)
        }
    }

    @Test(
        "cookie dates in the forms of RFC 6265 §5.1.1, locale independent",
        arguments: [
            ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),  // RFC 1123
            ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),  // RFC 850, two-digit year
            ("Sun Nov  6 08:49:37 1994", 784_111_777),  // asctime
            ("Sun, 06-Nov-1994 08:49:37 GMT", 784_111_777),  // Netscape
            ("6 nov 1994 8:49:37", 784_111_777),  // lower case, one-digit fields
            ("NOVEMBER 06 1994 08:49:37 UTC", 784_111_777),
            ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
            ("Tue, 29 Feb 2028 12:00:00 GMT", 1_835_438_400),  // leap day
            ("Wed, 01 Jan 2025 00:00:00 GMT", 1_735_689_600),
            ("Sat, 01 Jan 00 00:00:00 GMT", 946_684_800),  // 00 → 2000
            ("Fri, 01 Jan 69 00:00:00 GMT", 3_124_224_000),  // 69 → 2069
        ] as [(String, Double)])
    func dates(text: String, seconds: Double) {
        #expect(CookieDate.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(
        "bad cookie dates are refused",
        arguments: [
            "", "garbage", "Sun, 06 Nov 1994 GMT", "Sun, 06 1994 08:49:37 GMT", "Sun, Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 08:49:37 GMT", "Sun, 31 Feb 2030 08:49:37 GMT", "Sun, 29 Feb 2027 08:49:37 GMT",
            "Sun, 32 Jan 2030 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 06 Nov 1994 08:49:60 GMT", "Sun, 06 Nov 1600 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 19945 08:49:37 GMT", "2030-01-01T00:00:00Z",
        ])
    func badDates(text: String) {
        #expect(CookieDate.parse(text) == nil)
    }
}
