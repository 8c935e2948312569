import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer over plain HTTP", .timeLimit(.minutes(1)))
    struct MockServerTests {
        @Test func queuedResponsesAnswerInOrder() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200, text: "first"))
            server.enqueue(MockResponse(status: 201, headers: ["X-Order": "2"], text: "second"))

            // When
            let responses = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return try [client.request("/a"), client.request("/b")].map {
                    ($0.status, $0.text, $0.headers["X-Order"])
                }
            }

            // Then
            #expect(responses.map(\.0) == [200, 201])
            #expect(responses.map(\.1) == ["first", "second"])
            #expect(responses[1].2 == "2")
            #expect(server.queuedResponseCount == 0)
        }

        @Test func emptyQueueAnswers404ThatSaysWhy() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }

            // When
            let response = try await onThread { try TestHTTPClient(port: server.port).request("/missing") }

            // Then
            #expect(response.status == 404)
            #expect(response.text.contains("no response enqueued"))
            #expect(response.text.contains("GET /missing"))
        }

        @Test func dispatcherAnswersEveryRequestInsteadOfTheQueue() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 500))
            server.dispatcher = { request in
                MockResponse(status: 200, json: #"{"path": "\#(request.path)"}"#)
            }

            // When
            let bodies = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return try [client.request("/one").text, client.request("/two?x=1").text]
            }

            // Then
            #expect(bodies == [#"{"path": "/one"}"#, #"{"path": "/two"}"#])
            #expect(server.queuedResponseCount == 1)
            #expect(server.dispatcher != nil)
        }

        @Test func keepAliveCarriesTwoRequestsOnOneConnection() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(text: "1"))
            server.enqueue(MockResponse(text: "2"))

            // When
            let statuses = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return try [client.request("/1").status, client.request("/2").status]
            }
            let first = try await server.takeRequest()
            let second = try await server.takeRequest()

            // Then
            #expect(statuses == [200, 200])
            #expect(server.connectionCount == 1)
            #expect(server.requestCount == 2)
            #expect(first.connectionIndex == second.connectionIndex)
        }

        @Test func connectionCloseIsHonoured() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(text: "bye"))

            // When
            let (response, rest) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                let response = try client.request("/", headers: ["Connection": "close"])
                return (response, try client.readToEnd())
            }

            // Then
            #expect(response.headers["Connection"] == "close")
            #expect(response.text == "bye")
            #expect(rest.isEmpty)
        }

        @Test func takeRequestReturnsMethodPathQueryHeadersAndBody() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 201))
            let body = Data(#"{"title": "Dune"}"#.utf8)

            // When
            _ = try await onThread {
                try TestHTTPClient(port: server.port).request(
                    "/books/1?page=2&q=a%20b", method: "POST",
                    headers: ["Content-Type": "application/json", "X-Trace": "7"],
                    body: body)
            }
            let recorded = try await server.takeRequest(timeout: 2)

            // Then
            #expect(recorded.method == "POST")
            #expect(recorded.path == "/books/1")
            #expect(recorded.query == "page=2&q=a%20b")
            #expect(recorded.target == "/books/1?page=2&q=a%20b")
            #expect(recorded.queryItems.map(\.value) == ["2", "a b"])
            #expect(recorded.headers["content-type"] == "application/json")
            #expect(recorded.headers["X-Trace"] == "7")
            #expect(recorded.body == body)
            #expect(recorded.version == "HTTP/1.1")
        }

        @Test func chunkedRequestBodyIsDecoded() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 204))

            // When
            let status = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send(
                    "PUT /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n")
                return try client.readResponse().status
            }
            let recorded = try await server.takeRequest()

            // Then
            #expect(status == 204)
            #expect(recorded.bodyString == "hello, world")
        }

        @Test func bytesReceivedCountsEveryRequestByte() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            let request = "POST /count HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabcde"

            // When
            _ = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send(request)
                return try client.readResponse().status
            }

            // Then
            #expect(server.bytesReceived == request.utf8.count)
        }

        @Test func malformedRequestGets400AndTheConnectionCloses() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }

            // When
            let (response, rest) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("THIS IS NOT HTTP\r\n\r\n")
                return (try client.readResponse(), try client.readToEnd())
            }

            // Then
            #expect(response.status == 400)
            #expect(response.text.contains("request line"))
            #expect(rest.isEmpty)
            #expect(server.requestCount == 0)
        }

        @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { MockResponse(text: $0.path) }

            // When
            let bodies = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET /x HTTP/1.1\r\nHost: a\r\n\r\nGET /y HTTP/1.1\r\nHost: a\r\n\r\n")
                return [try client.readResponse().text, try client.readResponse().text]
            }

            // Then
            #expect(bodies == ["/x", "/y"])
            #expect(server.connectionCount == 1)
        }

        @Test func expectContinueGetsAnInterimResponse() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200))

            // When
            let interim = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("POST /big HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
                let interim = try client.readResponse(toHead: true, skipInterim: false)
                try client.send("xyz")
                _ = try client.readResponse()
                return interim.status
            }
            let recorded = try await server.takeRequest()

            // Then
            #expect(interim == 100)
            #expect(recorded.bodyString == "xyz")
        }

        @Test func headResponseAnnouncesTheBodyWithoutSendingIt() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(text: "twelve bytes") }

            // When
            let (head, next) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return (try client.request("/", method: "HEAD"), try client.request("/"))
            }

            // Then
            #expect(head.headers["Content-Length"] == "12")
            #expect(next.text == "twelve bytes")
        }

        @Test func takeRequestTimesOutWithAClearError() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }

            // When
            let error = await #expect(throws: MockServerError.self) {
                try await server.takeRequest(timeout: 0.1)
            }

            // Then
            #expect(error?.code == .timeout)
            #expect(error?.message.contains("within 0.1 s") == true)
        }

        @Test func repeatedHeaderFieldsAreSentRepeatedly() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200, headerFields: [("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")]))

            // When
            let response = try await onThread { try TestHTTPClient(port: server.port).request("/") }

            // Then
            #expect(response.headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
            #expect(response.headers["Content-Length"] == "0")
        }

        @Test func baseURLAndURLPointAtTheServer() throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }

            // Then
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            #expect(server.url("/books?page=2").absoluteString == "http://127.0.0.1:\(server.port)/books?page=2")
            #expect(server.certificateDER == nil)
            #expect(server.port > 0)
        }
    }
}
