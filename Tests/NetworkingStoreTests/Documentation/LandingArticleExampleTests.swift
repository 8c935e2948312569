import Foundation
import NetworkingStore
import Testing

@Suite("NetworkingStore: the landing article's example", .timeLimit(.minutes(2)))
struct LandingArticleExampleTests {
    /// The article's model, as it shows it.
    struct Book: Persistable {
        let id: Int
        var title: String
        var year: Int
    }

    @Test("the example of NetworkingStore.md runs and gives what it describes")
    func example() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }

        // The article's code, with a temporary file and a stream stopped after its first state
        let store = try SQLiteStore(at: folder.file("books.sqlite"))
        try store.save([Book(id: 1, title: "Dune", year: 1965)])

        let recent = try store.fetchAll(
            Book.self, where: .contains("title", "Dune"), orderBy: "year", ascending: false, limit: 10)

        var titles: [[String]] = []
        for await books in store.changes(of: Book.self) {
            titles.append(books.map(\.title))
            break
        }

        #expect(recent.map(\.title) == ["Dune"])
        #expect(titles == [["Dune"]])
    }
}
