import Foundation
import Networking

extension MockServerConnection {
    /// How long the server waits, once a handler returned, for the closing handshake to complete.
    static let webSocketFinishTimeout: TimeInterval = 2

    /// Serves an upgrade request to a WebSocket path: records it as a request and a session, answers it (`400`
    /// when invalid, else as the route's upgrade says) and, after a `101`, runs the route's handler with the open
    /// socket, then closes it. The connection is closed when this returns.
    /// - Parameter prefetched: The bytes the client sent after the request that were already read.
    func serveWebSocket(_ received: RecordedRequest, route: MockWebSocketRoute, prefetched: [UInt8]) {
        let (request, session) = core.state.withLock { $0.recordUpgrade(received) }
        defer { core.state.withLock { $0.webSocketRecords[session].isOpen = false } }
        if let problem = MockWebSocketHandshake.problem(with: request) {
            _ = answer(request, with: MockWebSocketHandshake.badRequest(problem), keepAlive: false)
            return
        }
        let upgrade = route.decide?(request) ?? route.upgrade
        switch upgrade {
        case .refuse(let response):
            _ = answer(request, with: response, keepAlive: false)
            return
        case .noAnswer:
            stream.stall()
            stream.close(graceful: false)
            return
        case .accept, .acceptFirst, .wrongAcceptKey:
            break
        }
        guard let head = MockWebSocketHandshake.switchingHead(for: request, upgrade: upgrade),
            stream.write(head)
        else {
            stream.close(graceful: false)
            return
        }
        core.state.withLock { $0.webSocketRecords[session].accepted = true }
        let engine = MockWebSocketEngine(stream: stream, core: core, session: session, prefetched: prefetched)
        route.handler(MockWebSocketPeer(request: request, engine: engine))
        engine.finish(timeout: Self.webSocketFinishTimeout)
        engine.outbox?.close()
    }
}
