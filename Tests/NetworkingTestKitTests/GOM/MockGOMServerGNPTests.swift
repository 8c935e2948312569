import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockGOMServer GNP", .timeLimit(.minutes(1)))
    struct MockGOMServerGNPTests {
        @Test func aSubscribeIsAnsweredAtOnceWithTheInitialOfAnExistingPath() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(attribute: "/areas/home:volume", value: "11")
            let socket = try await GNPTestSocket.connect(to: gom)

            // When
            let attribute = try await socket.subscribeForInitial("/areas/home:volume")
            let node = try await socket.subscribeForInitial("/areas/home")

            // Then
            #expect(attribute.path == "/areas/home:volume")
            #expect(attribute.key == "initial")
            #expect(attribute.attribute?["value"] == "11")
            #expect(attribute.attribute?["ctime"]?.stringValue?.hasSuffix("+00:00") == true)
            #expect(node.path == "/areas/home")
            #expect(node.inner["node"]?["uri"] == "/areas/home")
            #expect(node.inner["node"]?["entries"]?[0]?["attribute"]?["name"] == "volume")
            #expect(gom.subscribeCount("/areas/home:volume") == 1)
            #expect(gom.openSocketCount == 1)
        }

        @Test func theInitialOfAMissingPathSaysNothingIsThere() async throws {
            // Given
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)

            // When
            let attribute = try await socket.subscribeForInitial("/areas/home:volume")
            let node = try await socket.subscribeForInitial("/areas/home")

            // Then
            #expect(
                attribute.inner == [
                    "attribute": ["name": "volume", "node": "/areas/home", "type": "string", "value": .null]
                ])
            #expect(node.inner == ["node": .null])
        }

        @Test func aPutNotifiesTheAttributesAndTheNodesSubscribers() async throws {
            // Given one socket on the attribute and one on its node
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(attribute: "/areas/home:volume", value: "11")
            let onAttribute = try await GNPTestSocket.connect(to: gom)
            let onNode = try await GNPTestSocket.connect(to: gom)
            _ = try await onAttribute.subscribeForInitial("/areas/home:volume")
            _ = try await onNode.subscribeForInitial("/areas/home")

            // When
            let response = try await gom.put("/areas/home:volume", value: "12")
            let attributeFrame = try await onAttribute.nextFrame()
            let nodeFrame = try await onNode.nextFrame()

            // Then each gets the update under the path it subscribed
            #expect(response.statusCode == 200)
            #expect(attributeFrame.path == "/areas/home:volume")
            #expect(attributeFrame.event == "update")
            #expect(attributeFrame.attribute?["value"] == "12")
            #expect(attributeFrame.attribute?["node"] == "/areas/home")
            #expect(nodeFrame.path == "/areas/home")
            #expect(nodeFrame.event == "update")
            #expect(nodeFrame.attribute?["name"] == "volume")
        }

        @Test func createsAndDeletesReachTheParentsSubscribers() async throws {
            // Given a subscriber of /areas
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(node: "/areas")
            gom.createAnswer = .created
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/areas")

            // When a child is created, then destroyed
            let created = try await gom.send(
                .post, "/areas", xml: #"<node><attribute name="n" type="string">1</attribute></node>"#)
            let child = try #require(created.headers["Location"])
            let createFrame = try await socket.nextFrame()
            _ = try await gom.send(.delete, child)
            let deleteFrame = try await socket.nextFrame()

            // Then
            #expect(createFrame.event == "create")
            #expect(createFrame.entity?["node"]?["uri"] == .string(child))
            #expect(createFrame.entity?["node"]?["entries"]?[0]?["attribute"]?["value"] == "1")
            #expect(deleteFrame.event == "delete")
            #expect(deleteFrame.entity == ["node": ["uri": .string(child)]])
        }

        @Test func anAttributeDeleteCarriesANullValue() async throws {
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            gom.seed(attribute: "/a:x", value: "1")
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")

            _ = try await gom.send(.delete, "/a:x")
            let frame = try await socket.nextFrame()

            #expect(frame.event == "delete")
            #expect(frame.attribute?["name"] == "x")
            #expect(frame.attribute?["value"] == .null)
        }

        @Test func anUnsubscribeStopsTheFrames() async throws {
            // Given a socket subscribed to two attributes
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")
            _ = try await socket.subscribeForInitial("/a:y")

            // When it unsubscribes from one, and both change
            try await socket.unsubscribe("/a:x")
            #expect(await WebSocketFixtures.eventually { gom.unsubscribeCount("/a:x") == 1 })
            _ = try await gom.put("/a:x", value: "1")
            _ = try await gom.put("/a:y", value: "2")

            // Then only the other one's change arrives
            let frame = try await socket.nextFrame()
            #expect(frame.path == "/a:y")
            #expect(frame.event == "create")
            #expect(gom.unsubscribeCount("/a:x") == 1)
            #expect(gom.subscriberCount("/a:x") == 0)
            #expect(gom.subscriberCount("/a:y") == 1)
        }

        @Test func serverSideWritesNotifyToo() async throws {
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a")

            gom.update(attribute: "/a:x", value: "1")
            let frames = [try await socket.nextFrame(), try await socket.nextFrame()]
            gom.destroy("/a:x")
            let deleted = try await socket.nextFrame()

            // The node /a did not exist: its create comes first, then the attribute's
            #expect(frames.map(\.event) == ["create", "create"])
            #expect(frames[0].entity?["node"]?["uri"] == "/a")
            #expect(frames[1].attribute?["value"] == "1")
            #expect(deleted.event == "delete")
        }

        @Test func theSocketWorksOverTLS() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let gom = try MockGOMServer(tls: certificate)
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")

            // When
            _ = try await gom.put("/a:x", value: "secure")
            let frame = try await socket.nextFrame()

            // Then
            #expect(frame.attribute?["value"] == "secure")
        }

        @Test func aClosedSocketIsForgotten() async throws {
            let gom = try MockGOMServer()
            defer { gom.shutdown() }
            let socket = try await GNPTestSocket.connect(to: gom)
            _ = try await socket.subscribeForInitial("/a:x")

            await socket.close()

            #expect(await WebSocketFixtures.eventually { gom.openSocketCount == 0 })
            #expect(gom.subscriberCount("/a:x") == 0)
        }
    }
}
