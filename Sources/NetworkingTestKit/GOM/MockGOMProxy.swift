import Foundation
import Networking

/// The GNP WebSocket of a ``MockGOMServer``: how upgrades are answered (faults included) and how one socket is
/// served.
enum MockGOMProxy {
    /// How long a peer waits for the client at most before giving up on it.
    static let idleTimeout: TimeInterval = 3600

    /// Decides an upgrade request: counts it, holds it for the store's upgrade delay, then refuses it with `503`
    /// when upgrades are refused, else accepts it.
    static func decide(_ request: RecordedRequest, store: Locked<MockGOMStore>, core: MockServerCore)
        -> MockWebSocketUpgrade
    {
        let delay = store.withLock { store in
            store.upgradeAttempts.append(Date())
            return store.upgradeDelay
        }
        if delay > 0 && !core.pause(delay) {
            return .noAnswer
        }
        guard store.withLock({ $0.refuseUpgrades }) else { return .accept() }
        let body = MockGOMJSON.error("the WebSocket proxy refuses upgrades", path: MockGOMStore.socketPath)
        return .refuse(MockResponse(status: 503, json: body))
    }

    /// Serves one open socket until the client closes it, the connection ends or the server stops: runs the
    /// client's commands and, while it waits for them, sends the frames posted to the socket's outbox.
    static func serve(_ peer: MockWebSocketPeer, store: Locked<MockGOMStore>) {
        let outbox = peer.outbox
        let host = peer.request.headers["Host"]
        let id = store.withLock { $0.connect(outbox, host: host) }
        defer { store.withLock { $0.disconnect(id) } }
        while let message = peer.receive(timeout: idleTimeout) {
            let text: String
            switch message {
            case .text(let value): text = value
            case .binary(let data): text = String(decoding: data, as: UTF8.self)
            }
            guard let command = try? JSONValue(parsing: Data(text.utf8)),
                let name = command["command"]?.stringValue, let path = command["path"]?.stringValue
            else {
                continue
            }
            store.withLock { $0.run(command: name, path: path, from: id) }
        }
    }
}
