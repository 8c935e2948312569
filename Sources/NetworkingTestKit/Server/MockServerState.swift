import Foundation
import Networking

/// The mutable state of one ``MockServer``, kept inside a `Locked` (a pthread mutex).
struct MockServerState {
    /// Responses waiting for requests, first in first out.
    var queue: [MockResponse] = []
    /// When set, answers every request without a route instead of the queue.
    var dispatcher: (@Sendable (RecordedRequest) -> MockResponse)?
    /// What answers the requests to a path, by path; wins over the dispatcher and the queue.
    var routes: [String: MockServerRoute] = [:]
    /// What serves the WebSocket upgrades to a path, by path; checked before every other answer.
    var webSocketRoutes: [String: MockWebSocketRoute] = [:]
    /// One record per upgrade request to a WebSocket path, in order.
    var webSocketRecords: [MockWebSocketRecord] = []
    /// The `holdRequests` barriers that still admit requests, oldest first.
    var barriers: [MockServerBarrier] = []
    /// Every recorded request, in order.
    var requests: [RecordedRequest] = []
    /// How many of ``requests`` `takeRequest` has handed out.
    var taken = 0
    /// TCP connections accepted.
    var connectionCount = 0
    /// TLS handshakes completed.
    var handshakeCount = 0
    /// TLS handshakes that did not complete.
    var failedHandshakeCount = 0
    /// Application bytes received (decrypted for TLS).
    var bytesReceived = 0
    var bodyBytesSent = 0
    /// The largest request body kept in a recorded request's `body`.
    var maximumRecordedBodySize = HTTPRequestParser.defaultMaximumRecordedBodySize
    /// When set, the rate at which connections read request bodies, in bytes per second.
    var readBytesPerSecond: Int?

    /// Records a request, stamped with the time it is recorded, and picks what answers it: its path's
    /// route, else the dispatcher (returned to be called outside the lock), else the next queued
    /// response, else a 404 explaining that the queue is empty. The request joins the oldest barrier that
    /// admits it, if any.
    mutating func record(_ received: RecordedRequest) -> Arrival {
        let request = received.received(at: .now)
        requests.append(request)
        barriers.removeAll(where: \.isSpent)
        let barrier = barriers.first { $0.admit(request.path) }
        return Arrival(request: request, answer: answer(request), barrier: barrier)
    }

    private mutating func answer(_ request: RecordedRequest) -> Answer {
        switch routes[request.path] {
        case .responder(let responder):
            return .dispatcher(responder)
        case .failingFirst(let remaining, let failure, let success):
            guard remaining > 0 else { return .response(success) }
            routes[request.path] = .failingFirst(remaining: remaining - 1, failure: failure, success: success)
            return .response(failure)
        case nil:
            break
        }
        if let dispatcher {
            return .dispatcher(dispatcher)
        }
        guard queue.isEmpty else {
            return .response(queue.removeFirst())
        }
        let text = "MockServer: no response enqueued and no dispatcher set for \(request.method) \(request.target)\n"
        return .response(MockResponse(status: 404, text: text))
    }

    /// A recorded request, what answers it, and the barrier it must wait at first, if any.
    struct Arrival {
        let request: RecordedRequest
        let answer: Answer
        let barrier: MockServerBarrier?
    }

    /// What answers a recorded request.
    enum Answer {
        case dispatcher(@Sendable (RecordedRequest) -> MockResponse)
        case response(MockResponse)
    }
}
