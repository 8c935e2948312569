import Foundation
import Networking
import Testing

@testable import NetworkingTestKit

extension TestKit {
    @Suite("HTTPRequestParser", .timeLimit(.minutes(1)))
    struct HTTPRequestParserTests {
        @Test func requestFedByteByByteIsParsedOnce() throws {
            // Given
            var parser = HTTPRequestParser(connectionIndex: 3)
            let bytes = Array(
                "POST /a?b=c HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nX: 1\r\nX: 2\r\n\r\nbodyGET".utf8)
            var requests: [RecordedRequest] = []

            // When
            for byte in bytes {
                parser.append([byte])
                while let request = try parser.next() {
                    requests.append(request)
                }
            }

            // Then
            #expect(requests.count == 1)
            #expect(requests.first?.bodyString == "body")
            #expect(requests.first?.headers.values(for: "x") == ["1", "2"])
            #expect(requests.first?.connectionIndex == 3)
        }

        @Test(arguments: [
            ("GET / HTTP/2.0\r\n\r\n", "unsupported HTTP version"),
            ("GET /\r\n\r\n", "malformed request line"),
            ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", "without a colon"),
            ("GET / HTTP/1.1\r\nBad Name: v\r\n\r\n", "malformed header field name"),
            ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "malformed Content-Length"),
            ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "malformed Content-Length"),
            ("POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", "both"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", "unsupported Transfer-Encoding"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "malformed chunk size"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nabc", "not followed by CRLF"),
        ])
        func malformedRequestsAreRejected(request: String, reason: String) {
            // Given
            var parser = HTTPRequestParser(connectionIndex: 0)
            parser.append(Array(request.utf8))

            // When
            let error = #expect(throws: HTTPParseError.self) { try parser.next() }

            // Then
            #expect(error?.message.contains(reason) == true)
        }

        @Test("a method byte no method may hold is rejected before the line ends, as a TLS hello is")
        func impossibleMethodByteIsRejectedAtOnce() {
            // Given the first bytes of a TLS ClientHello, and a request whose method is still arriving
            var hello = HTTPRequestParser(connectionIndex: 0)
            hello.append([0x16, 0x03, 0x01, 0x02, 0x00, 0x01])
            var partial = HTTPRequestParser(connectionIndex: 0)
            partial.append(Array("PO".utf8))

            // When they are parsed, no line end having arrived
            let error = #expect(throws: HTTPParseError.self) { try hello.next() }

            // Then the hello is refused at once, naming the byte, and the partial method waits for more
            #expect(error?.message.contains("malformed method: byte 0x16") == true)
            #expect(error?.message.contains("TLS") == true)
            #expect(throws: Never.self) { try partial.next() }
        }

        @Test func oversizedRequestLineAndHeadAreRejected() {
            // Given
            var longLine = HTTPRequestParser(connectionIndex: 0)
            longLine.append(Array(("GET /" + String(repeating: "a", count: 9000)).utf8))
            var manyFields = HTTPRequestParser(connectionIndex: 0)
            manyFields.append(Array(("GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 101) + "\r\n").utf8))

            // When / Then
            #expect(throws: HTTPParseError.self) { try longLine.next() }
            #expect(throws: HTTPParseError.self) { try manyFields.next() }
        }

        @Test func absoluteFormTargetIsSplitIntoPathAndQuery() {
            // Given / When
            let request = RecordedRequest(method: "GET", target: "http://127.0.0.1:8080/books?page=1")
            let bare = RecordedRequest(method: "GET", target: "http://host?x")

            // Then
            #expect(request.path == "/books")
            #expect(request.query == "page=1")
            #expect(bare.path == "/")
            #expect(bare.query == "x")
        }
    }
}
