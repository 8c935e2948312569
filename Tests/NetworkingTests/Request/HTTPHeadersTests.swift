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
}
