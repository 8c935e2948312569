import Foundation
import Networking
import NetworkingTestKit

extension Tour {
    func books() async {
        console.section(1, "Books — decoding, query parameters and JSON bodies")
        let repository = BooksRepository(configuration: configuration)
        let page = await step(
            "GET books?page=1",
            check: { result in
                guard case .success(let page) = result else { return (false, "\(result)") }
                return (
                    page.books.count == 4, "\(page.books.count) books, page \(page.page.current) of \(page.page.total)"
                )
            },
            call: { await repository.fetchBooksPage(1) }
        )
        if case .success(let page) = page {
            console.table(
                ["#", "Title", "Author", "Year"],
                page.books.map { [String($0.id), $0.title, $0.author, String($0.year)] })
        }
        await step(
            "GET books/3",
            check: { result in
                guard case .success(let book) = result else { return (false, "\(result)") }
                return (book.title == "Ficciones", "\"\(book.title)\" by \(book.author)")
            },
            call: { await repository.fetchBook(id: 3) }
        )
        await loopStep()
        let new = NewBook(title: "Kindred", author: "Octavia E. Butler", year: 1979, genre: "Science fiction")
        await step(
            "POST books (typed JSON body)",
            check: { result in
                guard case .success(let book) = result else { return (false, "\(result)") }
                return (book.title == new.title && book.id == 7, "created #\(book.id) \"\(book.title)\"")
            },
            call: { await repository.addBook(new) }
        )
        await step(
            "GET books/99",
            check: { result in
                guard case .failure(.requestError(let response)) = result else { return (false, "\(result)") }
                return (response.statusCode == 404, "requestError: HTTP \(response.statusCode), as expected")
            },
            call: { await repository.fetchBook(id: 99) }
        )
    }

    func users() async {
        console.section(2, "Session — login, token, and the logger redacting it")
        let repository = UserRepository(configuration: configuration, sessionManager: session)
        await step(
            "GET users/me before login",
            check: { result in
                guard case .failure(.unauthenticatedSession(nil)) = result else { return (false, "\(result)") }
                return (true, "unauthenticatedSession, nothing sent")
            },
            call: { await repository.fetchCurrentUser() }
        )
        let login = await step(
            "POST users/login (authentication)",
            check: { result in
                guard case .success(let response) = result else { return (false, "\(result)") }
                return (response.user.username == BooksAPI.username, "token received for \(response.user.name)")
            },
            call: { await repository.login(username: BooksAPI.username, password: BooksAPI.password) }
        )
        if case .success(let response) = login {
            await session.login(token: response.token)
        }
        let logger = NetworkActivityLogger.shared
        let previousLevel = logger.level
        if adjustsLogger {
            logger.level = .debug
        }
        await step(
            "GET users/me with the token",
            check: { result in
                guard case .success(let user) = result else { return (false, "\(result)") }
                return (user.id == 1, "signed in as \(user.username); Authorization logged as <redacted>")
            },
            call: { await repository.fetchCurrentUser() }
        )
        if adjustsLogger {
            logger.level = previousLevel
        }
    }

    func entities() async {
        console.section(3, "Errors — custom errors and manual decoding")
        let repository = EntityRepository(configuration: configuration)
        await step(
            "GET entities/failing",
            check: { result in
                guard case .failure(.customError(let name, let error)) = result else { return (false, "\(result)") }
                return (
                    error is EntityError && name == "entity_locked", "customError \(name), mapped from HTTP 423 body"
                )
            },
            call: { await repository.fetchCustomFailingEntity() }
        )
        await step(
            "GET entities?page=1 (manual)",
            check: { result in
                guard case .success(let entities) = result else { return (false, "\(result)") }
                return (entities.count == 2, entities.map(\.name).joined(separator: ", "))
            },
            call: { await repository.fetchEntities(page: 1) }
        )
        let before = decodeFailures.withLock { $0.count }
        await step(
            "GET entities?page=2 (missing key)",
            check: { result in
                guard case .failure(.decodeError(.missingKey(let key))) = result else { return (false, "\(result)") }
                return (key == "page[1].name", "decodeError: missing key \(key)")
            },
            call: { await repository.fetchEntities(page: 2) }
        )
        let reported = decodeFailures.withLock { Array($0.dropFirst(before)) }
        record(
            "decode-error hook", passed: reported.count == 1,
            summary: reported.first.map { "reported once: \($0.error) at \($0.url.path())" } ?? "not called")
    }

    func reports() async {
        console.section(4, "Polling — 202 Accepted, Location, then the result")
        let repository = ReportRepository(configuration: configuration)
        let before = servers.api.requestCount
        await step(
            "POST reports → poll Location",
            check: { result in
                guard case .success(let report) = result else { return (false, "\(result)") }
                let requests = servers.api.requestCount - before
                return (report.status == "ready" && requests == 3, "ready after \(requests) requests (202, 202, 200)")
            },
            call: { await repository.generateSalesReport(year: 2026) }
        )
    }

    func impostor() async {
        console.section(11, "Pinning — the same repositories against an impostor")
        var configuration = configuration
        configuration.port = servers.impostor.port
        let repository = UserRepository(configuration: configuration, sessionManager: session)
        await step(
            "GET users/me on the impostor",
            check: { result in
                guard case .failure(.pinningFailure(let failure)) = result else { return (false, "\(result)") }
                return (true, "pinningFailure: served \(failure.servedPins.first ?? "nothing")")
            },
            call: { await repository.fetchCurrentUser() }
        )
        let live = LiveRepository(configuration: configuration, sessionManager: session)
        await step(
            "open the live feed on the impostor",
            check: { result in
                guard case .failure(.pinningFailure) = result else { return (false, "\(result)") }
                return (true, "pinningFailure: no byte of the upgrade sent")
            },
            call: { await live.openFeed() }
        )
        let bytes = servers.impostor.bytesReceived
        record("bytes the impostor received", passed: bytes == 0, summary: "\(bytes) — the token never left")
    }
}
