import Foundation
import Testing

@testable import Networking

@Suite("CookieStorage: replacing, order, expiry, limits", .timeLimit(.minutes(1)))
struct CookieStorageTests {
    let site = URL(string: "https://example.com/")!
    let clock = CookieTestClock()

    func storage() -> CookieStorage {
        CookieStorage(file: nil, now: { [clock] in clock.now })
    }

    @Test("the Cookie header: longer paths first, then older first, name=value joined by '; '")
    func headerOrder() {
        // Given cookies set one second apart, on different paths
        let storage = storage()
        storage.store(setCookies: ["root1=a; Path=/"], from: site)
        clock.advance(1)
        storage.store(setCookies: ["deep=b; Path=/docs/api", "mid=c; Path=/docs"], from: site)
        clock.advance(1)
        storage.store(setCookies: ["root2=d; Path=/"], from: site)

        // When the header for a deep URL is built
        let header = storage.cookieHeader(for: URL(string: "https://example.com/docs/api/v1")!)

        // Then the order follows §5.4
        #expect(header == "deep=b; mid=c; root1=a; root2=d")
        #expect(storage.cookieHeader(for: URL(string: "https://other.example/")!) == nil)
    }

    @Test("same name, domain and path replaces, keeping the original creation (and so the place in the order)")
    func replacing() {
        // Given a then b, then a replaced later with a new value
        let storage = storage()
        storage.store(setCookies: ["a=1"], from: site)
        clock.advance(1)
        storage.store(setCookies: ["b=2"], from: site)
        clock.advance(1)
        storage.store(setCookies: ["a=3; HttpOnly"], from: site)

        // Then a still comes first, with its new value and attributes
        #expect(storage.cookieHeader(for: site) == "a=3; b=2")
        #expect(storage.cookies(for: site).first?.isHTTPOnly == true)
    }

    @Test("different paths or domains are different cookies; a host-only and a domain cookie of one name replace")
    func identity() {
        let storage = storage()
        storage.store(setCookies: ["a=1", "a=2; Path=/docs"], from: site)
        #expect(storage.cookieHeader(for: URL(string: "https://example.com/docs/x")!) == "a=2; a=1")
        storage.store(setCookies: ["a=3; Domain=example.com"], from: site)
        #expect(storage.cookies(for: site).map(\.domain) == [".example.com"])
        #expect(storage.cookieHeader(for: site) == "a=3")
    }

    @Test("Max-Age and Expires expire the cookie when the clock passes them; Max-Age=0 or a past date deletes")
    func expiry() {
        // Given a cookie for 60 s and one until a fixed date
        let storage = storage()
        let expiry = clock.now + 120
        storage.store(
            setCookies: ["short=1; Max-Age=60", "long=1; Expires=\(Self.httpDate(expiry))", "session=1"], from: site)
        #expect(storage.cookies(for: site).count == 3)

        // When the clock passes each
        clock.advance(60)
        #expect(storage.cookies(for: site).map(\.name).sorted() == ["long", "session"])
        clock.advance(60)
        #expect(storage.cookies(for: site).map(\.name) == ["session"])

        // And deletions remove at once
        storage.store(setCookies: ["session=x; Max-Age=0"], from: site)
        #expect(storage.cookies(for: site).isEmpty)
        storage.store(setCookies: ["c=1", "c=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT"], from: site)
        #expect(storage.cookies(for: site).isEmpty)
    }

    @Test("a deletion only removes the cookie of the same name, domain and path")
    func scopedDeletion() {
        let storage = storage()
        storage.store(setCookies: ["a=1", "a=2; Path=/docs", "b=3"], from: site)
        storage.store(setCookies: ["a=; Path=/docs; Max-Age=0"], from: site)
        #expect(storage.cookieHeader(for: URL(string: "https://example.com/docs/x")!) == "a=1; b=3")
    }

