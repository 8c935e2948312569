import Foundation
import Networking

/// Builds the XML bodies of GOM writes (no declaration, UTF-8).
///
/// - an attribute: `<attribute type="string">VALUE</attribute>`
/// - a node: `<node><attribute name="NAME" type="string">VALUE</attribute>…</node>`, sorted by name
///
/// In names and values `&`, `<`, `>`, `"`, `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, and a
/// carriage return becomes `&#13;` (an XML parser would otherwise turn it into a line feed). A value may hold
/// any character XML 1.0 allows (tab and line breaks included); the others (C0 controls, U+FFFE, U+FFFF) have
/// no XML form and are refused. A name must be non-empty and free of controls; the client asks more of names
/// (``GOMPath``'s characters), so that every attribute it writes can also be read by its path.
enum GOMXML {
    /// The body of an attribute write.
    /// - Parameter value: The value.
    /// - Returns: The XML, UTF-8.
    /// - Throws: `RepositoryError/invalidParameters(_:)` when the value holds a character XML cannot carry.
    static func attribute(value: String) throws(RepositoryError) -> Data {
        try validate(value: value, of: nil)
        return Data("<attribute type=\"string\">\(escaped(value))</attribute>".utf8)
    }

    /// The body of a node write or create: one `<attribute>` per entry, sorted by name.
    /// - Parameter attributes: Names and values.
    /// - Returns: The XML, UTF-8.
    /// - Throws: `RepositoryError/invalidParameters(_:)` naming the first bad name or value.
    static func node(attributes: [String: String]) throws(RepositoryError) -> Data {
        var xml = "<node>"
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            try validate(name: name)
            try validate(value: value, of: name)
            xml += "<attribute name=\"\(escaped(name))\" type=\"string\">\(escaped(value))</attribute>"
        }
        xml += "</node>"
        return Data(xml.utf8)
    }

    /// `text` with the five XML special characters and carriage returns as references.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { special($0) != nil }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let reference = special(scalar) {
                result += reference
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func special(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&apos;"
        case "\r": "&#13;"
        default: nil
        }
    }

    private static func validate(name: String) throws(RepositoryError) {
        guard !name.isEmpty else {
            throw .invalidParameters("GOM attribute name is empty")
        }
        if let scalar = name.unicodeScalars.first(where: { GOMPath.isControl($0) || !isXMLCharacter($0) }) {
            throw .invalidParameters(
                "GOM attribute name \(name.debugDescription) contains the control character U+\(hex(scalar))")
        }
    }

    private static func validate(value: String, of name: String?) throws(RepositoryError) {
        if let scalar = value.unicodeScalars.first(where: { !isXMLCharacter($0) }) {
            let owner = name.map { "of attribute \($0.debugDescription) " } ?? ""
            throw .invalidParameters(
                "GOM value \(owner)contains U+\(hex(scalar)), which XML 1.0 cannot carry")
        }
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and above.
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
