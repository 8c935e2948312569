import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("CurlTransport failures, timeouts and cancellation", .timeLimit(.minutes(1)))
struct CurlTransportFailureTests {
    @Test("nothing listening: connectionRefused naming the URL")
    func connectionRefused() async throws {
        // Given a port bound but not listening, so no server started meanwhile can take it
        let closedPort = try ClosedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(closedPort.port)/gone"))

        // When a request is sent there
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport().send(HTTPRequest(method: .get, url: url, timeout: 5))
        }

        // Then it is a refused connection and the message names the URL
        #expect(error?.code == .connectionRefused)
        #expect(error?.message.contains(url.absoluteString) == true)
        withExtendedLifetime(closedPort) {}
    }

    @Test("a name that cannot be resolved: hostNotFound naming the URL")
    func hostNotFound() async throws {
        // Given a transport that looks names up over DNS-over-HTTPS at a closed 127.0.0.1 port, so every lookup
        // fails there (libcurl never falls back to the system's resolver: no query leaves the machine)
        let closedPort = try ClosedPort()
        let resolver = try #require(URL(string: "https://127.0.0.1:\(closedPort.port)/dns-query"))
        let transport = CurlTransport(dnsOverHTTPS: resolver)
        let url = try #require(URL(string: "http://api.example.test/books"))

        // When a request names a host
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(HTTPRequest(method: .get, url: url, timeout: 5))
        }

        // Then it is hostNotFound, and the message names the URL
        #expect(error?.code == .hostNotFound)
        #expect(error?.message.contains(url.absoluteString) == true)
        #expect(transport.liveTransferCount == 0)
        withExtendedLifetime(closedPort) {}
    }

    @Test("with dnsOverHTTPS, names are looked up at that resolver")
    func lookupsGoToTheResolver() async throws {
        // Given a TLS server on 127.0.0.1 as the resolver (its certificate is not trusted, so no lookup succeeds)
        let resolver = try MockServer(tls: TransportFixtures.certificate("resolver"))
        defer { resolver.shutdown() }
        let transport = CurlTransport(dnsOverHTTPS: resolver.url("/dns-query"))
        let url = try #require(URL(string: "http://api.example.test/books"))

        // When a request names a host
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(HTTPRequest(method: .get, url: url, timeout: 5))
        }

        // Then libcurl connected to the resolver to look the name up, and could not resolve it
        #expect(transport.dnsOverHTTPS == resolver.url("/dns-query"))
        #expect(error?.code == .hostNotFound)
        #expect(resolver.connectionCount >= 1)
    }

    @Test("a pinned request on a transport with dnsOverHTTPS is refused before anything is sent")
    func pinningWithDNSOverHTTPSIsRefused() async throws {
        // Given a pinned server, and a transport resolving names over HTTPS
        let certificate = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        let closedPort = try ClosedPort()
        let resolver = try #require(URL(string: "https://127.0.0.1:\(closedPort.port)/dns-query"))
        let transport = CurlTransport(dnsOverHTTPS: resolver)

        // When a request pinned to the server's certificate is sent through it
        let error = await #expect(throws: RepositoryError.self) {
            try await transport.send(
                TransportFixtures.request(server, pinning: .certificates([certificate.der])))
        }

        // Then it is invalidParameters saying why, and the server saw no connection
        guard case .invalidParameters(let reason)? = error else {
            Issue.record("expected invalidParameters, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("dnsOverHTTPS"))
        #expect(server.connectionCount == 0)
        withExtendedLifetime(closedPort) {}
    }

    @Test(
        "dropped connections and garbage map to their codes",
        arguments: [
            (MockResponse(status: 200, text: "x").failing(.disconnectAtStart), TransportError.Code.connectionLost),
            (MockResponse(status: 200, text: "a long body").failing(.disconnectDuringBody), .connectionLost),
            (MockResponse.raw(Data("garbage\r\n\r\n".utf8)), .invalidResponse),
        ])
    func faultsMapToCodes(response: MockResponse, expected: TransportError.Code) async throws {
        // Given a server answering with the fault
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(response)
        let transport = CurlTransport()

        // When a request is sent
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(TransportFixtures.request(server))
        }

        // Then the code is the expected one
        #expect(error?.code == expected)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a stalled server times out close to the budget, as RepositoryError.timeout")
    func timeout() async throws {
        // Given a server that never answers
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200).failing(.stall))
        let transport = CurlTransport()

        // When a request with a 0.5 s budget is sent
        let (result, seconds) = await TransportFixtures.measure {
            await TransportFixtures.outcome {
                try await transport.send(TransportFixtures.request(server, timeout: 0.5))
            }
        }

        // Then it fails with .timeout, not before the budget and well before the budget plus slack
        #expect(TransportFixtures.isTimeout(result), "expected RepositoryError.timeout, got \(result)")
        #expect(seconds >= 0.45)
        #expect(seconds < 0.5 + TestTime.bound(5))
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a slow body exceeding the budget times out too (the budget is for the whole request)")
    func slowBodyTimesOut() async throws {
        // Given a response trickling at 20 bytes/s
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, body: Data(repeating: 1, count: 200)).throttled(bytesPerSecond: 20))

        // When a request with a 0.6 s budget is sent
        let (result, seconds) = await TransportFixtures.measure {
            await TransportFixtures.outcome {
                try await CurlTransport().send(TransportFixtures.request(server, timeout: 0.6))
            }
        }

        // Then it times out although bytes kept arriving (the whole response would take over 10 s), not before the
        // budget and well before the budget plus slack
        #expect(TransportFixtures.isTimeout(result), "expected RepositoryError.timeout, got \(result)")
        #expect(seconds >= 0.55)
        #expect(seconds < 0.6 + TestTime.bound(5))
    }

    @Test("cancelling the task removes the transfer at once and throws CancellationError")
    func cancellation() async throws {
        // Given a request in flight to a server that never answers
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200).failing(.stall))
        let transport = CurlTransport()
        let task = Task {
            try await transport.send(TransportFixtures.request(server, timeout: 30))
        }
        #expect(await TransportFixtures.eventually { server.requestCount == 1 })

        // When the task is cancelled (a probe thread, outside the cooperative pool, times the removal)
        let removal = RemovalProbe { transport.liveTransferCount == 0 }
        let (result, seconds) = await TransportFixtures.measure {
            task.cancel()
            return await task.result
        }

        // Then the transfer was removed at once and the task threw CancellationError. The time until the
        // task itself resumes also includes waiting for a cooperative thread, which other tests may block.
        #expect(throws: CancellationError.self) { try result.get() }
        let removalSeconds = try #require(await removal.seconds())
        #expect(removalSeconds < TestTime.bound(3))
        #expect(seconds < TestTime.bound(5))
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a task cancelled before sending never connects")
    func cancelledBeforeStart() async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }
        let transport = CurlTransport()

        // When a request is sent from an already cancelled task
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(TransportFixtures.request(server))
        }

        // Then it throws CancellationError without a connection
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.connectionCount == 0)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("many concurrent requests, some cancelled: those throw CancellationError, the others succeed")
    func concurrentRequestsAndCancellations() async throws {
        // Given a server answering after a short delay, except requests for /cancelled/…, which it never answers
        // (so a cancelled request cannot succeed, whenever its cancellation lands)
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { request in
            request.path.hasPrefix("/cancelled/")
                ? MockResponse(status: 200).failing(.stall) : MockResponse(status: 200, text: "ok").delayed(by: 0.05)
        }
        let transport = CurlTransport()

        // When 40 requests run at once and every fourth is cancelled
        let cancelled = Set(stride(from: 0, to: 40, by: 4))
        let tasks = (0..<40).map { index in
            Task {
                let path = cancelled.contains(index) ? "/cancelled/\(index)" : "/ok/\(index)"
                return try await transport.send(TransportFixtures.request(server, path)).statusCode
            }
        }
        for index in cancelled {
            tasks[index].cancel()
        }
        var outcomes: [Result<Int, any Error>] = []
        for task in tasks {
            outcomes.append(await task.result)
        }

        // Then every cancelled request threw CancellationError, every other one got its 200, and nothing is left
        // in flight
        for (index, outcome) in outcomes.enumerated() {
            if cancelled.contains(index) {
                #expect(throws: CancellationError.self, "request \(index)") { try outcome.get() }
            } else {
                #expect(try outcome.get() == 200, "request \(index)")
            }
        }
        #expect(transport.liveTransferCount == 0)
    }

}
