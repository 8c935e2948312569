import Foundation
import Networking

extension Tour {
    func caching() async {
        console.section(8, "Caching and cookies — a fresh hit without I/O, a 304 revalidation, a cookie sent back")
        var configuration = configuration
        configuration.cache = .memory()
        configuration.cookieStorage = .memory()
        let repository = ShelfRepository(configuration: configuration)
        let books = servers.books

        _ = await repository.fetchShelf()
        let reached = books.shelfRequestCount
        await step(
            "GET shelf again (cache hit)",
            check: { result in
                guard case .success(let response) = result else { return (false, "\(result)") }
                let cache = response.headers["X-Networking-Cache"] ?? "none"
                return (
                    cache == "hit" && books.shelfRequestCount == reached,
                    "X-Networking-Cache: \(cache), the server saw \(books.shelfRequestCount - reached) requests"
                )
            },
            call: { await repository.fetchShelf() }
        )
        await step(
            "GET shelf, no-cache (revalidated)",
            check: { result in
                guard case .success(let response) = result else { return (false, "\(result)") }
                let cache = response.headers["X-Networking-Cache"] ?? "none"
                return (
                    cache == "revalidated" && response.statusCode == 200 && !response.body.isEmpty,
                    "the server answered 304; the caller got \(response.statusCode) with \(response.body.count) B"
                )
            },
            call: { await repository.revalidateShelf() }
        )

        _ = await repository.fetchPreferences()
        await step(
            "GET preferences (cookie sent back)",
            check: { result in
                guard case .success(let preferences) = result, let theme = preferences["theme"] ?? nil else {
                    return (false, "\(result)")
                }
                return (theme == "dark", "Set-Cookie theme=dark stored; the next call sent it: theme \(theme)")
            },
            call: { await repository.fetchPreferences() }
        )
    }
}
