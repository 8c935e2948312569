import Foundation
import Networking
import NetworkingStore
import NetworkingTestKit

extension Tour {
    func storage() async {
        console.section(7, "Offline storage — an envelope decoded, saved to SQLite, read back with the server stopped")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("networking-demo-\(UUID())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A server of its own, so that stopping it leaves the rest of the tour's API running.
        let catalogServer: MockServer
        let store: SQLiteStore
        do {
            catalogServer = try MockServer(tls: DemoCertificate.load())
            store = try SQLiteStore(at: folder.appendingPathComponent("books.sqlite"))
        } catch {
            record("catalogue server and store", passed: false, summary: "\(error)")
            return
        }
        let books = servers.books
        catalogServer.dispatcher = { books.respond(to: $0) }
        var configuration = Self.apiConfiguration(port: catalogServer.port)
        configuration.responseMapping = StoredBooksRepository.mapping()
        let repository = StoredBooksRepository(configuration: configuration, store: store)

        await step(
            "GET catalog (envelope \"data\")",
            check: { result in
                guard case .success(let page) = result else { return (false, "\(result)") }
                let total = page.root["meta"]?["total"]?.intValue ?? -1
                let saved = (try? store.fetchAll(Book.self).count) ?? -1
                return (
                    total == page.result.count && saved == total,
                    "\(page.result.count) books at \"data\", meta.total \(total), \(saved) saved to books.sqlite"
                )
            },
            call: { await repository.fetchCatalog() }
        )
        await step(
            "GET catalog/99 → error model",
            check: { result in
                guard case .failure(.requestError(let response)) = result,
                    let problem = response.errorModel as? APIProblem
                else { return (false, "\(result)") }
                return (problem.error == "book_not_found", "HTTP \(response.statusCode), errorModel \(problem.error)")
            },
            call: { await repository.fetchCatalogBook(id: 99) }
        )

        catalogServer.shutdown()
        let offline = await repository.fetchCatalog()
        let stored = (try? store.fetchAll(Book.self, orderBy: "title")) ?? []
        var serverGone = false
        if case .failure(.noNetworkConnection) = offline {
            serverGone = true
        }
        record(
            "store read, server stopped", passed: serverGone && !stored.isEmpty,
            summary: "the call fails (\(serverGone ? "no connection" : "\(offline)")); the store lists "
                + "\(stored.count): \(stored.prefix(3).map(\.title).joined(separator: ", "))…")
    }
}
