import Foundation
import Networking

/// The REST side of a ``MockGOMServer`` (/work/notes/gom-wire.md): JSON reads, XML writes, creates under a new UUID,
/// `404` with a JSON body for what is missing.
extension MockGOMStore {
    /// Answers one request; the XML body was parsed before the lock was taken (`nil`: absent or not well-formed).
    mutating func answer(_ request: RecordedRequest, document: MockGOMXMLReader.Document?) -> MockResponse {
        let text = request.path.removingPercentEncoding ?? request.path
        if ["PUT", "POST", "DELETE"].contains(request.method) {
            writeBodies.append(
                MockGOMWriteBody(
                    method: request.method, path: text, body: String(decoding: request.body, as: UTF8.self)))
        }
        if request.method == "POST" {
            postCounts[text, default: 0] += 1
        }
        guard let path = MockGOMPath(text) else {
            return Self.json(MockGOMJSON.error("not a GOM path", path: text), status: 400)
        }
        switch request.method {
        case "GET", "HEAD":
            guard Self.acceptsJSON(request) else {
                return Self.json(MockGOMJSON.error("only application/json is served", path: text), status: 406)
            }
            guard let json = tree.json(path, proxy: proxy(host: request.headers["Host"])) else {
                return Self.notFound(text)
            }
            return Self.json(json)
        case "PUT", "POST":
            guard Self.sendsXML(request) else {
                return Self.json(MockGOMJSON.error("send Content-Type: application/xml", path: text), status: 415)
            }
            guard let document else {
                return Self.json(MockGOMJSON.error("the body is not well-formed XML", path: text), status: 400)
            }
            return request.method == "PUT"
                ? update(path, document) : create(under: path, document, host: request.headers["Host"])
        case "DELETE":
            guard path.node != "/" || path.attribute != nil else {
                return Self.json(MockGOMJSON.error("the root cannot be destroyed", path: text), status: 400)
            }
            return destroy(path) ? Self.json(MockGOMJSON.status(200)) : Self.notFound(text)
        default:
            var response = Self.json(MockGOMJSON.error("method \(request.method) not allowed", path: text), status: 405)
            response.headers["Allow"] = "GET, HEAD, PUT, POST, DELETE"
            return response
        }
    }

    private mutating func update(_ path: MockGOMPath, _ document: MockGOMXMLReader.Document) -> MockResponse {
        let created: Bool
        if let name = path.attribute {
            guard document.root == "attribute", let attribute = document.attributes.first else {
                return Self.json(MockGOMJSON.error("expected <attribute>", path: path.description), status: 400)
            }
            created = writeAttribute(path.node, name, value: attribute.value, type: attribute.type ?? "string")
        } else {
            guard let attributes = Self.nodeAttributes(document) else {
                return Self.json(
                    MockGOMJSON.error("expected <node> with named <attribute>s", path: path.description), status: 400)
            }
            created = writeNode(path.node, attributes: attributes)
        }
        let status = created ? 201 : 200
        return Self.json(MockGOMJSON.status(status), status: status)
    }

    private mutating func create(
        under parent: MockGOMPath, _ document: MockGOMXMLReader.Document, host: String?
    ) -> MockResponse {
        guard parent.attribute == nil else {
            return Self.json(MockGOMJSON.error("create needs a parent node", path: parent.description), status: 400)
        }
        guard let attributes = Self.nodeAttributes(document) else {
            return Self.json(
                MockGOMJSON.error("expected <node> with named <attribute>s", path: parent.description), status: 400)
        }
        guard let child = createNode(under: parent.node, attributes: attributes) else {
            return Self.notFound(parent.description)
        }
        switch createAnswer {
        case .seeOther:
            let location = "\(httpScheme)://\(host ?? defaultHost)\(child)"
            return MockResponse(status: 303, headers: ["Location": location])
        case .created:
            let body = tree.nodeJSON(child, proxy: proxy(host: host)) ?? MockGOMJSON.status(201)
            return MockResponse(status: 201, headers: ["Location": child], json: body)
        }
    }

    /// The `<attribute>`s of a `<node>` document, or `nil` when it is not one or an attribute has no name.
    private static func nodeAttributes(_ document: MockGOMXMLReader.Document) -> [MockGOMXMLReader.Attribute]? {
        guard document.root == "node", document.attributes.allSatisfy({ !($0.name ?? "").isEmpty }) else {
            return nil
        }
        return document.attributes
    }

    /// Whether the request takes JSON: no `Accept` field, or one naming JSON or `*/*`.
    private static func acceptsJSON(_ request: RecordedRequest) -> Bool {
        guard let accept = request.headers["Accept"]?.lowercased(), !accept.isEmpty else { return true }
        return accept.contains("json") || accept.contains("*/*")
    }

    /// Whether the request's body may be XML: no `Content-Type` field, or one naming XML.
    private static func sendsXML(_ request: RecordedRequest) -> Bool {
        guard let type = request.headers["Content-Type"]?.lowercased(), !type.isEmpty else { return true }
        return type.contains("xml")
    }

    static func json(_ text: String, status: Int = 200) -> MockResponse {
        MockResponse(status: status, json: text)
    }

    private static func notFound(_ path: String) -> MockResponse {
        json(MockGOMJSON.error("not found", path: path), status: 404)
    }
}