    @Test("at most 50 cookies per domain: the oldest of that domain is evicted; other domains are untouched")
    func perDomainLimit() {
        // Given another domain's cookie, then 51 on example.com
        let storage = storage()
        storage.store(setCookies: ["other=1"], from: URL(string: "https://example.org/")!)
        for index in 0...50 {
            clock.advance(1)
            storage.store(setCookies: ["c\(index)=\(index)"], from: site)
        }

        // Then example.com keeps its 50 newest; example.org keeps its own
        let names = storage.cookies(for: site).map(\.name)
        #expect(names.count == 50)
        #expect(!names.contains("c0"))
        #expect(names.first == "c1")
        #expect(names.last == "c50")
        #expect(storage.cookies(for: URL(string: "https://example.org/")!).map(\.name) == ["other"])
    }

    @Test("at most 3000 cookies in all: the oldest is evicted")
    func totalLimit() {
        // Given 3001 cookies on 61 domains of 49 or fewer each
        let storage = storage()
        for index in 0...3000 {
            storage.store(setCookies: ["c\(index)=1"], from: URL(string: "https://d\(index / 49).example/")!)
        }

        // Then the very first is gone and the last two are kept
        #expect(storage.cookies(for: URL(string: "https://d0.example/")!).map(\.name).first == "c1")
        #expect(storage.cookies(for: URL(string: "https://d0.example/")!).count == 48)
        #expect(
            storage.cookies(for: URL(string: "https://d61.example/")!).map(\.name) == [
                "c2989", "c2990", "c2991", "c2992", "c2993", "c2994", "c2995", "c2996", "c2997", "c2998", "c2999",
                "c3000",
            ])
    }

    @Test("add, remove and removeAll: the public API follows the same rules")
    func publicAPI() {
        // Given a domain cookie and a host-only Secure one added by hand
        let storage = storage()
        storage.add(Cookie(name: "d", value: "1", domain: ".Example.com", sameSite: "Strict"))
        storage.add(Cookie(name: "h", value: "2", domain: "example.com", path: "/x", isSecure: true))

        // Then they are sent as their scope says
        #expect(storage.cookieHeader(for: URL(string: "https://www.example.com/x")!) == "d=1")
        #expect(storage.cookieHeader(for: URL(string: "https://example.com/x/y")!) == "h=2; d=1")
        #expect(storage.cookieHeader(for: URL(string: "http://example.com/x/y")!) == "d=1")
        #expect(
            storage.cookies(for: URL(string: "https://www.example.com/")!)
                == [Cookie(name: "d", value: "1", domain: ".example.com", sameSite: "Strict")])

        // When one is removed (the domain in any spelling), then all
        storage.remove(name: "d", domain: "EXAMPLE.com")
        #expect(storage.cookieHeader(for: URL(string: "https://example.com/x/y")!) == "h=2")
        storage.remove(name: "h", domain: "example.com")
        #expect(storage.cookieHeader(for: URL(string: "https://example.com/x/y")!) == "h=2")
        storage.remove(name: "h", domain: "example.com", path: "/x")
        #expect(storage.cookieHeader(for: URL(string: "https://example.com/x/y")!) == nil)
        storage.add(Cookie(name: "a", value: "1", domain: "example.com"))
        storage.add(Cookie(name: "", value: "1", domain: "example.com"))
        storage.add(Cookie(name: "b", value: "1", domain: "example.com", expires: clock.now - 1))
        #expect(storage.cookieHeader(for: site) == "a=1")
        storage.removeAll()
        #expect(storage.cookies(for: site).isEmpty)
    }

    @Test("concurrent stores and reads from many tasks lose nothing")
    func concurrency() async {
        let storage = CookieStorage.memory()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    storage.store(
                        setCookies: ["c\(index)=\(index)"], from: URL(string: "https://h\(index % 4).example/")!)
                    _ = storage.cookieHeader(for: URL(string: "https://h\(index % 4).example/")!)
                }
            }
        }
        let total = (0..<4).map { storage.cookies(for: URL(string: "https://h\($0).example/")!).count }
        #expect(total == [10, 10, 10, 10])
    }

    /// `date` as an RFC 1123 date.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
