/// The GNP side of a ``MockGOMServer``: open sockets, their subscriptions, and the initial frames.
extension MockGOMStore {
    /// Registers an open socket.
    /// - Parameters:
    ///   - outbox: Where its frames go.
    ///   - host: The `Host` field of its upgrade request.
    /// - Returns: The socket's number.
    mutating func connect(_ outbox: MockWebSocketOutbox, host: String?) -> Int {
        let id = nextSocket
        nextSocket += 1
        sockets[id] = MockGOMSocket(outbox: outbox, proxy: proxy(host: host))
        return id
    }

    /// Forgets a socket and its subscriptions.
    mutating func disconnect(_ id: Int) {
        guard let socket = sockets.removeValue(forKey: id) else { return }
        for path in socket.paths {
            subscribers[path]?.removeAll { $0 == id }
            if subscribers[path]?.isEmpty == true {
                subscribers[path] = nil
            }
        }
    }

    /// Runs one command from a socket: `{"command": "subscribe" | "unsubscribe", "path": P}`. A subscribe (again or
    /// not) sends P's initial at once; an unsubscribe stops P's frames. Anything else is ignored.
    mutating func run(command: String, path: String, from id: Int) {
        guard var socket = sockets[id] else { return }
        switch command {
        case "subscribe":
            subscribeCounts[path, default: 0] += 1
            if socket.paths.insert(path).inserted {
                subscribers[path, default: []].append(id)
            }
            sockets[id] = socket
            post(MockGOMJSON.frame(path: path, key: "initial", json: initial(path, proxy: socket.proxy)), to: id)
        case "unsubscribe":
            unsubscribeCounts[path, default: 0] += 1
            if socket.paths.remove(path) != nil {
                subscribers[path]?.removeAll { $0 == id }
                if subscribers[path]?.isEmpty == true {
                    subscribers[path] = nil
                }
            }
            sockets[id] = socket
        default:
            break
        }
    }

    /// The retrieve JSON of `path`, or what stands for a path that does not exist: an attribute without value or
    /// dates, or `{"node": null}`.
    private func initial(_ text: String, proxy: String) -> String {
        guard let path = MockGOMPath(text) else {
            return "{\"node\":null}"
        }
        return tree.json(path, proxy: proxy) ?? MockGOMTree.missingJSON(path)
    }
}
