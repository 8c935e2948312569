import Foundation
import Networking
import Testing

@testable import NetworkingGOM

@Suite("GOM XML bodies", .timeLimit(.minutes(1)))
struct GOMXMLTests {
    @Test("an attribute body carries its value escaped")
    func attribute() throws {
        // Given a value with every character XML reserves
        let value = #"a & b <c> "d" 'e'"#

        // When its body is built
        let body = try GOMXML.attribute(value: value)

        // Then each is a reference, and XMLParser reads the value back
        let expected = #"<attribute type="string">a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</attribute>"#
        #expect(String(decoding: body, as: UTF8.self) == expected)
        #expect(GOMXMLReader.read(body)?.value == value)
    }

    @Test("a node body lists its attributes sorted by name, names and values escaped")
    func node() throws {
        // Given attributes whose names and values hold reserved characters
        let attributes = ["zeta": "last", #"a<&"'>b"#: #"<&"'>"#, "mid": ""]

        // When the body is built
        let body = try GOMXML.node(attributes: attributes)

        // Then they come sorted, escaped, and XMLParser reads them back
        let expected =
            #"<node><attribute name="a&lt;&amp;&quot;&apos;&gt;b" type="string">&lt;&amp;&quot;&apos;&gt;</attribute>"#
            + #"<attribute name="mid" type="string"></attribute>"#
            + #"<attribute name="zeta" type="string">last</attribute></node>"#
        #expect(String(decoding: body, as: UTF8.self) == expected)
        let document = try #require(GOMXMLReader.read(body))
        #expect(document.root == "node")
        #expect(document.attributes.map(\.name) == [#"a<&"'>b"#, "mid", "zeta"])
        #expect(document.attributes.map(\.value) == [#"<&"'>"#, "", "last"])
        #expect(document.attributes.allSatisfy { $0.type == "string" })
        #expect(String(decoding: try GOMXML.node(attributes: [:]), as: UTF8.self) == "<node></node>")
    }

    @Test("line breaks, tabs and any Unicode text survive XMLParser; a carriage return is a reference")
    func whitespaceAndUnicode() throws {
        // Given values with tabs, line breaks of both kinds and text beyond ASCII
        let value = "line 1\r\nline 2\n\tindented: grüße, 日本, 🎛"

        // When its body is built and parsed
        let body = try GOMXML.attribute(value: value)

        // Then the carriage return was sent as &#13; and the value comes back whole
        #expect(String(decoding: body, as: UTF8.self).contains("line 1&#13;\nline 2"))
        #expect(GOMXMLReader.read(body)?.value == value)
    }

    @Test(
        "values XML cannot carry, and empty or control-laden names, are refused",
        arguments: [
            (nil, "a\u{0}b", "U+0000"),
            (nil, "bell\u{7}", "U+0007"),
            (nil, "\u{FFFE}", "U+FFFE"),
            ("ok", "\u{1B}[31m", "U+001B"),
            ("", "v", "empty"),
            ("a\nb", "v", "U+000A"),
            ("a\u{85}", "v", "U+0085"),
        ] as [(String?, String, String)])
    func refused(name: String?, value: String, problem: String) {
        // Given a bad value (alone or in a node) or a bad name
        // When its body is built
        let result = Result { () throws(RepositoryError) in
            if let name {
                return try GOMXML.node(attributes: [name: value])
            }
            return try GOMXML.attribute(value: value)
        }

        // Then it is invalidParameters saying what is wrong
        guard case .failure(.invalidParameters(let message)) = result else {
            Issue.record("expected invalidParameters, got \(result)")
            return
        }
        #expect(message.contains(problem), "\(message)")
    }
}
