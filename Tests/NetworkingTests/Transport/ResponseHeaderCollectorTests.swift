import Testing

@testable import Networking

@Suite("Response header collection", .timeLimit(.minutes(1)))
struct ResponseHeaderCollectorTests {
    private func collect(_ lines: [String]) -> [String] {
        var collector = ResponseHeaderCollector()
        for line in lines {
            Array(line.utf8).withUnsafeBytes { collector.consume($0) }
        }
        return collector.fields.map { "\($0.name)=\($0.value)" }
    }

    @Test("a new status line starts over; order, repeats and folded lines are kept")
    func collects() {
        let fields = collect([
            "HTTP/1.1 100 Continue\r\n", "X-Early: 1\r\n", "\r\n", "HTTP/1.1 200 OK\r\n", "A:  one \r\n",
            "B: x\r\n", "A: two\r\n", " folded\r\n", "\r\n",
        ])
        #expect(fields == ["A=one", "B=x", "A=two folded"])
    }

    @Test("HTTP/2 status lines, empty values and bytes that are not UTF-8")
    func oddLines() {
        var collector = ResponseHeaderCollector()
        [UInt8]("HTTP/2 200\r\n".utf8).withUnsafeBytes { collector.consume($0) }
        [UInt8]("X-Empty:\r\n".utf8).withUnsafeBytes { collector.consume($0) }
        ([UInt8]("X-Latin: caf".utf8) + [0xE9, 13, 10]).withUnsafeBytes { collector.consume($0) }
        #expect(collector.fields.map(\.value) == ["", "café"])
    }

    @Test("ASCII lines and UTF-8 lines come out as written; many fields keep their order")
    func asciiAndUTF8() {
        var lines = ["HTTP/1.1 200 OK\r\n", "Content-Type: application/json; charset=utf-8\r\n", "X-Name: Zoë\r\n"]
        lines += (1...20).map { "X-\($0): value \($0)\r\n" }
        let fields = collect(lines)
        #expect(fields.count == 22)
        #expect(fields.prefix(2) == ["Content-Type=application/json; charset=utf-8", "X-Name=Zoë"])
        #expect(fields.last == "X-20=value 20")
    }

    @Test("received headers read, change and compare like headers built from fields, from many tasks at once")
    func lazyHeaders() async {
        // Given
        var collector = ResponseHeaderCollector()
        for line in [
            "HTTP/1.1 200 OK\r\n", "Set-Cookie: a=1\r\n", "Content-Type: text/plain\r\n", "set-cookie: b=2\r\n",
        ] {
            Array(line.utf8).withUnsafeBytes { collector.consume($0) }
        }
        let received = collector.headers
        let built = HTTPHeaders(fields: [
            (name: "Set-Cookie", value: "a=1"), (name: "Content-Type", value: "text/plain"),
            (name: "set-cookie", value: "b=2"),
        ])
        // When: many tasks read the same received headers first
        let reads = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<32 {
                group.addTask { received["SET-COOKIE"] }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        var changed = received
        changed["Content-Type"] = "application/json"
        changed.add(name: "X-New", value: "1")
        // Then
        #expect(Set(reads) == ["a=1, b=2"])
        #expect(received == built)
        #expect(received.count == 3)
        #expect(received.map(\.name) == ["Set-Cookie", "Content-Type", "set-cookie"])
        #expect(received["content-type"] == "text/plain")  // the copy's change leaves the original as received
        #expect(changed["content-type"] == "application/json")
        #expect(changed.count == 4)
        #expect(changed != received)
    }

    @Test("a last line without its line ending is still a field; an empty section is empty headers")
    func lastLineWithoutEnding() {
        // Given
        var collector = ResponseHeaderCollector()
        let empty = collector.headers
        for line in ["HTTP/1.1 200 OK\r\n", "A: 1\r\n", "B: 2"] {
            Array(line.utf8).withUnsafeBytes { collector.consume($0) }
        }
        // When
        let headers = collector.headers
        // Then
        #expect(empty.isEmpty)
        #expect(headers.map { "\($0.name)=\($0.value)" } == ["A=1", "B=2"])
        #expect(ReceivedHeaderLines.parse(Array("C: 3".utf8)).map(\.value) == ["3"])
    }
}
