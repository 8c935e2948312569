import CCurl
import CNetworkingShim
import Foundation

extension CurlWebSocketConnection {
    /// The largest upgrade answer header section accepted.
    static let maximumUpgradeHeaderSize = 64 * 1024
    /// The most body bytes kept from a refused upgrade (the error's body).
    static let maximumRefusalBodySize = 1 << 20

    /// Submits the connection, or resumes `continuation` with `CancellationError` if it was cancelled already.
    /// - Parameters:
    ///   - continuation: Resumed once with the upgrade's answer (101 or the refusal) or the error.
    ///   - loop: The event loop.
    func start(_ continuation: TransferContinuation, on loop: CurlEventLoop) {
        let cancelled = opening.withLock { state -> Bool in
            guard case .idle = state else {
                state = .finished
                return true
            }
            state = .running(continuation)
            waker.attach(loop)
            loop.submit(self)
            return false
        }
        if cancelled {
            continuation.resume(throwing: CancellationError())
        }
    }

    /// Cancels the opening: before the start it never starts; while connecting or upgrading the loop ends it.
    /// - Parameter loop: The event loop.
    func cancelOpening(on loop: CurlEventLoop) {
        opening.withLock { state in
            switch state {
            case .idle: state = .cancelledBeforeStart
            case .running: loop.requestCancellation(of: self)
            case .cancelledBeforeStart, .finished: break
            }
        }
    }

