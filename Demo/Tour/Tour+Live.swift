import Foundation
import Networking

extension Tour {
    func live() async {
        console.section(9, "Live updates — a pinned WebSocket through the same repository")
        let repository = LiveRepository(configuration: configuration, sessionManager: session)
        let opened = await step(
            "open wss live (books.v1)",
            check: { result in
                guard case .success(let socket) = result else { return (false, "\(result)") }
                return (
                    socket.selectedProtocol == "books.v1",
                    "101 Switching Protocols, pinned, subprotocol \(socket.selectedProtocol ?? "none")"
                )
            },
            call: { await repository.openFeed() }
        )
        guard case .success(let socket) = opened else {
            return
        }
        var iterator = socket.messages.makeAsyncIterator()
        await step(
            "subscribe → pushed book",
            check: { result in
                guard case .success(let event) = result else { return (false, "\(result)") }
                return (event.book.title == "Rayuela", "\(event.event): \(event.book.title) (\(event.book.year))")
            },
            call: { () -> Result<LiveEvent, RepositoryError> in
                if case .failure(let error) = await socket.send(.text(#"{"subscribe": "books"}"#)) {
                    return .failure(error)
                }
                do {
                    guard case .text(let text)? = try await iterator.next() else {
                        return .failure(.decodeError(.custom("the feed sent no text message")))
                    }
                    return .success(try JSONDecoder().decode(LiveEvent.self, from: Data(text.utf8)))
                } catch let error as RepositoryError {
                    return .failure(error)
                } catch {
                    return .failure(.decodeError(.custom("\(error)")))
                }
            }
        )
        await step(
            "ping → pong",
            check: { result in
                guard case .success = result else { return (false, "\(result)") }
                return (true, "the server answered the ping")
            },
            call: { await socket.ping() }
        )
        await step(
            "close 1000",
            check: { result in
                guard case .success(let code) = result else { return (false, "\(result)") }
                return (
                    code == 1000, "closing handshake done, the server answered \(code.map(String.init) ?? "nothing")"
                )
            },
            call: { () -> Result<Int?, RepositoryError> in
                await socket.close()
                return .success(socket.closeCode)
            }
        )
    }
}
