import Foundation
import NetworkingTestKit

/// The demo's two HTTPS servers on 127.0.0.1: the books API with the bundled certificate, and an
/// impostor with a freshly generated one.
struct DemoServers: Sendable {
    let api: MockServer
    let impostor: MockServer
    let books: BooksAPI

    /// Starts both servers.
    static func start() throws -> DemoServers {
        let books = BooksAPI()
        let api = try MockServer(tls: DemoCertificate.load())
        api.dispatcher = { books.respond(to: $0) }
        api.webSocket("/api/v1/live", upgrade: .acceptFirst(of: ["books.v1"])) { books.serveLive($0) }
        let impostor = try MockServer(tls: .selfSigned(commonName: "localhost"))
        impostor.dispatcher = { books.respond(to: $0) }
        impostor.webSocket("/api/v1/live", upgrade: .acceptFirst(of: ["books.v1"])) { books.serveLive($0) }
        return DemoServers(api: api, impostor: impostor, books: books)
    }

    func shutdown() {
        api.shutdown()
        impostor.shutdown()
    }
}

/// The certificate and key the demo API serves; the DER file is also what the demo pins.
enum DemoCertificate {
    struct MissingResource: Error, CustomStringConvertible {
        var name: String
        var description: String { "the Demo bundle lacks \(name)" }
    }

    static func load() throws -> TestCertificate {
        guard let derURL = Bundle.module.url(forResource: "books-api", withExtension: "der"),
            let keyURL = Bundle.module.url(forResource: "demo-key", withExtension: "pem")
        else {
            throw MissingResource(name: "books-api.der or demo-key.pem")
        }
        return try TestCertificate(
            der: Data(contentsOf: derURL), privateKeyPEM: String(decoding: Data(contentsOf: keyURL), as: UTF8.self))
    }
}
