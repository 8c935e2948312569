import Networking
import NetworkingTestKit
import Testing

@Suite("HTTPHeaders", .timeLimit(.minutes(1)))
struct HTTPHeadersTests {
    @Test("names are case-insensitive and repeated fields are joined")
    func caseInsensitive() {
        var headers = HTTPHeaders(fields: [("Set-Cookie", "a=1"), ("set-cookie", "b=2"), ("Content-Type", "x")])

        #expect(headers["SET-COOKIE"] == "a=1, b=2")
        #expect(headers.values(for: "set-cookie") == ["a=1", "b=2"])
        #expect(Array(headers).map(\.name) == ["Set-Cookie", "set-cookie", "Content-Type"])

        headers["content-type"] = "application/json"
        headers["set-cookie"] = nil
        #expect(Array(headers).map(\.value) == ["application/json"])
        #expect(headers["Content-Type"] == "application/json")
    }

    @Test("dictionary literals and equality")
    func literal() {
        let headers: HTTPHeaders = ["Accept": "a", "accept": "b"]
        #expect(headers.count == 1)
        #expect(headers["ACCEPT"] == "b")
        #expect(headers == HTTPHeaders(fields: [("accept", "b")]))
        #expect(headers != HTTPHeaders(fields: [("accept", "c")]))
    }

    @Test("only letters fold: punctuation that differs by the case bit, lengths and non-ASCII names")
    func foldingRules() {
        let headers = HTTPHeaders(fields: [("X-A@", "1"), ("X-[", "2"), ("Ä-Name", "3"), ("X-Long", "4")])
        // "@" (0x40) and "`" (0x60), "[" (0x5B) and "{" (0x7B) differ only by the bit that folds letters.
        #expect(headers["x-a`"] == nil)
        #expect(headers["X-A@"] == "1")
        #expect(headers["x-{"] == nil)
        #expect(headers["x-["] == "2")
        // A name with other bytes than ASCII compares by its Unicode lowercase form.
        #expect(headers["ä-name"] == "3")
        #expect(headers["Ö-Name"] == nil)
        #expect(headers["X-Lon"] == nil)
        #expect(headers["x-longer"] == nil)
        #expect(headers.contains("X-LONG"))
    }
}
