import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a GOM write body with Foundation's `XMLParser`, as the GOM test servers do: the root element's name and
/// its `<attribute>` elements (name, type, text).
final class GOMXMLReader: NSObject, XMLParserDelegate {
    struct Attribute: Equatable {
        var name: String?
        var type: String?
        var value: String
    }

    struct Document: Equatable {
        var root: String
        var attributes: [Attribute]
        /// The text of the root element itself when it is an `<attribute>`.
        var value: String? {
            root == "attribute" ? attributes.first?.value : nil
        }
    }

    private var root: String?
    private var attributes: [Attribute] = []
    private var text: String?

    /// The document in `data`, or `nil` when it is not well-formed XML.
    static func read(_ data: Data) -> Document? {
        let reader = GOMXMLReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else {
            return nil
        }
        return Document(root: root, attributes: reader.attributes)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil {
            root = elementName
        }
        if elementName == "attribute" {
            self.attributes.append(Attribute(name: attributes["name"], type: attributes["type"], value: ""))
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "attribute", let text, !attributes.isEmpty {
            attributes[attributes.count - 1].value = text
            self.text = nil
        }
    }
}
