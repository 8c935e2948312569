import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockGOMServer REST", .timeLimit(.minutes(1)))
    struct MockGOMServerRESTTests {
        static let ctime = Date(timeIntervalSince1970: 1_388_335_732)
        static let mtime = Date(timeIntervalSince1970: 1_388_335_733.25)
        static let plusOne = TimeZone(secondsFromGMT: 3600)

        @Test func anAttributeReadsInTheGOMShapeWithItsSeededDatesAndOffset() async throws {
            // Given an attribute seeded with explicit dates at +01:00
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(
                attribute: "/areas/home:volume", value: "11", ctime: Self.ctime, mtime: Self.mtime,
                timeZone: Self.plusOne)

            // When
            let response = try await gom.send(.get, "/areas/home:volume")

            // Then
            #expect(response.statusCode == 200)
            #expect(response.headers["Content-Type"] == "application/json")
            let attribute = try #require(try JSONValue(parsing: response.body)["attribute"])
            #expect(attribute["name"] == "volume")
            #expect(attribute["node"] == "/areas/home")
            #expect(attribute["type"] == "string")
            #expect(attribute["value"] == "11")
            #expect(attribute["ctime"] == "2013-12-29T17:48:52+01:00")
            #expect(attribute["mtime"] == "2013-12-29T17:48:53.250+01:00")
        }

        @Test func aNodeListsItsAttributesThenItsChildren() async throws {
            // Given a node with two attributes and a child, seeded in UTC
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(node: "/areas/home", ctime: Self.ctime, mtime: Self.mtime)
            gom.seed(attribute: "/areas/home:volume", value: "11", ctime: Self.ctime)
            gom.seed(attribute: "/areas/home:mode", value: "quiet", ctime: Self.ctime)
            gom.seed(node: "/areas/home/kitchen", ctime: Self.ctime)

            // When
            let response = try await gom.send(.get, "/areas/home")

            // Then
            let node = try #require(try JSONValue(parsing: response.body)["node"])
            #expect(node["uri"] == "/areas/home")
            #expect(node["ctime"] == "2013-12-29T16:48:52+00:00")
            #expect(node["mtime"] == "2013-12-29T16:48:53.250+00:00")
            let entries = try #require(node["entries"]?.arrayValue)
            #expect(entries.count == 3)
            #expect(entries[0]["attribute"]?["name"] == "mode")
            #expect(entries[1]["attribute"]?["name"] == "volume")
            #expect(entries[2]["node"] == "/areas/home/kitchen")
            #expect(entries[2]["ctime"] == "2013-12-29T16:48:52+00:00")
        }

        @Test(arguments: ["/areas/nowhere", "/areas/home:nothing"])
        func aMissingPathIs404WithAJSONBody(path: String) async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(node: "/areas/home")

            // When
            let response = try await gom.send(.get, path)

            // Then
            #expect(response.statusCode == 404)
            let body = try JSONValue(parsing: response.body)
            #expect(body["error"] == "not found")
            #expect(body["path"] == .string(path))
        }

        @Test func anAttributePutAnswers201ThenCreatesNodesAndThen200() async throws {
            // Given an empty GOM whose new writes are dated in +01:00
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.timeZone = try #require(Self.plusOne)

            // When the attribute is written twice
            let first = try await gom.put("/areas/home:volume", value: "11 &amp; more")
            let second = try await gom.put("/areas/home:volume", value: "12")

            // Then the first created it (and its node and ancestors), the second updated it
            #expect(first.statusCode == 201)
            #expect(try JSONValue(parsing: first.body) == ["status": 201])
            #expect(second.statusCode == 200)
            #expect(try JSONValue(parsing: second.body) == ["status": 200])
            #expect(gom.value(at: "/areas/home:volume") == "12")
            #expect(gom.nodeExists("/areas") && gom.nodeExists("/areas/home"))
            let mtime = try #require(
                try JSONValue(parsing: try await gom.send(.get, "/areas/home:volume").body)["attribute"]?["mtime"]?
                    .stringValue)
            #expect(mtime.hasSuffix("+01:00"))
            #expect(
                gom.writeBodies.first
                    == MockGOMWriteBody(
                        method: "PUT", path: "/areas/home:volume",
                        body: #"<attribute type="string">11 &amp; more</attribute>"#))
        }

        @Test func aNodePutMergesTheNamedAttributesAndKeepsTheOthers() async throws {
            // Given a node with two attributes
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(attribute: "/areas/home:volume", value: "11")
            gom.seed(attribute: "/areas/home:mode", value: "quiet")
            let body =
                #"<node><attribute name="light" type="string">on</attribute>"#
                + #"<attribute name="volume" type="string">3 &lt; 4</attribute></node>"#

            // When
            let response = try await gom.send(.put, "/areas/home", xml: body)

            // Then
            #expect(response.statusCode == 200)
            #expect(gom.attributes(of: "/areas/home") == ["light": "on", "mode": "quiet", "volume": "3 < 4"])
        }

        @Test func aNodePutCreatesAMissingNodeWith201() async throws {
            let gom = try MockGOMServer()
            defer { gom.shutdown() }

            let response = try await gom.send(
                .put, "/new/node", xml: #"<node><attribute name="a" type="string">1</attribute></node>"#)

            #expect(response.statusCode == 201)
            #expect(gom.value(at: "/new/node:a") == "1")
        }

        @Test(arguments: ["127.0.0.1", "localhost"])
        func aCreateAnswers303WithAnAbsoluteLocationOnTheHostCalled(host: String) async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(node: "/areas")

            // When
            let response = try await gom.send(
                .post, "/areas", xml: #"<node><attribute name="name" type="string">hall</attribute></node>"#,
                host: host)

            // Then the new node is /areas/<lowercase uuid>, named in an absolute Location
            #expect(response.statusCode == 303)
            let child = try #require(gom.childNodes(of: "/areas").first)
            let uuid = String(child.dropFirst("/areas/".count))
            #expect(UUID(uuidString: uuid) != nil && uuid == uuid.lowercased())
            #expect(response.headers["Location"] == "http://\(host):\(gom.port)\(child)")
            #expect(gom.value(at: "\(child):name") == "hall")
            #expect(gom.postCount("/areas") == 1)
        }

        @Test func aCreateAnswers201WithAPathOnlyLocationWhenSetSo() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(node: "/areas")
            gom.createAnswer = .created

            // When
            let response = try await gom.send(.post, "/areas", xml: "<node></node>")

            // Then
            #expect(response.statusCode == 201)
            let child = try #require(gom.childNodes(of: "/areas").first)
            #expect(response.headers["Location"] == child)
            #expect(try JSONValue(parsing: response.body)["node"]?["uri"] == .string(child))
        }

        @Test func aCreateUnderAMissingParentIs404AndStillCounted() async throws {
            let gom = try MockGOMServer()
            defer { gom.shutdown() }

            let response = try await gom.send(.post, "/nowhere", xml: "<node/>")

            #expect(response.statusCode == 404)
            #expect(gom.postCount("/nowhere") == 1)
            #expect(gom.writeBodies == [MockGOMWriteBody(method: "POST", path: "/nowhere", body: "<node/>")])
        }

        @Test(arguments: ["<attribute type=\"string\">unclosed", "", "not xml at all"])
        func anUnparsableBodyIs400(body: String) async throws {
            let gom = try MockGOMServer()
            defer { gom.shutdown() }

            let response = try await gom.send(.put, "/areas/home:volume", xml: body)

            #expect(response.statusCode == 400)
            #expect(gom.value(at: "/areas/home:volume") == nil)
            #expect(gom.writeBodies.map(\.body) == [body])
        }

        @Test func deleteRemovesAnAttributeOrASubtreeAndMissingIs404() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(attribute: "/a/b:x", value: "1")
            gom.seed(attribute: "/a/b/c:y", value: "2")

            // When
            let attribute = try await gom.send(.delete, "/a/b:x")
            let node = try await gom.send(.delete, "/a/b")
            let again = try await gom.send(.delete, "/a/b")

            // Then
            #expect(attribute.statusCode == 200)
            #expect(try JSONValue(parsing: attribute.body) == ["status": 200])
            #expect(node.statusCode == 200)
            #expect(again.statusCode == 404)
            #expect(!gom.nodeExists("/a/b") && !gom.nodeExists("/a/b/c") && gom.nodeExists("/a"))
            #expect(gom.childNodes(of: "/a").isEmpty)
        }

        @Test func headersAreCheckedLeniently() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(attribute: "/a:x", value: "1")

            // When
            let bare = try await gom.send(.get, "/a:x", headers: [:])
            let html = try await gom.send(.get, "/a:x", headers: ["Accept": "text/html"])
            let untyped = try await gom.send(
                .put, "/a:x", xml: #"<attribute type="string">2</attribute>"#, headers: [:])
            let form = try await gom.send(
                .put, "/a:x", xml: "attribute=3&type=string",
                headers: ["Content-Type": "application/x-www-form-urlencoded"])

            // Then
            #expect(bare.statusCode == 200)
            #expect(html.statusCode == 406)
            #expect(untyped.statusCode == 200)
            #expect(form.statusCode == 415)
            #expect(gom.value(at: "/a:x") == "2")
        }

        @Test(arguments: ["127.0.0.1", "localhost"])
        func theProxyAttributeNamesTheSocketOnTheHostCalled(host: String) async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }

            // When
            let computed = try await gom.send(.get, MockGOMServer.proxyPath, host: host)
            gom.proxyURL = URL(string: "ws://proxy.example:9000/gnp")
            let overridden = try await gom.send(.get, MockGOMServer.proxyPath, host: host)

            // Then
            let value = try JSONValue(parsing: computed.body)["attribute"]?["value"]
            #expect(value == .string("ws://\(host):\(gom.port)/gnp"))
            #expect(try JSONValue(parsing: overridden.body)["attribute"]?["value"] == "ws://proxy.example:9000/gnp")
            #expect(gom.value(at: MockGOMServer.proxyPath) == "ws://proxy.example:9000/gnp")
        }

        @Test func tlsServesHTTPSAndWSSURLs() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let gom = try MockGOMServer(tls: certificate)
            defer { gom.shutdown() }
            gom.seed(node: "/areas")

            // When
            let proxy = try await gom.send(.get, MockGOMServer.proxyPath, host: "localhost")
            let create = try await gom.send(.post, "/areas", xml: "<node/>", host: "localhost")

            // Then
            #expect(
                try JSONValue(parsing: proxy.body)["attribute"]?["value"] == .string("wss://localhost:\(gom.port)/gnp"))
            #expect(create.headers["Location"]?.hasPrefix("https://localhost:\(gom.port)/areas/") == true)
            #expect(gom.webSocketURL.absoluteString == "wss://127.0.0.1:\(gom.port)/gnp")
        }
    }
}
