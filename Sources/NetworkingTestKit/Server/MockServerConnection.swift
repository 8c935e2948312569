import Foundation
import Networking
import Synchronization

/// Serves one accepted connection on its own thread: the TLS handshake, then requests in order
/// (keep-alive and pipelining), each held at a `holdRequests` barrier if one admits it, then answered by
/// its path's route, the dispatcher, the queue, or a 404. Bodies stream through the parser as they are read,
/// at ``MockServer/readBytesPerSecond`` when set. An upgrade request to a WebSocket path hands the connection
/// over to a WebSocket session (`MockServerConnection+WebSocket.swift`).
struct MockServerConnection {
    let core: MockServerCore
    let stream: MockServerStream
    let index: Int

    init(core: MockServerCore, fd: Int32, index: Int) {
        self.core = core
        self.stream = MockServerStream(fd: fd) { [core] in core.isStopped }
        self.index = index
    }

    func run() {
        if let tls = core.tls {
            let completed = stream.handshake(tls)
            core.countHandshake(completed: completed)
            guard completed else {
                stream.close(graceful: false)
                return
            }
        }
        var parser = HTTPRequestParser(connectionIndex: index)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pacer = MockServerReadPacer()
        while !core.isStopped {
            let settings = core.state.withLock { (keep: $0.maximumRecordedBodySize, rate: $0.readBytesPerSecond) }
            parser.maximumRecordedBodySize = settings.keep
            do {
                while let request = try parser.next() {
                    if let route = core.state.withLock({ $0.webSocketRoute(for: request) }) {
                        serveWebSocket(request, route: route, prefetched: parser.takeUnparsedBytes())
                        return
                    }
                    guard respond(to: request) else { return }
                }
                if parser.takeContinueRequest() {
                    guard stream.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { break }
                }
            } catch {
                var writer = MockServerResponseWriter(stream: stream, core: core, bytesPerSecond: nil)
                _ = writer.write(
                    MockResponse(status: 400, text: "MockServer: \(error.message)\n"), omitBody: false, closing: true)
                break
            }
            let allowance = pacer.allowance(rate: settings.rate, bodyBytes: parser.bodyBytesReceived) { core.pause($0) }
            guard let allowance else { break }
            let count = stream.read(into: &buffer, maximum: allowance)
            guard count > 0 else { break }
            core.addBytesReceived(count)
            parser.append(buffer[0..<count])
        }
        stream.close(graceful: true)
    }

    /// Answers one request.
    /// - Returns: Whether the connection stays open for the next request; when false the
    ///   connection is already closed.
    private func respond(to request: RecordedRequest) -> Bool {
        let arrival = core.state.withLock { $0.record(request) }
        if let barrier = arrival.barrier {
            barrier.wait { core.isStopped }
            guard !core.isStopped else {
                stream.close(graceful: false)
                return false
            }
        }
        let response: MockResponse
        switch arrival.answer {
        case .dispatcher(let dispatcher): response = dispatcher(arrival.request)
        case .response(let queued): response = queued
        }
        return answer(request, with: response, keepAlive: Self.wantsKeepAlive(request))
    }

    /// Writes `response` to `request`, with its delay and fault.
    /// - Parameter keepAlive: Whether the connection may stay open (unless the response closes it).
    /// - Returns: Whether the connection stays open for the next request; when false the
    ///   connection is already closed.
    func answer(_ request: RecordedRequest, with response: MockResponse, keepAlive wanted: Bool) -> Bool {
        let keepAlive = wanted && !response.closesConnection
        if response.delay > 0 && !core.pause(response.delay) {
            stream.close(graceful: false)
            return false
        }
        switch response.fault {
        case .disconnectAtStart:
            stream.close(graceful: false)
            return false
        case .stall:
            stream.stall()
            stream.close(graceful: false)
            return false
        case .disconnectDuringBody, .disconnectAfterBodyBytes, nil:
            break
        }
        var writer = MockServerResponseWriter(stream: stream, core: core, bytesPerSecond: response.bytesPerSecond)
        let written = writer.write(response, omitBody: request.method == "HEAD", closing: !keepAlive)
        guard written, keepAlive else {
            stream.close(graceful: written && response.fault == nil)
            return false
        }
        return true
    }

    /// HTTP/1.1 keeps the connection unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    static func wantsKeepAlive(_ request: RecordedRequest) -> Bool {
        let tokens = HeaderList.members(request.headers.values(for: "Connection"), lowercased: true)
        if request.version == "HTTP/1.0" {
            return tokens.contains("keep-alive")
        }
        return !tokens.contains("close")
    }
}
