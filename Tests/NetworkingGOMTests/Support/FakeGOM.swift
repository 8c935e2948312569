import Foundation
import Networking
import NetworkingTestKit

/// A tiny GOM on a ``MockServer``, answering as /work/notes/gom-wire.md says: JSON reads, XML writes (parsed
/// with `XMLParser`), creates under a UUID answered 303 with an absolute `Location` or 201 with a path-only one,
/// 404 for what is missing. Requests without `Accept: application/json` (reads) or `Content-Type:
/// application/xml` (writes) are refused with 406 and 415, so a client that leaves them out fails.
final class FakeGOM: Sendable {
    enum CreateAnswer: Sendable {
        case seeOtherAbsolute, createdPathOnly
    }

    struct State {
        var nodes: Set<String> = ["/"]
        var attributes: [String: [String: String]] = [:]
        var createAnswer = CreateAnswer.seeOtherAbsolute
    }

    static let ctime = "2013-12-29T17:48:52+01:00"
    static let mtime = "2013-12-29T17:48:53.250+01:00"
    /// ``ctime`` and ``mtime`` as instants.
    static let ctimeDate = Date(timeIntervalSince1970: 1_388_335_732)
    static let mtimeDate = Date(timeIntervalSince1970: 1_388_335_733.25)

    let server: MockServer
    let state = Locked(State())

    init(tls: TestCertificate? = nil) throws {
        server = try MockServer(tls: tls)
        let root = server.baseURL.absoluteString
        server.dispatcher = { [state] request in Self.answer(request, state: state, root: root) }
    }

    /// A configuration whose base URL is this GOM, on 127.0.0.1 (the host of its absolute `Location`s).
    func configuration(pins: PinnedCertificates? = nil, subdomain: String? = nil) -> NetworkingConfiguration {
        NetworkingConfiguration(
            useSecureConnection: server.certificate != nil, domainURL: "127.0.0.1", port: server.port,
            subdomainURL: subdomain, usePinningCertificate: pins != nil, pinnedCertificates: pins ?? .certificates([]),
            timeout: 10)
    }

    /// Sets an attribute, creating its node and the node's ancestors.
    func set(_ node: String, _ name: String, _ value: String) {
        state.withLock { state in
            Self.addNode(node, to: &state)
            state.attributes[node, default: [:]][name] = value
        }
    }

    /// Creates a node and its ancestors.
    func addNode(_ node: String) {
        state.withLock { Self.addNode(node, to: &$0) }
    }

    func shutdown() {
        server.shutdown()
    }

    // MARK: - Answers

    private static func answer(_ request: RecordedRequest, state: Locked<State>, root: String) -> MockResponse {
        let path = request.path
        let colon = path.firstIndex(of: ":")
        let node = colon.map { String(path[..<$0]) } ?? path
        let attribute = colon.map { String(path[path.index(after: $0)...]) }
        switch request.method {
        case "GET":
            guard request.headers["Accept"] == "application/json" else {
                return MockResponse(status: 406, json: #"{"error": "send Accept: application/json"}"#)
            }
            return state.withLock { read(node, attribute, in: $0) } ?? notFound(path)
        case "PUT", "POST":
            guard request.headers["Content-Type"] == "application/xml", let body = GOMXMLReader.read(request.body)
            else {
                return MockResponse(status: 415, json: #"{"error": "send XML"}"#)
            }
            if request.method == "POST" {
                return state.withLock { create(under: node, body, in: &$0, root: root) } ?? notFound(path)
            }
            return state.withLock { write(node, attribute, body, in: &$0) }
        case "DELETE":
            return state.withLock { delete(node, attribute, in: &$0) } ?? notFound(path)
        default:
            return MockResponse(status: 405)
        }
    }

    private static func read(_ node: String, _ attribute: String?, in state: State) -> MockResponse? {
        guard state.nodes.contains(node) else {
            return nil
        }
        if let attribute {
            guard let value = state.attributes[node]?[attribute] else {
                return nil
            }
            return json(["attribute": attributeJSON(node, attribute, value)])
        }
        var entries: [Any] = (state.attributes[node] ?? [:]).sorted { $0.key < $1.key }
            .map { ["attribute": attributeJSON(node, $0.key, $0.value)] }
        entries += state.nodes.filter { parent(of: $0) == node && $0 != node }.sorted()
            .map { ["node": $0, "ctime": ctime, "mtime": mtime] }
        return json(["node": ["uri": node, "ctime": ctime, "mtime": mtime, "entries": entries]])
    }

    private static func write(
        _ node: String, _ attribute: String?, _ body: GOMXMLReader.Document, in state: inout State
    ) -> MockResponse {
        var created = !state.nodes.contains(node)
        addNode(node, to: &state)
        if let attribute {
            guard body.root == "attribute", let value = body.value else {
                return MockResponse(status: 400, json: #"{"error": "expected <attribute>"}"#)
            }
            created = state.attributes[node]?[attribute] == nil
            state.attributes[node, default: [:]][attribute] = value
        } else {
            guard body.root == "node" else {
                return MockResponse(status: 400, json: #"{"error": "expected <node>"}"#)
            }
            for entry in body.attributes {
                state.attributes[node, default: [:]][entry.name ?? ""] = entry.value
            }
        }
        return json(["status": created ? 201 : 200], status: created ? 201 : 200)
    }

    private static func create(
        under parent: String, _ body: GOMXMLReader.Document, in state: inout State, root: String
    ) -> MockResponse? {
        guard state.nodes.contains(parent), body.root == "node" else {
            return nil
        }
        let child = (parent == "/" ? "" : parent) + "/" + UUID().uuidString.lowercased()
        state.nodes.insert(child)
        for entry in body.attributes {
            state.attributes[child, default: [:]][entry.name ?? ""] = entry.value
        }
        switch state.createAnswer {
        case .seeOtherAbsolute: return MockResponse(status: 303, headers: ["Location": root + child])
        case .createdPathOnly: return MockResponse(status: 201, headers: ["Location": child])
        }
    }

    private static func delete(_ node: String, _ attribute: String?, in state: inout State) -> MockResponse? {
        if let attribute {
            guard state.attributes[node]?.removeValue(forKey: attribute) != nil else {
                return nil
            }
        } else {
            guard node != "/", state.nodes.contains(node) else {
                return nil
            }
            let doomed = state.nodes.filter { $0 == node || $0.hasPrefix(node + "/") }
            state.nodes.subtract(doomed)
            for path in doomed {
                state.attributes[path] = nil
            }
        }
        return json(["status": 200])
    }

    // MARK: - Helpers

    private static func addNode(_ node: String, to state: inout State) {
        var path = node
        while !state.nodes.contains(path) {
            state.nodes.insert(path)
            path = parent(of: path)
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else {
            return "/"
        }
        return String(path[..<slash])
    }

    private static func attributeJSON(_ node: String, _ name: String, _ value: String) -> [String: Any] {
        ["name": name, "node": node, "type": "string", "value": value, "ctime": ctime, "mtime": mtime]
    }

    private static func notFound(_ path: String) -> MockResponse {
        json(["error": "not found", "path": path], status: 404)
    }

    private static func json(_ object: [String: Any], status: Int = 200) -> MockResponse {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return MockResponse(status: status, headers: ["Content-Type": "application/json"], body: data)
    }
}
