import Foundation
import Networking

/// The live feed of new books: a WebSocket opened through the repository's pipeline (pinned, with the session token).
final class LiveRepository: AbstractRepository, @unchecked Sendable {
    /// Opens `wss://…/api/v1/live`, offering the `books.v1` subprotocol.
    func openFeed() async -> Result<WebSocket, RepositoryError> {
        await openWebSocket(path: "live", protocols: ["books.v1"])
    }
}

/// One event of the live feed.
struct LiveEvent: Decodable, Sendable {
    var event: String
    var book: Book
}
