import Foundation
import Networking

/// The mutable state of one ``MockServer``, kept inside a `Locked` (a pthread mutex).
struct MockServerState {
    /// Responses waiting for requests, first in first out.
    var queue: [MockResponse] = []
    /// When set, answers every request instead of the queue.
    var dispatcher: (@Sendable (RecordedRequest) -> MockResponse)?
    /// Every recorded request, in order.
    var requests: [RecordedRequest] = []
    /// How many of ``requests`` `takeRequest` has handed out.
    var taken = 0
    /// TCP connections accepted.
    var connectionCount = 0
    /// Application bytes received (decrypted for TLS).
    var bytesReceived = 0

    /// Records a request and picks what answers it: the dispatcher (returned to be called outside
    /// the lock), else the next queued response, else a 404 explaining that the queue is empty.
    mutating func record(_ request: RecordedRequest) -> Answer {
        requests.append(request)
        if let dispatcher {
            return .dispatcher(dispatcher)
        }
        guard queue.isEmpty else {
            return .response(queue.removeFirst())
        }
        let text = "MockServer: no response enqueued and no dispatcher set for \(request.method) \(request.target)\n"
        return .response(MockResponse(status: 404, text: text))
    }

    /// What answers a recorded request.
    enum Answer {
        case dispatcher(@Sendable (RecordedRequest) -> MockResponse)
        case response(MockResponse)
    }
}
