import Foundation
import NetworkingGOM
import Testing

@Suite("GOM model", .timeLimit(.minutes(1)))
struct GOMModelTests {
    @Test("an attribute's path joins its node and name; a node finds its attributes by name")
    func paths() {
        let volume = GOMAttribute(
            name: "volume", node: "/areas/home", type: "string", value: "11", ctime: nil, mtime: nil)
        let home = GOMNode(
            uri: "/areas/home", ctime: nil, mtime: nil, attributes: [volume], childNodes: ["/areas/home/kitchen"])

        #expect(volume.path == "/areas/home:volume")
        #expect(home[attribute: "volume"] == volume)
        #expect(home[attribute: "missing"] == nil)
    }
}
