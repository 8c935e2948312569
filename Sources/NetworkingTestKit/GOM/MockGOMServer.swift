public import Foundation
import Networking

/// A working in-memory GOM for tests, on a ``MockServer`` (plain or TLS): the REST API (JSON reads, XML writes,
/// creates under a new UUID), the WebSocket proxy at `/gnp` speaking GNP, and faults to test clients against.
///
/// ```swift
/// let gom = try MockGOMServer()
/// defer { gom.shutdown() }
/// gom.seed(attribute: "/areas/home:volume", value: "11")
/// let client = GOMClient(configuration: NetworkingConfiguration(
///     useSecureConnection: false, domainURL: "127.0.0.1", port: gom.port))
/// _ = await client.updateAttribute("/areas/home:volume", value: "12")
/// #expect(gom.value(at: "/areas/home:volume") == "12")
/// #expect(gom.writeBodies.last?.body == #"<attribute type="string">12</attribute>"#)
/// ```
///
/// **REST** (the wire format `NetworkingGOM` speaks). `GET` answers `{"attribute": …}` or `{"node": …}` with
/// every date as XSD `dateTime` with its offset, or `404 {"error": "not found", "path": P}`. `PUT` on an attribute
/// (`<attribute type="string">v</attribute>`) or a node (`<node>` of named `<attribute>`s, merged: attributes not
/// named are kept) answers `{"status": 200}`, or `201 {"status": 201}` when it created the attribute or node;
/// missing nodes and ancestors are created. `POST` to a node creates `/parent/<lowercase uuid>` and answers as
/// ``createAnswer`` says. `DELETE` answers `{"status": 200}`, or 404 when nothing is there. A body that is not
/// well-formed XML is `400`; `Accept` and `Content-Type` are checked leniently (absent is fine; a `GET` asking for
/// neither JSON nor `*/*` is `406`, a write whose type names no XML `415`). Routes set on ``server`` win over the
/// GOM, to fail one path on purpose.
///
/// **Proxy.** `/services/websockets_proxy:url` holds `ws://<host>/gnp` (`wss` with TLS), its host and port taken
/// from each request's `Host` field, unless ``proxyURL`` sets it. On the socket, `{"command": "subscribe", "path":
/// P}` is answered at once with `{"path": P, "initial": "<retrieve JSON>"}` (for a missing path an attribute with a
/// `null` value and no dates, or `{"node": null}`); every write then sends `{"path": P, "payload": "{\"update\": …}"}`
/// (or `create`, `delete`) to the subscribers of the attribute's path and of its node's path, and a node's create
/// or delete to the subscribers of its path and of its parent's, each subscriber in the order of the writes.
/// `unsubscribe` stops them.
///
/// **Faults and counters** (thread-safe): ``refuseUpgrades``, ``upgradeDelay``, ``frameDelay``,
/// ``silenceSockets()``, ``dropAllSockets()``, ``sendMalformedFrame(_:)``, ``corruptNextFrames(_:)``;
/// ``subscribeCount(_:)``, ``upgradeAttempts``, ``postCount(_:)``, ``writeBodies``, ``openSocketCount``.
public final class MockGOMServer: Sendable {
    /// The path of the attribute whose value is the WebSocket proxy's URL.
    public static let proxyPath = "/services/websockets_proxy:url"
    /// The path of the GNP WebSocket.
    public static let socketPath = MockGOMStore.socketPath

    /// The HTTP server under the GOM: its recorded requests, WebSocket sessions and routes.
    public let server: MockServer
    let store: Locked<MockGOMStore>

    /// Starts a GOM on 127.0.0.1 on an ephemeral port, holding the root `/` and the proxy attribute.
    /// - Parameter tls: The certificate to serve TLS with (https and wss), or `nil` for plain http and ws.
    /// - Throws: ``MockServerError`` when the server cannot start.
    public init(tls: TestCertificate? = nil) throws {
        server = try MockServer(tls: tls)
        let store = Locked(MockGOMStore(secure: tls != nil, port: server.port))
        self.store = store
        server.dispatcher = { request in
            let document =
                request.method == "PUT" || request.method == "POST" ? MockGOMXMLReader.read(request.body) : nil
            return store.withLock { $0.answer(request, document: document) }
        }
        server.webSocket(
            Self.socketPath, deciding: { [core = server.core] in MockGOMProxy.decide($0, store: store, core: core) },
            handler: { MockGOMProxy.serve($0, store: store) })
    }

