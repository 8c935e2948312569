import Foundation
import Networking
import Synchronization

/// Serves one accepted connection on its own thread: the TLS handshake, then requests in order
/// (keep-alive and pipelining), each held at a `holdRequests` barrier if one admits it, then answered by
/// its path's route, the dispatcher, the queue, or a 404.
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
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !core.isStopped {
            do {
                while let request = try parser.next() {
                    guard respond(to: request) else { return }
                }
                if parser.takeContinueRequest() {
                    guard stream.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { break }
                }
            } catch {
                let response = MockResponse(status: 400, text: "MockServer: \(error.message)\n")
                _ = stream.write(response.wire(omitBody: false, closing: true).bytes)
                break
            }
            let count = stream.read(into: &buffer)
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
        let keepAlive = Self.wantsKeepAlive(request) && !response.closesConnection
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
        case .disconnectDuringBody, nil:
            break
        }
        let wire = response.wire(omitBody: request.method == "HEAD", closing: !keepAlive)
        var bytes = wire.head
        bytes.append(response.fault == .disconnectDuringBody ? wire.body.prefix(wire.body.count / 2) : wire.body)
        let written = response.bytesPerSecond.map { drip(bytes, bytesPerSecond: $0) } ?? stream.write(bytes)
        guard written, keepAlive else {
            stream.close(graceful: written && response.fault == nil)
            return false
        }
        return true
    }

    /// Writes `bytes` in twentieths of a second's worth.
    private func drip(_ bytes: Data, bytesPerSecond: Int) -> Bool {
        let step = max(1, bytesPerSecond / 20)
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let end = bytes.index(offset, offsetBy: step, limitedBy: bytes.endIndex) ?? bytes.endIndex
            guard stream.write(bytes[offset..<end]) else { return false }
            offset = end
            if offset < bytes.endIndex {
                guard core.pause(Double(step) / Double(bytesPerSecond)) else { return false }
            }
        }
        return true
    }

    /// HTTP/1.1 keeps the connection unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    static func wantsKeepAlive(_ request: RecordedRequest) -> Bool {
        let tokens = request.headers.values(for: "Connection")
            .flatMap { $0.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if request.version == "HTTP/1.0" {
            return tokens.contains("keep-alive")
        }
        return !tokens.contains("close")
    }
}
