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
}
