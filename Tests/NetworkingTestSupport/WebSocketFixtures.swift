package import Foundation
package import Networking
package import NetworkingTestKit
import Testing

/// Helpers of the WebSocket tests: servers on 127.0.0.1 with WebSocket routes, and sockets opened to them.
package enum WebSocketFixtures {
    /// The ws (or wss) URL of `path` on `server`.
    package static func url(_ server: MockServer, _ path: String = "/socket", host: String = "127.0.0.1") -> URL {
        let scheme = server.certificate == nil ? "ws" : "wss"
        return URL(string: "\(scheme)://\(host):\(server.port)\(path)")!
    }

    /// A plain server echoing on `/socket`.
    package static func echoServer() throws -> MockServer {
        let server = try MockServer()
        server.webSocket("/socket")
        return server
    }

    /// Opens a socket to `path` on `server`, failing the test when it does not open.
    package static func connect(
        _ server: MockServer, _ path: String = "/socket", protocols: [String] = [], pinning: PinnedCertificates? = nil,
        timeout: TimeInterval = 10, maximumMessageSize: Int = 16 << 20
    ) async throws -> WebSocket {
        try await WebSocket.connect(
            to: url(server, path, host: server.certificate == nil ? "127.0.0.1" : "localhost"), protocols: protocols,
            pinning: pinning, timeout: timeout, maximumMessageSize: maximumMessageSize
        ).get()
    }

    /// Reads `count` messages.
    package static func read(_ count: Int, from socket: WebSocket) async throws -> [WebSocketMessage] {
        var messages: [WebSocketMessage] = []
        for try await message in socket.messages {
            messages.append(message)
            if messages.count == count {
                break
            }
        }
        return messages
    }

    /// Reads until the stream ends, returning the messages and the error it threw, if any.
    package static func drain(_ socket: WebSocket) async -> (messages: [WebSocketMessage], error: (any Error)?) {
        var messages: [WebSocketMessage] = []
        do {
            for try await message in socket.messages {
                messages.append(message)
            }
            return (messages, nil)
        } catch {
            return (messages, error)
        }
    }

    /// Polls `condition` every 10 ms for up to `timeout` seconds.
    package static func eventually(timeout: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if condition() {
                return true
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// The transport error inside a repository error, if it is one.
    package static func transportError(_ error: (any Error)?) -> TransportError? {
        if case .noNetworkConnection(let transport)? = error as? RepositoryError {
            return transport
        }
        return nil
    }
}