    /// The GOM root: `http://127.0.0.1:<port>`, or `https://…` with TLS.
    public var baseURL: URL {
        server.baseURL
    }

    /// The port the server listens on.
    public var port: Int {
        server.port
    }

    /// The proxy's URL as a client on 127.0.0.1 reads it: `ws://127.0.0.1:<port>/gnp` (`wss` with TLS), or
    /// ``proxyURL`` when set.
    public var webSocketURL: URL {
        let text = store.withLock { store in
            store.tree.attribute(MockGOMStore.proxyNode, MockGOMStore.proxyName)?.value ?? store.proxy(host: nil)
        }
        return URL(string: text) ?? baseURL
    }

    /// The URL of a GOM path on this server, such as `url("/areas/home:volume")`.
    /// - Parameter path: The path.
    /// - Returns: The URL.
    public func url(_ path: String) -> URL {
        server.url(path)
    }

    /// Stops the server: closes every connection and socket and waits for its threads. Idempotent.
    public func shutdown() {
        server.shutdown()
    }

    /// How creates are answered: ``MockGOMCreateAnswer/seeOther`` (303, absolute `Location`) by default.
    public var createAnswer: MockGOMCreateAnswer {
        get { store.withLock { $0.createAnswer } }
        set { store.withLock { $0.createAnswer = newValue } }
    }

    /// The time zone of the dates of new writes, whose offset they are printed with: UTC (`+00:00`) by default.
    public var timeZone: TimeZone {
        get { store.withLock { $0.timeZone } }
        set { store.withLock { $0.timeZone = newValue } }
    }

    /// The value of the proxy attribute `/services/websockets_proxy:url` when set; `nil` (the default) computes it
    /// for each request from its `Host` field: `ws://<host>/gnp` (`wss` with TLS). Setting it notifies nobody.
    public var proxyURL: URL? {
        get {
            store.withLock { $0.tree.attribute(MockGOMStore.proxyNode, MockGOMStore.proxyName)?.value }
                .flatMap { URL(string: $0) }
        }
        set {
            store.withLock { store in
                let stamp = store.nowStamp
                _ = store.tree.makeNode(MockGOMStore.proxyNode, stamp: stamp)
                let old = store.tree.attribute(MockGOMStore.proxyNode, MockGOMStore.proxyName)
                let attribute = MockGOMTree.Attribute(
                    value: newValue?.absoluteString, type: "string",
                    stamp: old?.stamp.touched(stamp.mtime, stamp.timeZone) ?? stamp)
                store.tree.setAttribute(MockGOMStore.proxyNode, MockGOMStore.proxyName, attribute)
            }
        }
    }

    // MARK: - Reading

    /// The value of an attribute, or `nil` when it does not exist (the proxy attribute reads as ``webSocketURL``).
    /// - Parameter path: An attribute path such as `/areas/home:volume`.
    /// - Returns: The value.
    public func value(at path: String) -> String? {
        guard let parsed = MockGOMPath(path), let name = parsed.attribute else { return nil }
        return store.withLock { store in
            store.tree.attribute(parsed.node, name).map { $0.value ?? store.proxy(host: nil) }
        }
    }

    /// Whether a node exists.
    /// - Parameter path: A node path such as `/areas/home`.
    /// - Returns: Whether it is in the tree.
    public func nodeExists(_ path: String) -> Bool {
        guard let parsed = MockGOMPath(path), parsed.attribute == nil else { return false }
        return store.withLock { $0.tree.node(parsed.node) != nil }
    }

    /// The paths of a node's child nodes, sorted; empty when the node does not exist.
    /// - Parameter path: A node path.
    /// - Returns: The children's paths, for example the node a create made: `["/areas/3f2a…"]`.
    public func childNodes(of path: String) -> [String] {
        store.withLock { $0.tree.node(path)?.children.sorted() } ?? []
    }

    /// The names and values of a node's attributes; empty when the node does not exist.
    /// - Parameter path: A node path.
    /// - Returns: The attributes by name.
    public func attributes(of path: String) -> [String: String] {
        store.withLock { store in
            (store.tree.node(path)?.attributes ?? [:]).mapValues { $0.value ?? store.proxy(host: nil) }
        }
    }
}
