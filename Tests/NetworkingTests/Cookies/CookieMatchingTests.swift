import Foundation
import Testing

@testable import Networking

@Suite("Cookie domain, path and scheme matching (RFC 6265 §5.1.3, §5.1.4, §5.3, §5.4)", .timeLimit(.minutes(1)))
struct CookieMatchingTests {
    /// A storage holding the cookie `field` set by a response from `origin`.
    func storage(_ field: String, from origin: String) throws -> CookieStorage {
        let storage = CookieStorage.memory()
        storage.store(setCookies: [field], from: try #require(URL(string: origin)))
        return storage
    }

    @Test(
        "domain-match",
        arguments: [
            ("example.com", "example.com", true),
            ("www.example.com", "example.com", true),
            ("a.b.example.com", "example.com", true),
            ("badexample.com", "example.com", false),
            ("example.com", "www.example.com", false),
            ("example.com.evil", "example.com", false),
            ("127.0.0.1", "127.0.0.1", true),
            ("1.2.3.4", "2.3.4", false),
        ])
    func domainMatch(host: String, domain: String, matches: Bool) {
        #expect(CookieMatching.domainMatches(host, domain) == matches)
    }

    @Test(
        "path-match",
        arguments: [
            ("/", "/", true),
            ("/docs", "/", true),
            ("/docs", "/docs", true),
            ("/docs/", "/docs", true),
            ("/docs/page", "/docs", true),
            ("/docs/page", "/docs/", true),
            ("/docsearch", "/docs", false),
            ("/doc", "/docs", false),
            ("/", "/docs", false),
            ("/Docs", "/docs", false),
        ])
    func pathMatch(requestPath: String, cookiePath: String, matches: Bool) {
        #expect(CookieMatching.pathMatches(requestPath, cookiePath) == matches)
    }

    @Test(
        "default path (§5.1.4): the request path up to its last /",
        arguments: [
            ("http://h", "/"), ("http://h/", "/"), ("http://h/login", "/"), ("http://h/a/b/login?x=1", "/a/b"),
            ("http://h/a/b/", "/a/b"), ("http://h/a%20b/c", "/a%20b"),
        ])
    func defaultPath(url: String, path: String) throws {
        #expect(CookieMatching.defaultPath(of: try #require(URL(string: url))) == path)
    }

    @Test("a cookie without Path gets the default path and is sent under it only")
    func cookieWithoutPath() throws {
        let storage = try storage("s=1", from: "http://example.com/account/login")
        #expect(storage.cookies(for: try #require(URL(string: "http://example.com/account/orders"))).count == 1)
        #expect(storage.cookies(for: try #require(URL(string: "http://example.com/account"))).count == 1)
        #expect(storage.cookies(for: try #require(URL(string: "http://example.com/other"))).isEmpty)
        #expect(storage.cookies(for: try #require(URL(string: "http://example.com/accounts"))).isEmpty)
    }

    @Test(
        "Domain attribute: kept when the host is in it; refused when not, a bare top-level name, or another IP",
        arguments: [
            ("a=1; Domain=example.com", "http://www.example.com/", ".example.com"),
            ("a=1; Domain=.example.com", "http://www.example.com/", ".example.com"),
            ("a=1; Domain=EXAMPLE.com", "http://example.com/", ".example.com"),
            ("a=1", "http://WWW.Example.com/", "www.example.com"),  // none: host-only
            ("a=1; Domain=other.com", "http://www.example.com/", nil),
            ("a=1; Domain=www.example.com", "http://example.com/", nil),
            ("a=1; Domain=ample.com", "http://example.com/", nil),
            ("a=1; Domain=com", "http://example.com/", nil),
            ("a=1; Domain=.com", "http://example.com/", nil),
            ("a=1; Domain=localhost", "http://localhost/", "localhost"),
            ("a=1; Domain=127.0.0.1", "http://127.0.0.1/", "127.0.0.1"),
            ("a=1; Domain=127.0.0.2", "http://127.0.0.1/", nil),
            ("a=1; Domain=0.0.1", "http://127.0.0.1/", nil),
            ("a=1; Domain=1.2.3.4", "http://example.com/", nil),
        ] as [(String, String, String?)])
    func domainAttribute(field: String, origin: String, storedDomain: String?) throws {
        // When the response of `origin` sets the cookie
        let storage = try storage(field, from: origin)

        // Then it is stored with the expected public domain, or refused
        let cookies = storage.cookies(for: try #require(URL(string: origin)))
        #expect(cookies.map(\.domain) == (storedDomain.map { [$0] } ?? []))
    }

    @Test(
        "host-only cookies go to their host only; domain cookies to the domain and every host under it",
        arguments: [
            ("http://example.com/", true, true),
            ("http://www.example.com/", false, true),
            ("http://a.b.example.com/", false, true),
            ("http://notexample.com/", false, false),
            ("http://example.org/", false, false),
        ])
    func hostOnlyAndDomainCookies(target: String, sendsHostOnly: Bool, sendsDomain: Bool) throws {
        // Given a host-only and a domain cookie set by example.com
        let storage = try storage("hostonly=1", from: "http://example.com/")
        storage.store(
            setCookies: ["domain=1; Domain=example.com"], from: try #require(URL(string: "http://example.com/")))

        // When the cookies for `target` are asked
        let names = storage.cookies(for: try #require(URL(string: target))).map(\.name)

        // Then each is sent where its scope says
        #expect(names.contains("hostonly") == sendsHostOnly)
        #expect(names.contains("domain") == sendsDomain)
    }

    @Test("a Secure cookie is refused from http, kept from https, and never sent over http")
    func secure() throws {
        // Given a Secure cookie set over http, and one over https
        let storage = try storage("fromhttp=1; Secure", from: "http://example.com/")
        storage.store(
            setCookies: ["fromhttps=1; Secure", "plain=1"], from: try #require(URL(string: "https://example.com/")))

        // Then the one from http was refused; the other goes over https only; a plain cookie goes over both
        #expect(
            storage.cookies(for: try #require(URL(string: "https://example.com/"))).map(\.name).sorted() == [
                "fromhttps", "plain",
            ])
        #expect(storage.cookies(for: try #require(URL(string: "http://example.com/"))).map(\.name) == ["plain"])
    }

    @Test(
        "the __Secure- and __Host- prefixes are refused unless their attributes keep the promise",
        arguments: [
            ("__Secure-a=1; Secure", true),
            ("__Secure-a=1", false),
            ("__Host-a=1; Secure; Path=/", true),
            ("__Host-a=1; Secure", false),  // no Path: the default path /a
            ("__Host-a=1; Path=/", false),
            ("__Host-a=1; Secure; Path=/; Domain=example.com", false),
        ])
    func prefixes(field: String, kept: Bool) throws {
        let storage = try storage(field, from: "https://example.com/a/login")
        #expect(storage.cookies(for: try #require(URL(string: "https://example.com/a/b"))).isEmpty == !kept)
    }

    @Test("ports play no part: a cookie set on one port is sent to every port of the host")
    func portsIgnored() throws {
        let storage = try storage("a=1", from: "http://example.com:8080/")
        #expect(storage.cookies(for: try #require(URL(string: "http://example.com:9090/x"))).map(\.name) == ["a"])
        #expect(storage.cookies(for: try #require(URL(string: "http://example.com/x"))).map(\.name) == ["a"])
    }

    @Test("a response from a URL without a host stores nothing")
    func noHost() throws {
        let storage = try storage("a=1", from: "file:///tmp/x")
        #expect(storage.cookies(for: try #require(URL(string: "file:///tmp/x"))).isEmpty)
    }
}
