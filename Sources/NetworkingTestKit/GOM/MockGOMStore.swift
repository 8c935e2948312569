import Foundation
import Networking

/// Everything a ``MockGOMServer`` knows, kept under one lock: the tree, the settings and faults, the counters, and
/// the open GNP sockets with their subscriptions. One lock keeps the order simple: a write changes the tree and
/// posts its notifications to the sockets' outboxes in one step, so every subscriber hears of the writes in the
/// order they happened, and a subscription sees either a write in its initial or the write's notification.
struct MockGOMStore {
    /// The path of the GNP WebSocket.
    static let socketPath = "/gnp"
    /// The node of the attribute holding the WebSocket proxy's URL, `/services/websockets_proxy:url`.
    static let proxyNode = "/services/websockets_proxy"
    /// The name of the attribute holding the WebSocket proxy's URL.
    static let proxyName = "url"

    /// `http` or `https`.
    let httpScheme: String
    /// `ws` or `wss`.
    let socketScheme: String
    /// `127.0.0.1:PORT`, the host of URLs built without a request's `Host` field.
    let defaultHost: String

    var tree: MockGOMTree
    var createAnswer = MockGOMCreateAnswer.seeOther
    var timeZone = MockGOMStore.utc
    var frameDelay: TimeInterval = 0
    var refuseUpgrades = false
    var upgradeDelay: TimeInterval = 0
    /// How many more GNP frames to send cut in half.
    var framesToCorrupt = 0

    var subscribeCounts: [String: Int] = [:]
    var unsubscribeCounts: [String: Int] = [:]
    var postCounts: [String: Int] = [:]
    var upgradeAttempts: [Date] = []
    var writeBodies: [MockGOMWriteBody] = []

    var sockets: [Int: MockGOMSocket] = [:]
    /// The sockets subscribed to each path, in subscription order.
    var subscribers: [String: [Int]] = [:]
    var nextSocket = 0

    /// UTC, printed `+00:00`.
    static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.current

    init(secure: Bool, port: Int) {
        httpScheme = secure ? "https" : "http"
        socketScheme = secure ? "wss" : "ws"
        defaultHost = "127.0.0.1:\(port)"
        let stamp = MockGOMStamp(Date(), Self.utc)
        tree = MockGOMTree(root: stamp)
        _ = tree.makeNode(Self.proxyNode, stamp: stamp)
        tree.setAttribute(
            Self.proxyNode, Self.proxyName, MockGOMTree.Attribute(value: nil, type: "string", stamp: stamp))
    }

    /// The proxy attribute's computed value for a request with this `Host` field: `ws(s)://<host>/gnp`.
    func proxy(host: String?) -> String {
        "\(socketScheme)://\(host ?? defaultHost)\(Self.socketPath)"
    }

    /// A stamp of now, in the current ``timeZone``.
    var nowStamp: MockGOMStamp {
        MockGOMStamp(Date(), timeZone)
    }

    /// Posts each change's payload to the subscribers of each of its targets, in order, after ``frameDelay``.
    mutating func fanOut(_ changes: [MockGOMChange]) {
        for change in changes {
            for target in change.targets {
                guard let ids = subscribers[target] else { continue }
                let frame = MockGOMJSON.frame(path: target, key: "payload", json: change.payload)
                for id in ids {
                    post(frame, to: id, delay: frameDelay)
                }
            }
        }
    }

    /// Posts a GNP frame to one socket, cut in half while frames are to be corrupted.
    mutating func post(_ frame: String, to id: Int, delay: TimeInterval = 0) {
        guard let socket = sockets[id] else { return }
        var text = frame
        if framesToCorrupt > 0 {
            framesToCorrupt -= 1
            text = String(frame.prefix(frame.count / 2))
        }
        socket.outbox.post(.text(text), delay: delay)
    }
}
