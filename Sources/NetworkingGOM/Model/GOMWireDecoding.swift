import Foundation
import Networking

/// Turns the GOM's JSON into ``GOMEntry`` values: `{"attribute": {…}}` or `{"node": {…}}`.
///
/// A node's `entries` are attribute wrappers (its ``GOMNode/attributes``) and shallow child references
/// `{"node": "/parent/child", …}` (its ``GOMNode/childNodes``); an entry of any other shape is skipped.
/// Unknown keys are ignored, a `null` or missing value is `nil`, a missing `type` is `string`, and a date that
/// is missing or not one ``GOMDate`` reads is `nil`. Names and paths are required.
enum GOMWireDecoding {
    /// Decodes a retrieve body, the `initial` of a subscription, or the entity of a change.
    /// - Parameters:
    ///   - data: The JSON text.
    ///   - path: The path it is about, for the message.
    /// - Returns: The entry.
    /// - Throws: A `DecodeError` naming `path` when the body is not JSON or is neither shape.
    static func entry(from data: Data, path: String) throws(DecodeError) -> GOMEntry {
        guard let entry = try optionalEntry(from: data, path: path) else {
            throw .custom("GOM \(path): the body holds no entry (null): \(excerpt(data))")
        }
        return entry
    }

    /// Decodes a body that may also say that nothing is there: `{"node": null}`, `{"attribute": null}`.
    /// - Parameters:
    ///   - data: The JSON text.
    ///   - path: The path it is about, for the message.
    /// - Returns: The entry, or `nil` for a `null` wrapper.
    /// - Throws: A `DecodeError` naming `path` when the body is not JSON or has neither key.
    static func optionalEntry(from data: Data, path: String) throws(DecodeError) -> GOMEntry? {
        let wrapper: Wrapper
        do {
            wrapper = try JSONDecoder().decode(Wrapper.self, from: data)
        } catch let error as DecodingError {
            if (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) == nil {
                throw .custom("GOM \(path): the body is not JSON: \(excerpt(data))")
            }
            if case .typeMismatch(_, let context) = error, context.codingPath.isEmpty {
                throw neither(data, path: path)  // an array, a string, a number…
            }
            throw .custom("GOM \(path): \(DecodeError(error).description) in \(excerpt(data))")
        } catch {
            throw .custom("GOM \(path): \(error)")
        }
        switch wrapper {
        case .attribute(let attribute): return attribute.map { .attribute($0.model) }
        case .node(let node): return node.map { .node($0.model) }
        case .neither: throw neither(data, path: path)
        }
    }

    /// Decodes a GNP change payload, `{"update": {"attribute": …}}` (or `create`, `delete`; an entity of either
    /// kind), in one pass.
    /// - Parameter data: The payload's JSON text.
    /// - Returns: The event's name and entry (`nil` for a `null` entity), or `nil` when the payload is not exactly one
    ///   event of an entity.
    static func change(from data: Data) -> (event: String, entry: GOMEntry?)? {
        guard let payload = try? JSONDecoder().decode([String: Wrapper].self, from: data), payload.count == 1,
            let (event, wrapper) = payload.first
        else {
            return nil
        }
        switch wrapper {
        case .attribute(let attribute): return (event, attribute.map { .attribute($0.model) })
        case .node(let node): return (event, node.map { .node($0.model) })
        case .neither: return nil
        }
    }

    private static func neither(_ data: Data, path: String) -> DecodeError {
        .custom("GOM \(path): the body is neither {\"attribute\": {…}} nor {\"node\": {…}}: \(excerpt(data))")
    }

    /// The start of a body for a message.
    private static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self)
        return data.count > 200 ? text + "… (\(data.count) bytes)" : text
    }

    private enum WrapperKey: String, CodingKey {
        case attribute, node
    }

    /// The outer object: which key it has, and whether its value is `null`.
    private enum Wrapper: Decodable {
        case attribute(WireAttribute?)
        case node(WireNode?)
        case neither

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WrapperKey.self)
            if container.contains(.attribute) {
                self = .attribute(try container.decodeIfPresent(WireAttribute.self, forKey: .attribute))
            } else if container.contains(.node) {
                self = .node(try container.decodeIfPresent(WireNode.self, forKey: .node))
            } else {
                self = .neither
            }
        }
    }

    private enum FieldKey: String, CodingKey {
        case name, node, type, value, ctime, mtime, uri, entries
    }

    /// `{"name", "node", "type", "value", "ctime", "mtime"}`.
    private struct WireAttribute: Decodable {
        let model: GOMAttribute

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: FieldKey.self)
            model = GOMAttribute(
                name: try container.decode(String.self, forKey: .name),
                node: try container.decode(String.self, forKey: .node),
                type: try container.decodeIfPresent(String.self, forKey: .type) ?? "string",
                value: try container.decodeIfPresent(String.self, forKey: .value),
                ctime: GOMWireDecoding.date(container, .ctime),
                mtime: GOMWireDecoding.date(container, .mtime))
        }
    }

    /// `{"uri", "ctime", "mtime", "entries"}`.
    private struct WireNode: Decodable {
        let model: GOMNode

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: FieldKey.self)
            let entries = try container.decodeIfPresent([WireNodeEntry].self, forKey: .entries) ?? []
            model = GOMNode(
                uri: try container.decode(String.self, forKey: .uri),
                ctime: GOMWireDecoding.date(container, .ctime),
                mtime: GOMWireDecoding.date(container, .mtime),
                attributes: entries.compactMap(\.attribute),
                childNodes: entries.compactMap(\.childNode))
        }
    }

    /// One of a node's entries: an attribute wrapper, a child reference, or something skipped.
    private struct WireNodeEntry: Decodable {
        let attribute: GOMAttribute?
        let childNode: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WrapperKey.self)
            if container.contains(.attribute) {
                attribute = try container.decode(WireAttribute.self, forKey: .attribute).model
                childNode = nil
            } else if let child = try? container.decode(String.self, forKey: .node) {
                attribute = nil
                childNode = child
            } else {
                // A deeper server may nest the child as an object; its `uri` is still the path.
                attribute = nil
                childNode = try? container.decode(ChildObject.self, forKey: .node).uri
            }
        }
    }

    private struct ChildObject: Decodable {
        let uri: String
    }

    /// A date field, `nil` when it is missing, `null`, not text, or not a date ``GOMDate`` reads.
    private static func date(_ container: KeyedDecodingContainer<FieldKey>, _ key: FieldKey) -> Date? {
        (try? container.decodeIfPresent(String.self, forKey: key)).flatMap { $0 }.flatMap(GOMDate.parse)
    }
}
