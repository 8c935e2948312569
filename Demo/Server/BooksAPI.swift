import Foundation
import Networking
import NetworkingTestKit

/// The demo's books API: routes of `/api/v1` answered from memory, served by a `MockServer`.
final class BooksAPI: Sendable {
    static let token = "demo-session-token-5f2a"
    /// The token `POST users/refresh` issues once ``expireSessions()`` has made ``token`` stale.
    static let refreshedToken = "demo-session-token-9c41"
    /// How many `GET stats` fail (503) before one succeeds.
    static let statsFailures = 2
    static let username = "reader"
    static let password = "correct horse battery staple"

    private struct State {
        var books: [Book] = BooksAPI.seed
        var reportPolls = 0
        var statsRequests = 0
        var validToken = BooksAPI.token
        var staleToken: String?
        var refreshes = 0
        var shelfRequests = 0
    }

    private let state = Locked(State())

    /// Answers one request.
    func respond(to request: RecordedRequest) -> MockResponse {
        let route = request.path.hasPrefix("/api/v1/") ? String(request.path.dropFirst("/api/v1/".count)) : ""
        switch (request.method, route) {
        case ("GET", "books"): return booksPage(query: request.query)
        case ("GET", "books/export.csv"): return export()
        case ("POST", "books"): return addBook(request.body)
        case ("GET", _) where route.hasPrefix("books/"): return book(id: Int(route.dropFirst("books/".count)))
        case ("POST", "users/login"): return login(request.body)
        case ("POST", "users/refresh"): return refresh(request.body)
        case ("GET", "stats"): return stats()
        case ("GET", "catalog"): return catalog()
        case ("GET", "shelf"): return shelf(request)
        case ("GET", "preferences"): return preferences(request)
        case ("GET", _) where route.hasPrefix("catalog/"):
            return json(404, #"{"error": "book_not_found", "detail": "no book \#(route.dropFirst(8)) in the catalog"}"#)
        case ("POST", _) where route.hasPrefix("books/") && route.hasSuffix("/cover"):
            return cover(request, route: route)
        case ("GET", "users/me"): return currentUser(request)
        case ("GET", "entities/failing"):
            return json(423, #"{"error": "entity_locked", "detail": "entity 7 is locked"}"#)
        case ("GET", "entities"): return entities(query: request.query)
        case ("POST", "reports"): return startReport()
        case ("GET", "reports/1"): return pollReport()
        default: return json(404, #"{"error": "not_found", "path": "\#(request.path)"}"#)
        }
    }

    private func booksPage(query: String?) -> MockResponse {
        let page = Self.parameter("page", in: query).flatMap(Int.init) ?? 1
        let books = state.withLock { $0.books }
        let pageSize = 4
        let total = max(1, (books.count + pageSize - 1) / pageSize)
        let slice = books.dropFirst((page - 1) * pageSize).prefix(pageSize)
        return encoded(200, PageBody(books: Array(slice), page: .init(current: page, total: total)))
    }

    private func book(id: Int?) -> MockResponse {
        guard let id, let book = state.withLock({ $0.books.first { $0.id == id } }) else {
            return json(404, #"{"error": "book_not_found"}"#)
        }
        return encoded(200, book)
    }

    private func addBook(_ body: Data) -> MockResponse {
        guard let new = try? JSONDecoder().decode(NewBookBody.self, from: body) else {
            return json(422, #"{"error": "invalid_book"}"#)
        }
        let book = state.withLock { state in
            let book = Book(
                id: (state.books.map(\.id).max() ?? 0) + 1, title: new.title, author: new.author, year: new.year,
                genre: new.genre)
            state.books.append(book)
            return book
        }
        return encoded(201, book)
    }

    private func login(_ body: Data) -> MockResponse {
        let credentials = try? JSONDecoder().decode([String: String].self, from: body)
        guard credentials?["username"] == Self.username, credentials?["password"] == Self.password else {
            return json(401, #"{"error": "invalid_credentials"}"#)
        }
        let token = currentToken
        return json(200, #"{"token": "\#(token)", "user": {"id": 1, "username": "reader", "name": "Ada Reader"}}"#)
    }

    /// Makes the session token stale, as a server does when it expires: requests carrying it get 401 and
    /// `POST users/refresh` swaps it for ``refreshedToken``.
    func expireSessions() {
        state.withLock { state in
            state.staleToken = state.validToken
            state.validToken = Self.refreshedToken
        }
    }

    /// The token `GET users/me` accepts now.
    var currentToken: String {
        state.withLock { $0.validToken }
    }

    /// The number of successful `POST users/refresh` calls.
    var refreshCount: Int {
        state.withLock { $0.refreshes }
    }

    /// The number of `GET stats` requests received.
    var statsRequestCount: Int {
        state.withLock { $0.statsRequests }
    }

    private func refresh(_ body: Data) -> MockResponse {
        let expired = (try? JSONDecoder().decode([String: String].self, from: body))?["token"]
        let token = state.withLock { state -> String? in
            guard let expired, expired == state.staleToken else { return nil }
            state.refreshes += 1
            return state.validToken
        }
        guard let token else {
            return json(401, #"{"error": "not_refreshable"}"#)
        }
        return json(200, #"{"token": "\#(token)"}"#)
    }

    /// The size of `GET books/export.csv`.
    static let exportSize = 6 << 20

    /// A large CSV export, dripped out at 12 MiB/s so that a terminal shows its progress for half a second.
    private func export() -> MockResponse {
        let header = "id,title,author,year,genre\n"
        let books = state.withLock { $0.books }
        var lines = ""
        for book in books {
            lines += "\(book.id),\"\(book.title)\",\"\(book.author)\",\(book.year),\(book.genre)\n"
        }
        var body = Data(header.utf8)
        let block = Data(lines.utf8)
        while body.count + block.count <= Self.exportSize {
            body.append(block)
        }
        body.append(Data(repeating: UInt8(ascii: "\n"), count: Self.exportSize - body.count))
        return MockResponse(status: 200, headers: ["Content-Type": "text/csv"], body: body)
            .throttled(bytesPerSecond: 12 << 20)
    }

    /// Answers a cover upload with what the multipart form carried.
    private func cover(_ request: RecordedRequest, route: String) -> MockResponse {
        let id = Int(route.dropFirst("books/".count).dropLast("/cover".count)) ?? 0
        guard let cover = request.parts?.first(where: { $0.name == "cover" }) else {
            return json(422, #"{"error": "no_cover_part"}"#)
        }
        return json(
            200,
            #"{"bookID": \#(id), "fileName": "\#(cover.fileName ?? "")", "contentType": "\#(cover.contentType ?? "")", "bytes": \#(cover.size)}"#
        )
    }

    /// Fails with 503 ``statsFailures`` times, then answers: a flaky endpoint for the retry policy.
    private func stats() -> MockResponse {
        let (request, count) = state.withLock { state in
            state.statsRequests += 1
            return (state.statsRequests, state.books.count)
        }
        guard request > Self.statsFailures else {
            return json(503, #"{"error": "warming_up"}"#)
        }
        return json(200, #"{"books": \#(count), "requests": \#(request)}"#)
    }

    private func currentUser(_ request: RecordedRequest) -> MockResponse {
        guard request.headers["Authorization"] == state.withLock({ $0.validToken }) else {
            return json(401, #"{"error": "unauthenticated"}"#)
        }
        return json(200, #"{"id": 1, "username": "reader", "name": "Ada Reader"}"#)
    }

    private func entities(query: String?) -> MockResponse {
        if Self.parameter("page", in: query) == "2" {
            return json(200, #"{"page": [{"id": 3, "name": "Gamma"}, {"id": 4}]}"#)
        }
        return json(200, #"{"page": [{"id": 1, "name": "Alpha"}, {"id": 2, "name": "Beta"}]}"#)
    }

    private func startReport() -> MockResponse {
        state.withLock { $0.reportPolls = 0 }
        return MockResponse(
            status: 202, headers: ["Location": "/api/v1/reports/1", "Content-Type": "application/json"],
            body: Data(#"{"status": "queued"}"#.utf8))
    }

    private func pollReport() -> MockResponse {
        let polls = state.withLock { state in
            state.reportPolls += 1
            return state.reportPolls
        }
        guard polls >= 2 else {
            return MockResponse(
                status: 202, headers: ["Location": "/api/v1/reports/1", "Content-Type": "application/json"],
                body: Data(#"{"status": "running"}"#.utf8))
        }
        let total = state.withLock { $0.books.count } * 1_250
        return json(200, #"{"id": 1, "status": "ready", "total_sales": \#(total)}"#)
    }

    /// The reading shelf: cacheable for a minute, with an ETag that a `no-cache` request revalidates (304).
    private func shelf(_ request: RecordedRequest) -> MockResponse {
        let etag = #""shelf-v1""#
        state.withLock { $0.shelfRequests += 1 }
        if request.headers["If-None-Match"] == etag {
            return MockResponse(status: 304, headers: ["ETag": etag, "Cache-Control": "max-age=60"])
        }
        var response = encoded(200, state.withLock { Array($0.books.prefix(3)) })
        response.headers["Cache-Control"] = "max-age=60"
        response.headers["ETag"] = etag
        return response
    }

    /// Sets a `theme` cookie on the first call, and says which theme the next calls sent back.
    private func preferences(_ request: RecordedRequest) -> MockResponse {
        guard let cookie = request.headers["Cookie"], cookie.contains("theme=") else {
            var response = json(200, #"{"theme": null}"#)
            response.headers["Set-Cookie"] = "theme=dark; Path=/api/v1; HttpOnly; SameSite=Lax"
            return response
        }
        let theme =
            cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("theme=") }.map { String($0.dropFirst(6)) } ?? ""
        return json(200, #"{"theme": "\#(theme)"}"#)
    }

    /// How many requests `GET shelf` reached (the demo shows that a cache hit is not one).
    var shelfRequestCount: Int {
        state.withLock { $0.shelfRequests }
    }

    /// Every book inside an envelope: `{"data": [...], "meta": {"total": n}}`.
    private func catalog() -> MockResponse {
        let books = state.withLock { $0.books }
        return encoded(200, CatalogBody(data: books, meta: .init(total: books.count)))
    }

    private func json(_ status: Int, _ text: String) -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    private func encoded(_ status: Int, _ value: some Encodable) -> MockResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return MockResponse(
            status: status, headers: ["Content-Type": "application/json"], body: (try? encoder.encode(value)) ?? Data())
    }

    private static func parameter(_ name: String, in query: String?) -> String? {
        URLComponents(string: "/?" + (query ?? ""))?.queryItems?.first { $0.name == name }?.value
    }

    private struct CatalogBody: Encodable {
        struct Meta: Encodable {
            var total: Int
        }

        var data: [Book]
        var meta: Meta
    }

    private struct PageBody: Encodable {
        struct Page: Encodable {
            var current: Int
            var total: Int
        }

        var books: [Book]
        var page: Page
    }

    private struct NewBookBody: Decodable {
        var title: String
        var author: String
        var year: Int
        var genre: String
    }

    private static let seed: [Book] = [
        Book(id: 1, title: "Dune", author: "Frank Herbert", year: 1965, genre: "Science fiction"),
        Book(
            id: 2, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", year: 1969, genre: "Science fiction"
        ),
        Book(id: 3, title: "Ficciones", author: "Jorge Luis Borges", year: 1944, genre: "Short stories"),
        Book(id: 4, title: "Rayuela", author: "Julio Cortázar", year: 1963, genre: "Novel"),
        Book(id: 5, title: "Pride and Prejudice", author: "Jane Austen", year: 1813, genre: "Novel"),
        Book(id: 6, title: "The Name of the Rose", author: "Umberto Eco", year: 1980, genre: "Mystery"),
    ]
}
