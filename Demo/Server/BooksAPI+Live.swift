import Foundation
import Networking
import NetworkingTestKit

extension BooksAPI {
    /// Serves the live feed on its connection's thread: a session token is required (close 4401 otherwise); after
    /// `{"subscribe": "books"}` a book is announced; any other message is echoed.
    func serveLive(_ peer: MockWebSocketPeer) {
        guard peer.request.headers["Authorization"] == currentToken else {
            _ = peer.close(code: 4401, reason: "no session")
            return
        }
        while let message = peer.receive(timeout: 30) {
            if message == .text(#"{"subscribe": "books"}"#) {
                _ = peer.send(
                    .text(
                        #"{"event": "added", "book": {"id": 42, "title": "Rayuela", "author": "Julio Cortázar", "year": 1963, "genre": "Novel"}}"#
                    ))
            } else {
                _ = peer.send(message)
            }
        }
    }
}
