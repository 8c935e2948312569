import Foundation
import NetworkingTestKit

extension MockServer {
    /// The only WebSocket session once its connection has closed, waiting up to `timeout` seconds; nil when
    /// there is no session, more than one, or it stays open.
    func onlyWebSocketSessionOnceClosed(timeout: TimeInterval = 5) async throws -> MockWebSocketSession? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let sessions = webSocketSessions
            if sessions.count == 1, let session = sessions.first, !session.isOpen {
                return session
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}
