import Foundation
import Testing

@testable import NetworkingStore

@Suite("SQLiteStore: many tasks at once", .timeLimit(.minutes(2)))
struct SQLiteStoreConcurrencyTests {
    @Test("16 tasks saving and fetching at once all succeed and every save is kept", arguments: [true, false])
    func concurrentSavesAndFetches(inFile: Bool) async throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try inFile ? SQLiteStore(at: folder.file("books.sqlite")) : SQLiteStore.inMemory()
        var changes = store.changes(of: Book.self).makeAsyncIterator()
        #expect(await changes.next() == [])

        // When
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for round in 0..<20 {
                        let id = task * 100 + round
                        try store.save([Book(id: id, title: "Task \(task) round \(round)")])
                        #expect(try store.fetch(Book.self, id: id)?.title == "Task \(task) round \(round)")
                        let mine = try store.fetchAll(Book.self, where: .contains("title", "Task \(task) "))
                        #expect(mine.count == round + 1)
                        if round % 5 == 4 {
                            try store.delete(Book.self, id: id)
                            try store.save([Book(id: id, title: "Task \(task) round \(round)")])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        // Then
        #expect(try store.fetchAll(Book.self).count == 320)
        #expect(await changes.next()?.count == 320)
    }
}