    /// Resumes the opening task once; later calls do nothing.
    func resumeOpening(_ result: Result<HTTPResponse, any Error>) {
        let continuation = opening.withLock { state -> TransferContinuation? in
            guard case .running(let continuation) = state else {
                return nil
            }
            state = .finished
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// Whether the opening task is still waiting for the upgrade's answer.
    var isOpening: Bool {
        opening.withLock { state in
            if case .running = state { return true }
            return false
        }
    }

    /// curl finished connecting (loop thread). On success the upgrade is sent at once (trap 3).
    /// - Parameter code: curl's result for the connect-only transfer.
    func connected(_ code: CURLcode) {
        guard code == CURLE_OK else {
            let error: any Error =
                pinCheck?.recordedError
                ?? CurlFailure.error(
                    for: code, url: url, detail: curlReason(code), exceededLimit: false, limit: 0,
                    pinned: pinCheck != nil)
            end(opening: error)
            return
        }
        socket = Int32(ns_curl_easy_active_socket(handle))
        guard socket >= 0 else {
            end(opening: TransportError(code: .other, message: "libcurl gave no socket for \(url.absoluteString)"))
            return
        }
        phase = .upgrading
        // A first read makes curl attach the TLS connection to the handle (trap 2: until then it has no SSL
        // pointer), so the peer can be checked again before a byte of the upgrade leaves.
        guard readUpgradeBytes() else {
            return
        }
        if let pinCheck {
            guard let ssl = ns_curl_easy_tls_ssl(handle), pinCheck.verify(connection: ssl) else {
                if pinCheck.recordedError == nil {
                    pinCheck.record(.noPinMatched("the connection does not use TLS"), servedPins: [])
                }
                end(opening: pinCheck.recordedError ?? TransportError(code: .tlsHandshakeFailed, message: "pinning"))
                return
            }
        }
        append(handshake.requestBytes)
        guard flush() else {
            end(opening: failure ?? TransportError(code: .connectionLost, message: "upgrade not sent"))
            return
        }
        serviceUpgrade(now: .now)
    }

    /// Reads and checks the upgrade's answer (loop thread, phase `upgrading`).
    func serviceUpgrade(now: ContinuousClock.Instant) {
        guard flush() else {
            end(opening: failure ?? TransportError(code: .connectionLost, message: "upgrade not sent"))
            return
        }
        _ = readUpgradeBytes()
        if phase == .upgrading, now >= deadline {
            end(opening: RepositoryError.timeout)
        }
    }

    /// Reads what the socket has into ``handshakeBuffer``, parsing the answer's head as soon as it is complete, and
    /// a refusal's body until it is complete.
    /// - Returns: `false` when the connection ended (the opening was resumed).
    private func readUpgradeBytes() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while phase == .upgrading {
            if let head = upgradeHead, head.status != 101, refusalBodyComplete(head, atEnd: false) {
                finishRefusal(head)
                return false
            }
            var received = 0
            let code = chunk.withUnsafeMutableBytes { raw in
                curl_easy_recv(handle, raw.baseAddress, raw.count, &received)
            }
            if code == CURLE_AGAIN {
                return true
            }
            guard code == CURLE_OK, received > 0 else {
                if code == CURLE_OK, let head = upgradeHead, head.status != 101 {
                    finishRefusal(head)  // the body ended with the connection
                } else {
                    let reason =
                        code == CURLE_OK
                        ? "the server closed the connection without a complete answer" : curlReason(code)
                    end(
                        opening: TransportError(
                            code: .connectionLost,
                            message: "WebSocket upgrade of \(url.absoluteString) failed: \(reason)"))
                }
                return false
            }
            handshakeBuffer.append(contentsOf: chunk[0..<received])
            if upgradeHead == nil {
                guard
                    handshakeBuffer.count <= Self.maximumUpgradeHeaderSize || Self.headerEnd(in: handshakeBuffer) != nil
                else {
                    end(opening: CurlFailure.headerSectionTooLarge(url: url, limit: Self.maximumUpgradeHeaderSize))
                    return false
                }
                parseUpgradeHead()
            }
        }
        return phase == .open
    }

    /// Parses the status line and header fields once the blank line arrived; a 101 opens the socket.
    private func parseUpgradeHead() {
        guard phase == .upgrading, let end = Self.headerEnd(in: handshakeBuffer) else {
            return
        }
        var collector = ResponseHeaderCollector()
        var status = 0
        let head = handshakeBuffer[0..<end]
        var lineStart = head.startIndex
        for index in head.indices where head[index] == 10 {
            let line = head[lineStart...index]
            if lineStart == head.startIndex {
                status = Self.statusCode(ofLine: Array(line))
            }
            line.withUnsafeBytes { collector.consume($0) }
            lineStart = index + 1
        }
        guard status >= 100 && status <= 999 else {
            self.end(
                opening: TransportError(
                    code: .invalidResponse,
                    message: "WebSocket upgrade of \(url.absoluteString) failed: the answer is not HTTP/1.1"))
            return
        }
        let headers = HTTPHeaders(fields: collector.fields)
        upgradeHead = (status, headers, end)
        guard status == 101 else {
            return
        }
        let response = HTTPResponse(statusCode: 101, headers: headers, body: Data(), url: handshake.request.url)
        do {
            let selected = try handshake.validate(response)
            negotiatedProtocol.withLock { $0 = selected }
        } catch {
            self.end(opening: error)
            return
        }
        leftover = Array(handshakeBuffer[end...])
        handshakeBuffer = []
        do {
            try startFraming()
        } catch {
            self.end(opening: error)
            return
        }
        phase = .open
        trace?.event("opened")
        resumeOpening(.success(response))
    }

    /// Whether a refused upgrade's body has arrived, by `Content-Length`, chunked framing or the end of the stream.
    private func refusalBodyComplete(_ head: (status: Int, headers: HTTPHeaders, headerLength: Int), atEnd: Bool)
        -> Bool
    {
        let body = handshakeBuffer.count - head.headerLength
        if head.status == 204 || head.status == 304 || (100..<200).contains(head.status) {
            return true
        }
        if body >= Self.maximumRefusalBodySize {
            return true
        }
        if let length = Self.contentLength(head.headers) {
            return body >= length
        }
        if HeaderList.members(head.headers.values(for: "Transfer-Encoding"), lowercased: true).last == "chunked" {
            return ChunkedBody.decode(Array(handshakeBuffer[head.headerLength...])) != nil
        }
        return atEnd
    }

    /// Hands a refused upgrade's answer to the opening task (the pipeline maps its status) and ends the connection.
    private func finishRefusal(_ head: (status: Int, headers: HTTPHeaders, headerLength: Int)) {
        var body = Array(handshakeBuffer[head.headerLength...])
        if HeaderList.members(head.headers.values(for: "Transfer-Encoding"), lowercased: true).last == "chunked" {
            body = ChunkedBody.decode(body) ?? body
        }
        if let length = Self.contentLength(head.headers), body.count > length {
            body = Array(body.prefix(length))
        }
        if body.count > Self.maximumRefusalBodySize {
            body = Array(body.prefix(Self.maximumRefusalBodySize))
        }
        resumeOpening(
            .success(
                HTTPResponse(
                    statusCode: head.status, headers: head.headers, body: Data(body), url: handshake.request.url)))
        finish(.closed)
    }

    /// Ends an opening that failed: resumes the task with `error` and finishes the connection.
    func end(opening error: any Error) {
        resumeOpening(.failure(error))
        finish(
            .failed(
                RepositoryError.noNetworkConnection(
                    TransportError(
                        code: .connectionLost, message: "the WebSocket to \(url.absoluteString) did not open"))))
    }

    /// A refusal's `Content-Length`, or `nil` when absent or not a non-negative number (then the body ends with the
    /// connection or the size cap).
    static func contentLength(_ headers: HTTPHeaders) -> Int? {
        guard let text = headers["Content-Length"]?.trimmingCharacters(in: .whitespaces), let length = Int(text),
            length >= 0
        else {
            return nil
        }
        return length
    }

    /// The index just past the blank line ending the header section, or `nil`.
    static func headerEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else {
            return nil
        }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    /// The status code of an `HTTP/1.x NNN reason` line, or 0.
    static func statusCode(ofLine line: [UInt8]) -> Int {
        guard line.starts(with: Array("HTTP/1.".utf8)), line.count >= 12 else {
            return 0
        }
        let digits = line[9..<12]
        guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            return 0
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}
