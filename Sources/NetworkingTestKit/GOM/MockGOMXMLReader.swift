import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a GOM write body with Foundation's `XMLParser`: `<attribute type="string">value</attribute>`, or `<node>`
/// holding `<attribute name="…" type="string">value</attribute>` elements.
final class MockGOMXMLReader: NSObject, XMLParserDelegate {
    /// One `<attribute>` element.
    struct Attribute: Equatable {
        var name: String?
        var type: String?
        var value: String
    }

    /// A parsed body: its root element's name and its `<attribute>` elements (the root itself when it is one).
    struct Document: Equatable {
        var root: String
        var attributes: [Attribute]
    }

    private var root: String?
    /// How many elements are open; the document is whole when the root has closed.
    private var depth = 0
    private var rootClosed = false
    private var attributes: [Attribute] = []
    /// The text of the `<attribute>` element being read.
    private var text: String?

    /// The document in `data`, or `nil` when it is not well-formed XML.
    static func read(_ data: Data) -> Document? {
        guard !data.isEmpty else { return nil }
        let reader = MockGOMXMLReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), reader.rootClosed, let root = reader.root else { return nil }
        return Document(root: root, attributes: reader.attributes)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil {
            root = elementName
        }
        depth += 1
        if elementName == "attribute" {
            self.attributes.append(Attribute(name: attributes["name"], type: attributes["type"], value: ""))
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text? += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        rootClosed = rootClosed || depth == 0
        if elementName == "attribute", let text, !attributes.isEmpty {
            attributes[attributes.count - 1].value = text
            self.text = nil
        }
    }
}
